// The records desk over real HTTP, as a browser sends to it: the students list's CSV for every
// desk, a body too large for a note or a WhatsApp message, a next follow-up outside any sensible
// range, and a download address opened with the wrong method. Each answer is a status and plain
// words, never a 500 or "Unexpected Server Error".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { indiaDay } from "../../app/platform/india-time";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { addStaff, postForm, type SiteProcess, signIn, startSite, studentForm } from "./site-process";

const admin = "records.admin@sampige-academy.example";
const counsellor = "records.iot@sampige-academy.example";

describeEachEngine("the records desk's requests", (engine) => {
  let site: SiteProcess;
  let adminCookie = "";
  let counsellorCookie = "";
  let dataDir = "";
  let drop = async () => {};
  let recordId = "";
  const mobile = `9${String(Date.now()).slice(-9)}`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-record-requests-"));
    const created = engine === "postgres" ? await createPostgresDatabase() : undefined;
    if (created) drop = created.drop;
    const options = { dataDir, databaseUrl: created?.url, env: { FORM_RATE_LIMIT: "1000/10m" } };
    await addStaff(options, admin, "admin");
    await addStaff(options, counsellor, "counsellor", "iot");
    site = await startSite(options);
    adminCookie = await signIn(site.origin, admin);
    counsellorCookie = await signIn(site.origin, counsellor);
    const sent = await postForm(
      site.origin,
      "/online/register",
      studentForm({ name: "Revathi Csv", mobile, email: `${mobile}@example.in`, course: "iot" }),
    );
    expect(sent.status).toBe(302);
    const list = await (
      await fetch(`${site.origin}/admin/students?q=${mobile}`, { headers: { cookie: adminCookie } })
    ).text();
    recordId = /href="\/admin\/students\/(\d+)"/.exec(list)?.[1] ?? "";
    expect(recordId).not.toBe("");
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("downloads the filtered list as CSV on the admin's, the counsellor's and the course's desks", async () => {
    for (const [cookie, list] of [
      [adminCookie, "/admin/students"],
      [counsellorCookie, "/counsellor/students"],
      [counsellorCookie, "/onlineuser/iot/students"],
    ] as const) {
      const response = await fetch(`${site.origin}${list}/csv?q=${mobile}`, { headers: { cookie } });
      expect(response.status, list).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // Named for the day in India (a file taken at 2 am in Chennai is not dated the day before).
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="students-${indiaDay()}.csv"`);
      const lines = (await response.text()).trim().split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain("Revathi Csv");
      // The list's earlier CSV address leads to the same file.
      const old = await fetch(`${site.origin}${list}?q=${mobile}&format=csv`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(old.status).toBe(302);
      expect(old.headers.get("location")).toBe(`${list}/csv?q=${mobile}`);
    }
    const refused = await fetch(`${site.origin}/admin/students/csv`, { headers: { cookie: counsellorCookie } });
    expect(refused.status).toBe(403);
  });

  it("answers a 1 MB note and a 1 MB WhatsApp message with 413 and what is too large", async () => {
    const note = await postForm(
      site.origin,
      `/admin/students/${recordId}`,
      { intent: "note", version: "1", note: "x".repeat(1024 * 1024 + 10) },
      { cookie: adminCookie },
    );
    expect(note.status).toBe(413);
    expect(await note.text()).toContain(
      "That was too large to save (over 1 MB): a note can be at most 2,000 characters.",
    );
    const template = await postForm(
      site.origin,
      "/admin/whatsapp",
      { name: "Fees", text: "y".repeat(1024 * 1024 + 10) },
      { cookie: adminCookie },
    );
    expect(template.status).toBe(413);
    expect(await template.text()).toContain("a message can be at most 1,000 characters");
  });

  it("refuses a next follow-up in 1900 or years ahead with the range, and keeps the one saved before", async () => {
    for (const when of ["1900-01-01T10:00", "2299-01-01T10:00"]) {
      const response = await postForm(
        site.origin,
        `/admin/students/${recordId}`,
        { intent: "follow-up", version: "1", nextFollowUpAt: when },
        { cookie: adminCookie },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(
        /Please pick a follow-up between \d{1,2} \w{3} \d{4} and \d{1,2} \w{3} \d{4}\./,
      );
    }
    const record = await (
      await fetch(`${site.origin}/admin/students/${recordId}`, { headers: { cookie: adminCookie } })
    ).text();
    expect(record).not.toContain("1900");
  });

  it("answers a student's data download opened with GET with 405 and plain words", async () => {
    const response = await fetch(`${site.origin}/admin/students/${recordId}/data`, {
      headers: { cookie: adminCookie },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    const text = await response.text();
    expect(text).toContain("cannot be opened directly");
    expect(text).not.toContain("Unexpected Server Error");
  });
});

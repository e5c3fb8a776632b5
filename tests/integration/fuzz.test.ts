// Random and hostile posts to the public forms and every staff action, through real HTTP to one
// running server: no answer is a 5xx, the site still serves every page after, and everything
// stored passes the same validation the forms use. 1,000 posts in `npm test`, with a new seed
// each run; 10,000 in `npm run test:long` (FUZZ_RUNS sets another number).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  courseValues,
  districtsFor,
  majorValues,
  stateValues,
  streamValues,
} from "../../app/admissions/submissions/options";
import { validateSubmission } from "../../app/admissions/submissions/submission-schema";
import { openDatabase } from "../../app/platform/database.server";
import { courseIds } from "../../app/site/content/types";
import { getPartners, getReviews } from "../../app/site/content.server";
import { listPlacedStudents } from "../../app/site/placed-students.server";
import { publicPaths } from "../../app/site/public-pages";
import { staffRoles } from "../../app/staff/staff-roles";
import { enquiries, registrations, staffCourses, submissionStatuses, user } from "../../db/schema";
import { describeEachEngine } from "./databases";
import { addStaff, inParallel, type SiteProcess, signIn, startSite } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const runs = Number(process.env.FUZZ_RUNS ?? 1_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const admin = "fuzz.admin@sampige-academy.example";
const coordinator = "fuzz.iot@sampige-academy.example";
const protectedEmails = new Set([admin, coordinator]);

type Who = "public" | "admin" | "coordinator";
type Entries = [string, string][];
interface Target {
  path: string;
  who: Who;
  /** A valid post to this action, as the page's form sends it. */
  valid: Entries;
  /** The choices a field offers (selects, intents), used as well as random values. */
  options?: Record<string, readonly string[]>;
}

const allDistricts = stateValues.flatMap((state) => districtsFor(state));
const student: Entries = [
  ["name", "Kavya Shetty"],
  ["email", "kavya.shetty@example.com"],
  ["mobile", "98450 12345"],
  ["stream", "B.E"],
  ["major", "ECE"],
  ["state", "karnataka"],
  ["district", "Udupi"],
  ["under18", ""],
  ["guardianName", "Ravi Shetty"],
  ["guardianMobile", "94480 12345"],
  ["guardianConsent", "yes"],
  ["consent", "yes"],
];
const studentOptions = {
  stream: streamValues,
  major: majorValues,
  state: stateValues,
  district: allDistricts,
  course: [...courseValues, "Python Fullstack", "IOT", "fullstack"],
  under18: ["yes", "on", ""],
  consent: ["yes", "on", "no", ""],
  guardianConsent: ["yes", "on", ""],
};
const followUp: Entries = [
  ["id", "1"],
  ["status", "contacted"],
  ["notes", "Called back, will visit on Monday."],
];
const followUpOptions = { status: submissionStatuses, id: ["1", "2", "3", "0", "-1", "2147483648", "1.5", "1e3"] };
const courseEditor: Entries = [
  ["intent", "start-date"],
  ["startDate", "7 April 2027"],
  ["title", "A course title"],
  ["summary", "A short description of the course."],
  ["description", "A longer description of what the course teaches."],
  ["duration", "3 months"],
  ["syllabus", "Module one\n- First topic\n- Second topic"],
];
const courseEditorOptions = { intent: ["start-date", "content", "restore", "delete", ""] };

const targets: Target[] = [
  {
    path: "/contact",
    who: "public",
    valid: [...student, ["course", ""], ["question", "Is there a weekend batch?\r\nI work on weekdays."]],
    options: studentOptions,
  },
  {
    path: "/online/register",
    who: "public",
    valid: [...student, ["course", "iot"]],
    options: studentOptions,
  },
  { path: "/privacy/withdraw", who: "public", valid: [["ref", "00000000-0000-0000-0000-000000000000"]] },
  {
    path: "/login",
    who: "public",
    valid: [
      ["email", "fuzz.stranger@sampige-academy.example"],
      ["password", "not the password of anyone"],
    ],
    options: { email: [admin, coordinator, "", "a@b"] },
  },
  { path: "/admin/contactform", who: "admin", valid: followUp, options: followUpOptions },
  { path: "/admin/registers", who: "admin", valid: followUp, options: followUpOptions },
  { path: "/admin/registers/iot", who: "admin", valid: followUp, options: followUpOptions },
  ...courseIds.map((id) => ({
    path: `/admin/courses/${id}`,
    who: "admin" as const,
    valid: courseEditor,
    options: courseEditorOptions,
  })),
  {
    path: "/admin/placements",
    who: "admin",
    valid: [
      ["intent", "add"],
      ["id", "1"],
      ["name", "Arjun K"],
      ["company", "Bosch"],
      ["package", "6 LPA"],
      ["jobRole", "Firmware engineer"],
    ],
    options: { intent: ["add", "update", "remove", ""], id: followUpOptions.id },
  },
  {
    path: "/admin/reviews",
    who: "admin",
    valid: [
      ["name", "Meera"],
      ["course", "iot"],
      ["text", "The hands-on sessions with real boards helped me a lot."],
      ["name", "Rahul"],
      ["course", "embedded"],
      ["text", "Clear teaching and patient mentors throughout the course."],
    ],
    options: { course: [...courseIds, ""], remove: ["0", "1", "2", "-1"] },
  },
  {
    path: "/admin/partners",
    who: "admin",
    valid: [
      ["intent", "add"],
      ["name", "Acme Controls"],
    ],
    options: { intent: ["add", "remove", ""] },
  },
  {
    path: "/admin/notifications",
    who: "admin",
    valid: [
      ["intent", "retry"],
      ["id", "1"],
    ],
    options: { intent: ["retry", ""], id: followUpOptions.id },
  },
  {
    path: "/admin/privacy",
    who: "admin",
    valid: [
      ["intent", "delete"],
      ["q", "asked.to.be.erased@example.com"],
      ["confirm", "yes"],
    ],
    options: { intent: ["delete", "purge", ""], q: ["someone.else@example.com", "9000000000", "%", "_", ""] },
  },
  {
    path: "/admin/staff",
    who: "admin",
    valid: [
      ["intent", "create"],
      ["email", "new.counsellor@sampige-academy.example"],
      ["role", "counsellor"],
      ["courses", "iot"],
      ["name", "New Counsellor"],
      ["password", "a long enough pass phrase for staff"],
    ],
    options: {
      intent: ["create", "set-role", "reset-password", "remove", ""],
      role: [...staffRoles, "root", ""],
      courses: ["all", "embedded", "ai", "cooking", ""],
    },
  },
  { path: "/onlineuser/iot?index", who: "coordinator", valid: followUp, options: followUpOptions },
  { path: "/onlineuser/iot/course", who: "coordinator", valid: courseEditor, options: courseEditorOptions },
  // A coordinator on another course's or the admin's actions, an admin on a coordinator's.
  { path: "/onlineuser/embedded?index", who: "coordinator", valid: followUp, options: followUpOptions },
  { path: "/admin/staff", who: "coordinator", valid: [["intent", "remove"]] },
  { path: "/onlineuser/iot?index", who: "admin", valid: followUp, options: followUpOptions },
];

const hostile = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE enquiries; --",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "\u0000",
  "%00",
  "../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as typed
  "${7*7}{{7*7}}",
  "\uD800",
  "\uFEFF\u202E\u200D",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999",
  " ",
  "\r\n\r\n",
  "[object Object]",
  "🎓👩🏽‍🎓",
  '=HYPERLINK("http://x")',
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)) }) },
  { weight: 4, arbitrary: hostile },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
  { weight: 1, arbitrary: fc.emailAddress() },
  // Long values, now and then over the 1 MB a form may have.
  {
    weight: Number(process.env.FUZZ_HUGE ?? 1),
    arbitrary: fc.integer({ min: 200, max: 1_100_000 }).map((n) => "é".repeat(Math.floor(n / 2))),
  },
);

function mutatedEntries(target: Target): fc.Arbitrary<Entries> {
  const perEntry = target.valid.map(([name, value]) => {
    const options = target.options?.[name];
    return fc.oneof(
      { weight: 10, arbitrary: fc.constant<Entries>([[name, value]]) },
      { weight: 2, arbitrary: fc.constant<Entries>([]) },
      { weight: 3, arbitrary: anyValue.map<Entries>((v) => [[name, v]]) },
      {
        weight: options ? 4 : 0,
        arbitrary: fc.constantFrom(...(options ?? [""])).map<Entries>((v) => [[name, v]]),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(anyValue, anyValue).map<Entries>(([a, b]) => [
          [name, a],
          [name, b],
        ]),
      },
    );
  });
  const extra = fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), hostile), anyValue), { maxLength: 3 });
  const token = fc.oneof(
    { weight: 8, arbitrary: fc.uuid().map<Entries>((t) => [["token", t]]) },
    { weight: 1, arbitrary: anyValue.map<Entries>((t) => [["token", t]]) },
    { weight: 1, arbitrary: fc.constant<Entries>([]) },
  );
  const honeypot = fc.oneof(
    { weight: 9, arbitrary: fc.constant<Entries>([]) },
    { weight: 1, arbitrary: anyValue.map<Entries>((v) => [["website", v]]) },
  );
  const mutated = fc
    .tuple(fc.tuple(...perEntry), extra, token, honeypot)
    .map(([fields, more, t, h]) => [...fields.flat(), ...more, ...t, ...h]);
  // A quarter are the valid post with a fresh token: they reach the database.
  return fc.oneof(
    { weight: 1, arbitrary: fc.uuid().map<Entries>((t) => [...target.valid, ["token", t]]) },
    { weight: 3, arbitrary: mutated },
  );
}

type Encoding =
  | "urlencoded"
  | "multipart"
  | "broken-multipart"
  | "broken-urlencoded"
  | "json"
  | "text"
  | "none"
  | "wrong-charset";
const encoding = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Encoding>("urlencoded") },
  { weight: 3, arbitrary: fc.constant<Encoding>("multipart") },
  ...(["broken-multipart", "broken-urlencoded", "json", "text", "none", "wrong-charset"] as const).map((e) => ({
    weight: 1,
    arbitrary: fc.constant<Encoding>(e),
  })),
);
const upload = fc.option(
  fc.record({
    field: fc.constantFrom("image", "photo", "logo", "name"),
    filename: fc.oneof(fc.constantFrom("photo.png", "../../x.jpg", "a.svg", ""), fc.string({ maxLength: 20 })),
    type: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "application/octet-stream"),
    bytes: fc.uint8Array({ maxLength: 4096 }),
  }),
  { freq: 6 },
);

const payload = fc.record({
  target: fc.constantFrom(...targets),
  encoding,
  upload,
  sender: fc.constantFrom("own", "own", "own", "own", "own", "own", "own", "none", "other"),
  seedIndex: fc.nat(),
});

interface Sent {
  path: string;
  who: Who;
  encoding: Encoding;
  status: number;
  problem: string;
  bytes: number;
  fields: string;
}

function encodeBody(entries: Entries, how: Encoding, file: Upload | undefined) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  switch (how) {
    case "urlencoded":
      return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(entries).toString() };
    case "wrong-charset":
      return {
        type: "application/x-www-form-urlencoded; charset=utf-16",
        body: new URLSearchParams(entries).toString(),
      };
    case "broken-urlencoded":
      return {
        type: "application/x-www-form-urlencoded",
        body: `${entries.map(([k, v]) => `${k}=${v}`).join("&")}&%E0%A4%A&%%%&=&&==&\u0000`,
      };
    case "json":
      return { type: "application/json", body: JSON.stringify(Object.fromEntries(entries)) };
    case "text":
      return { type: "text/plain", body: entries.map(([k, v]) => `${k}=${v}`).join("\n") };
    case "none":
      return { type: undefined, body: new URLSearchParams(entries).toString() };
    case "multipart":
    case "broken-multipart": {
      const parts: Buffer[] = entries.map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      );
      if (file) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
          Buffer.from(file.bytes),
          Buffer.from("\r\n"),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const body = Buffer.concat(parts);
      if (how === "multipart") return { type: `multipart/form-data; boundary=${boundary}`, body };
      // A boundary that does not match, or a body cut off in the middle of a part.
      return Math.random() < 0.5
        ? { type: "multipart/form-data; boundary=not-the-boundary", body }
        : { type: `multipart/form-data; boundary=${boundary}`, body: body.subarray(0, Math.floor(body.length / 2)) };
    }
  }
}

interface Upload {
  field: string;
  filename: string;
  type: string;
  bytes: Uint8Array;
}

describeEachEngine("fuzzed posts", () => {
  let site: SiteProcess;
  let dataDir = "";
  const cookies: Record<Who, string> = { public: "", admin: "", coordinator: "" };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-fuzz-"));
    await copyPgliteTemplate(dataDir);
    await addStaff({ dataDir }, admin, "admin");
    await addStaff({ dataDir }, coordinator, "counsellor", "iot");
    site = await startSite({ dataDir, env: { FORM_RATE_LIMIT: "1000000/10m" } });
    cookies.admin = await signIn(site.origin, admin);
    cookies.coordinator = await signIn(site.origin, coordinator);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${runs} random and hostile posts without a 5xx, and stores nothing invalid`, async () => {
    // Each sample is one post; the entries are drawn for the chosen target with the same seed.
    const samples = fc.sample(payload, { numRuns: runs, seed });
    const statuses = new Map<number, number>();
    const failures: Sent[] = [];
    await inParallel(samples, 12, async (sample) => {
      const [entries] = fc.sample(mutatedEntries(sample.target), { numRuns: 1, seed: sample.seedIndex });
      const fields = (entries ?? []).map(([name, value]): [string, string] => [
        name,
        name === "email" && protectedEmails.has(value.trim().toLowerCase()) ? "someone.else@example.com" : value,
      ]);
      const { type, body } = encodeBody(fields, sample.encoding, sample.upload ?? undefined);
      const headers: Record<string, string> = {};
      if (type) headers["Content-Type"] = type;
      if (sample.sender === "own") headers.Origin = site.origin;
      if (sample.sender === "other") headers.Origin = "https://elsewhere.example";
      if (cookies[sample.target.who]) headers.Cookie = cookies[sample.target.who];
      let status: number;
      let problem = "";
      try {
        const response = await fetch(`${site.origin}${sample.target.path}`, {
          method: "POST",
          redirect: "manual",
          headers,
          body: typeof body === "string" ? body : new Uint8Array(body),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = 0;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        problem = `${cause?.code ?? ""} ${cause?.message ?? String(error)}`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500 || status === 0) {
        failures.push({
          path: sample.target.path,
          who: sample.target.who,
          encoding: sample.encoding,
          status,
          problem,
          bytes: body.length,
          fields: JSON.stringify(fields.map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}... (${v.length})` : v])),
        });
      }
    });
    const summary = `seed ${seed} (FUZZ_SEED to repeat); statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
    if (failures.length > 0) {
      const log = path.join(os.tmpdir(), `fuzz-server-${seed}.log`);
      fs.writeFileSync(log, site.output());
      console.error(`${summary}\nThe server's output is in ${log}`);
    }
    expect(failures.slice(0, 10), summary).toEqual([]);
    expect(site.child.exitCode, "the server is still running").toBeNull();

    // The site still serves every public page and the staff desk.
    for (const page of publicPaths) {
      expect((await fetch(`${site.origin}${page}`)).status, page).toBe(200);
    }
    for (const page of ["/admin", "/admin/contactform", "/admin/registers", "/admin/reviews", "/admin/staff"]) {
      const response = await fetch(`${site.origin}${page}`, { headers: { Cookie: cookies.admin } });
      expect(response.status, page).toBe(200);
    }
    const desk = await fetch(`${site.origin}/onlineuser/iot`, { headers: { Cookie: cookies.coordinator } });
    expect(desk.status).toBe(200);

    expect(await site.stop()).toMatchObject({ code: 0 });
    const database = await openDatabase({ dataDir, purpose: "test" });
    try {
      const stored = [
        ...(await database.db.select().from(enquiries)).map((row) => ({ kind: "enquiry" as const, row })),
        ...(await database.db.select().from(registrations)).map((row) => ({ kind: "registration" as const, row })),
      ];
      expect(stored.length, "some valid posts were stored").toBeGreaterThan(runs / 500);
      for (const { kind, row } of stored) {
        const input: Record<string, unknown> = {
          ...row,
          under18: row.under18 ? "yes" : "",
          guardianConsent: row.guardianConsent ? "yes" : "",
          consent: "yes",
        };
        const again = validateSubmission(kind, input);
        expect(again.ok, `${kind} ${row.id} passes validation`).toBe(true);
        if (!again.ok) continue;
        // Stored exactly as validation normalises it.
        for (const [field, value] of Object.entries(again.data)) {
          if (field === "consent") continue; // kept as the row's consentedAt
          // An optional choice left empty (an enquiry's course, a registration's batch) is stored as null.
          // The batch a student picked is its id (the row's batch column keeps how it read).
          const stored = (row as Record<string, unknown>)[field === "batch" ? "batchId" : field];
          expect(stored ?? undefined, `${kind} ${row.id} ${field}`).toEqual(value ?? undefined);
        }
        expect(row.notes.length).toBeLessThanOrEqual(2000);
      }
      const staff = await database.db.select().from(user);
      const courseRows = await database.db.select().from(staffCourses);
      for (const account of staff) {
        expect(staffRoles as readonly string[], account.email).toContain(account.role);
        expect(account.email).toBe(account.email.trim().toLowerCase());
        // A counsellor has at least one course; an admin none.
        const courses = courseRows.filter((row) => row.userId === account.id);
        if (account.role === "counsellor") expect(courses.length, account.email).toBeGreaterThan(0);
        else expect(courses, account.email).toEqual([]);
      }
      expect(staff.map((account) => account.email)).toEqual(expect.arrayContaining([admin, coordinator]));
      // Content the desk edits still reads back.
      await expect(getReviews(database.db)).resolves.not.toHaveLength(0);
      await getPartners(database.db);
      await listPlacedStudents(database.db);
    } finally {
      await database.close();
    }
  }, 600_000);
}, ["pglite"]);

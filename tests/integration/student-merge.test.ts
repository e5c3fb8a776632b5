// Two records of one student, on both engines: the desk points out likely duplicates without
// merging them; an admin merges after comparing (forms and both timelines kept, audited, old
// links lead to the kept record); erasure and the retention purge still remove everything;
// a student's own data downloads as one file; records are reassigned one or many at a time.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { handleReassignForm } from "../../app/admissions/assignment/reassignment.server";
import { handleMergeForm, loadMergePage } from "../../app/admissions/merge/merge-desk.server";
import {
  likelyDuplicates,
  mergePlan,
  mergeStudentRecords,
  mobileSlip,
  nearMobiles,
} from "../../app/admissions/merge/student-merge.server";
import { handleRecordForm } from "../../app/admissions/records/record-forms.server";
import { loadRecordList } from "../../app/admissions/records/record-list.server";
import { loadRecordPage } from "../../app/admissions/records/record-page.server";
import { everyRecord, type RecordScope, recordScopeOf } from "../../app/admissions/records/record-scope.server";
import type { BranchSource, StudentBranch } from "../../app/admissions/records/student-branches";
import { getStudentRecord } from "../../app/admissions/records/student-records.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import {
  checkTemplates,
  fillTemplate,
  unknownPlaceholders,
  whatsappChatHref,
} from "../../app/admissions/whatsapp/whatsapp-templates";
import { loadWhatsappTemplates, saveWhatsappTemplates } from "../../app/admissions/whatsapp/whatsapp-templates.server";
import { eraseEntries, purgeExpired } from "../../app/privacy/data-protection.server";
import { findStudentEntries } from "../../app/privacy/student-data.server";
import { studentDataDownload } from "../../app/privacy/student-export.server";
import type { StaffUser } from "../../app/staff/permissions.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import {
  auditLog,
  enquiries,
  registrations,
  siteSettings,
  studentMerges,
  students,
  studentTimeline,
} from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";
let tokens = 0;
const token = () => `merge-${Date.now()}-${++tokens}`;

function form(fields: Record<string, string | string[]>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return body;
}

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

describe("near-identical mobiles", () => {
  it("are one digit different or two neighbouring digits swapped, and nothing else", () => {
    const near = nearMobiles("9845012345");
    expect(near).toContain("9845012346");
    expect(near).toContain("9845013245");
    expect(near).not.toContain("9845012345");
    expect(near).not.toContain("9845012354".replace("54", "99"));
    expect(new Set(near).size).toBe(near.length);
    expect(nearMobiles("12345")).toEqual([]);
    expect(mobileSlip("9845012345", "9845012346")).toBe("one digit different");
    expect(mobileSlip("9845012345", "9845021345")).toBe("two digits swapped");
    expect(mobileSlip("9845012345", "9845012345")).toBeUndefined();
    expect(mobileSlip("9845012345", "9845012399")).toBeUndefined();
    expect(mobileSlip("9845012345", "9485012354")).toBeUndefined();
  });
});

describe("the branch a merge keeps", () => {
  const record = {
    id: 1,
    name: "Priya Raman",
    email: "",
    mobile: "9845012345",
    mobiles: ["9845012345"],
    emails: [],
    state: "karnataka",
    district: "Bengaluru Urban",
    courses: ["iot" as const],
    stage: "new" as const,
    lostReason: null,
    lostNote: "",
    ownerId: null,
    nextFollowUpAt: null,
    version: 1,
    createdAt: new Date("2026-11-01T10:00:00Z"),
    batchId: null,
  };
  type Known = { branch: StudentBranch | null; branchSource: BranchSource | null };
  const kept = (kept: Known, merged: Known) => {
    const plan = mergePlan({ ...record, ...kept }, { ...record, id: 2, ...merged });
    return [plan.branch, plan.branchSource];
  };

  it("is the kept record's, unless it is not known, or only guessed where the other's is known better", () => {
    expect(kept({ branch: "chennai", branchSource: "desk" }, { branch: "bangalore", branchSource: "batch" })).toEqual([
      "chennai",
      "desk",
    ]);
    expect(kept({ branch: "chennai", branchSource: "state" }, { branch: "bangalore", branchSource: "list" })).toEqual([
      "bangalore",
      "list",
    ]);
    expect(kept({ branch: "chennai", branchSource: "state" }, { branch: "bangalore", branchSource: "state" })).toEqual([
      "chennai",
      "state",
    ]);
    expect(kept({ branch: "chennai", branchSource: "state" }, { branch: null, branchSource: null })).toEqual([
      "chennai",
      "state",
    ]);
    expect(kept({ branch: null, branchSource: null }, { branch: "online", branchSource: "state" })).toEqual([
      "online",
      "state",
    ]);
    expect(kept({ branch: null, branchSource: null }, { branch: null, branchSource: null })).toEqual([null, null]);
  });
});

describe("WhatsApp templates", () => {
  it("fill in the student's details and encode them for the chat link", () => {
    const text = fillTemplate("Hello {firstName} ({name}), {course} at {institute}. {counsellor} #1 & more", {
      name: "  Priya <b>R&D</b> Raman ",
      course: "IoT",
      institute: "Sampige",
      counsellor: "Asha",
    });
    expect(text).toBe("Hello Priya (Priya <b>R&D</b> Raman), IoT at Sampige. Asha #1 & more");
    const href = whatsappChatHref("919845012345", `${text}\nनमस्ते`);
    expect(href.startsWith("https://wa.me/919845012345?text=")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toBe(`${text}\nनमस्ते`);
    expect(href.split("?text=")[1]).not.toMatch(/[<> #\n]|&(?!$)/);
  });

  it("are checked: a name and a text, known placeholders only, distinct names; empty rows are dropped", () => {
    expect(unknownPlaceholders("Hi {name} {nmae} {course}")).toEqual(["{nmae}"]);
    const checked = checkTemplates([
      { name: "Intro", text: "Hi {nmae}" },
      { name: "", text: "" },
      { name: "", text: "No name" },
      { name: "intro", text: "Again" },
      { name: "Fees", text: "Fees for {course}" },
    ]);
    expect(checked.problems[0]?.text).toMatch(/\{nmae\} is not a placeholder/);
    expect(checked.problems[1]).toBeUndefined();
    expect(checked.problems[2]?.name).toMatch(/give the message a name/);
    expect(checked.problems[3]?.name).toMatch(/Another message has this name/);
    expect(checked.templates).toEqual([{ name: "Fees", text: "Fees for {course}" }]);
  });
});

describeEachEngine("two records of one student", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let admin: StaffUser;
  let iot: StaffUser;
  let asha: StaffUser;
  const iotScope: RecordScope = { all: false, courses: ["iot"] };

  /** An admin, or a counsellor of IoT. */
  async function staffUser(email: string, name: string, role: "admin" | "iot"): Promise<StaffUser> {
    const access = role === "admin" ? { role } : { role: "counsellor" as const, courses: ["iot" as const] };
    const created = await createStaff(test.current.database, { email, name, ...access, password }, "tests");
    if (!created.ok) throw new Error(created.error);
    return { id: created.user.id, email, name, ...access, sessionId: "test" };
  }

  beforeEach(async () => {
    await test.current.truncate();
    admin = await staffUser("head@sampige.example", "Head Admin", "admin");
    iot = await staffUser("iot.desk@sampige.example", "Ravi IoT", "iot");
    asha = await staffUser("asha@sampige.example", "Asha Counsellor", "iot");
  });

  async function newStudent(
    overrides: Parameters<typeof student>[0] = {},
    kind: "registration" | "enquiry" = "registration",
  ) {
    const input = student(overrides);
    if (kind === "enquiry") {
      const { course: _course, ...enquiry } = input;
      return (await createSubmission(db(), "enquiry", enquiry, { submissionToken: token() })).studentId as number;
    }
    return (await createSubmission(db(), "registration", input, { submissionToken: token() })).studentId as number;
  }

  it("points out the same name in the same district and a mobile one slip away, in scope, without merging", async () => {
    const first = await newStudent({
      name: "Priya Raman",
      mobile: "9845012345",
      email: "p1@example.in",
      course: "iot",
    });
    const sameName = await newStudent({
      name: "PRIYA RAMAN",
      mobile: "9000000001",
      email: "p2@example.in",
      course: "iot",
    });
    const swapped = await newStudent({ name: "P Raman", mobile: "9845021345", email: "p3@example.in", course: "iot" });
    const oneDigit = await newStudent({ name: "Someone", mobile: "9845012346", email: "p4@example.in", course: "ai" });
    const elsewhere = await newStudent({
      name: "Priya Raman",
      mobile: "9111111111",
      email: "p5@example.in",
      district: "Mysuru",
      course: "iot",
    });
    const record = await getStudentRecord(db(), first, everyRecord);
    if (!record) throw new Error("no record");
    const hints = await likelyDuplicates(db(), record, everyRecord);
    expect(hints.map((hint) => [hint.id, hint.reasons])).toEqual([
      [sameName, ["same name and district"]],
      [swapped, ["mobile: two digits swapped"]],
      [oneDigit, ["mobile: one digit different"]],
    ]);
    expect(hints.map((hint) => hint.id)).not.toContain(elsewhere);
    // A course's counsellor sees only the hints within their course.
    expect((await likelyDuplicates(db(), record, iotScope)).map((hint) => hint.id)).toEqual([sameName, swapped]);
    // The list flags them; nothing was merged.
    const list = await loadRecordList(db(), new Request("http://x/admin/students"), admin, everyRecord);
    const flagged = list.rows.filter((row) => row.duplicate).map((row) => row.id);
    expect(flagged.sort()).toEqual([first, sameName, swapped, oneDigit].sort());
    expect(await db().select().from(students)).toHaveLength(5);
    const page = await loadRecordPage(db(), first, everyRecord);
    expect(page.duplicates.map((hint) => hint.id)).toEqual([sameName, swapped, oneDigit]);
  });

  it("flags on a counsellor's list the likely duplicates among the records they see: enquiries without a course too, other branches' not", async () => {
    // A counsellor of IoT limited to Bangalore; the form's state (Karnataka) guesses Bangalore.
    const scope = recordScopeOf({ role: "counsellor", courses: ["iot"], branches: ["bangalore"] });
    const registered = await newStudent({
      name: "Kavya Shetty",
      mobile: "9845100001",
      email: "k1@example.in",
      course: "iot",
    });
    const enquired = await newStudent(
      { name: "KAVYA SHETTY", mobile: "9845200002", email: "k2@example.in" },
      "enquiry",
    );
    const here = await newStudent({ name: "Meera T", mobile: "9845300003", email: "m1@example.in", course: "iot" });
    const moved = await newStudent({ name: "Meera T", mobile: "9845400004", email: "m2@example.in", course: "iot" });
    await db().update(students).set({ branch: "chennai", branchSource: "desk" }).where(eq(students.id, moved));
    const flagged = async (staff: StaffUser, seen: RecordScope) =>
      (await loadRecordList(db(), new Request("http://x/counsellor/students"), staff, seen)).rows
        .filter((row) => row.duplicate)
        .map((row) => row.id)
        .sort((a, b) => a - b);
    expect(await flagged(iot, scope)).toEqual([registered, enquired]);
    expect(await flagged(admin, everyRecord)).toEqual([registered, enquired, here, moved]);
    // The record page points out the same ones.
    const record = await getStudentRecord(db(), registered, scope);
    if (!record) throw new Error("no record");
    expect((await likelyDuplicates(db(), record, scope)).map((hint) => hint.id)).toEqual([enquired]);
  });

  it("merges: forms and both timelines go to the kept record, with stage, owner and follow-up by the rules, audited", async () => {
    const kept = await newStudent({
      name: "Priya Raman",
      mobile: "9845012345",
      email: "priya@example.in",
      course: "iot",
    });
    const other = await newStudent(
      { name: "Priya R", mobile: "9845021345", email: "priya.r@example.in", course: "ai" },
      "registration",
    );
    await newStudent({ name: "Priya R", mobile: "9845021345", email: "priya.r@example.in" }, "enquiry");
    // The other record is further along and has an owner and a sooner follow-up; the kept one has an owner too.
    await handleRecordForm(db(), form({ intent: "owner", version: "1", ownerId: asha.id }), kept, admin, everyRecord);
    await handleRecordForm(db(), form({ intent: "stage", version: "1", stage: "applied" }), other, admin, everyRecord);
    await handleRecordForm(
      db(),
      form({ intent: "follow-up", version: "2", nextFollowUpAt: "2028-01-15T11:00" }),
      other,
      admin,
      everyRecord,
    );
    await handleRecordForm(db(), form({ intent: "note", text: "Prefers evenings." }), other, iot, {
      all: false,
      courses: ["ai"],
    });
    await handleRecordForm(
      db(),
      form({ intent: "follow-up", version: "2", nextFollowUpAt: "2028-02-01T10:00" }),
      kept,
      admin,
      everyRecord,
    );
    const before = {
      keptEntries: (await db().select().from(studentTimeline).where(eq(studentTimeline.studentId, kept))).length,
      otherEntries: (await db().select().from(studentTimeline).where(eq(studentTimeline.studentId, other))).length,
    };
    const keptRecord = await getStudentRecord(db(), kept, everyRecord);
    const otherRecord = await getStudentRecord(db(), other, everyRecord);

    // Compared first: both sides, and what each choice gives.
    const screen = await loadMergePage(db(), kept, new Request(`http://x/admin/students/${kept}/merge?with=${other}`));
    expect(screen.record.id).toBe(kept);
    expect(screen.other?.id).toBe(other);
    expect(screen.other?.forms).toHaveLength(2);
    expect(screen.outcomes[0]).toMatchObject({ keptId: kept, stage: "applied", ownerName: "Asha Counsellor" });

    // Not confirmed: nothing happens.
    const unconfirmed = (await handleMergeForm(
      db(),
      form({
        with: String(other),
        keep: String(kept),
        version: String(keptRecord?.version),
        withVersion: String(otherRecord?.version),
      }),
      kept,
      admin,
    )) as { init: { status: number }; data: { error: string } };
    expect(unconfirmed.init.status).toBe(400);
    expect(unconfirmed.data.error).toMatch(/confirm/);
    expect(await getStudentRecord(db(), other, everyRecord)).toBeDefined();

    // Seen on an old version: sent back to compare again.
    const stale = (await handleMergeForm(
      db(),
      form({
        with: String(other),
        keep: String(kept),
        version: "1",
        withVersion: String(otherRecord?.version),
        confirm: "yes",
      }),
      kept,
      admin,
    )) as Response;
    expect(stale.headers.get("location")).toBe(`/admin/students/${kept}/merge?with=${other}&changed=1`);

    const done = (await handleMergeForm(
      db(),
      form({
        with: String(other),
        keep: String(kept),
        version: String(keptRecord?.version),
        withVersion: String(otherRecord?.version),
        confirm: "yes",
      }),
      kept,
      admin,
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/students/${kept}?merged=${other}`);

    const [record] = await db().select().from(students).where(eq(students.id, kept));
    expect(record).toMatchObject({
      name: "Priya Raman",
      stage: "applied",
      ownerId: asha.id,
      mobiles: ["9845012345", "9845021345"],
      emails: ["priya@example.in", "priya.r@example.in"],
      courses: ["iot", "ai"],
    });
    expect(record?.nextFollowUpAt?.toISOString()).toBe("2028-01-15T05:30:00.000Z");
    expect(record?.version).toBe(Math.max(keptRecord?.version ?? 0, otherRecord?.version ?? 0) + 1);
    expect(await db().select().from(students).where(eq(students.id, other))).toEqual([]);
    const forms = [
      ...(await db().select().from(enquiries).where(eq(enquiries.studentId, kept))),
      ...(await db().select().from(registrations).where(eq(registrations.studentId, kept))),
    ];
    expect(forms).toHaveLength(3);
    const timeline = await db().select().from(studentTimeline).where(eq(studentTimeline.studentId, kept));
    expect(timeline).toHaveLength(before.keptEntries + before.otherEntries + 1);
    expect(timeline.some((entry) => entry.kind === "note" && entry.detail.text === "Prefers evenings.")).toBe(true);
    const merge = timeline.find((entry) => entry.kind === "merge");
    expect(merge?.detail).toMatchObject({
      mergedId: other,
      mergedName: "Priya R",
      forms: 2,
      entries: before.otherEntries,
      stage: { from: "new", to: "applied" },
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "student.merge"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "head@sampige.example", subject: `student ${kept} (Priya Raman)` });
    expect(audit[0]?.detail).toMatchObject({ merged: `student ${other} (Priya R)`, forms: 2, stage: "new -> applied" });

    // The merged record's page (a link, or a page left open) leads to the kept one, in scope only.
    const redirect = (await thrown(() => loadRecordPage(db(), other, everyRecord, "/admin/students"))) as Response;
    expect(redirect.headers.get("location")).toBe(`/admin/students/${kept}?merged=${other}`);
    const iotRedirect = (await thrown(() =>
      loadRecordPage(db(), other, iotScope, "/onlineuser/iot/students"),
    )) as Response;
    expect(iotRedirect.headers.get("location")).toBe(`/onlineuser/iot/students/${kept}?merged=${other}`);
    const aiView = (await thrown(() =>
      loadRecordPage(db(), other, { all: false, courses: ["matlab"] }, "/onlineuser/matlab/students"),
    )) as { init?: { status?: number } };
    expect(aiView.init?.status).toBe(404);

    // A form of the kept record still open on its old version is refused and shown the merge.
    const old = await handleRecordForm(
      db(),
      form({ intent: "stage", version: String(keptRecord?.version), stage: "counselled" }),
      kept,
      admin,
      everyRecord,
    );
    expect((old as { init: { status: number } }).init.status).toBe(409);

    // A new form from either mobile joins the kept record.
    const again = await newStudent({ name: "Priya", mobile: "9845021345", email: "new@example.in", course: "iot" });
    expect(again).toBe(kept);

    // Merged once more: links to the first merged record lead straight to the latest kept one.
    const third = await newStudent({
      name: "Priya Raman",
      mobile: "9222222222",
      email: "p3@example.in",
      course: "iot",
    });
    const keptNow = await getStudentRecord(db(), kept, everyRecord);
    const thirdRecord = await getStudentRecord(db(), third, everyRecord);
    const chained = await db().transaction((tx) =>
      mergeStudentRecords(
        tx,
        { keptId: third, mergedId: kept },
        { kept: thirdRecord?.version ?? 0, merged: keptNow?.version ?? 0 },
        { id: admin.id, email: admin.email },
      ),
    );
    expect(chained.ok).toBe(true);
    const merges = await db().select().from(studentMerges).orderBy(studentMerges.mergedId);
    expect(merges.map((row) => [row.mergedId, row.keptId])).toEqual(
      [
        [other, third],
        [kept, third],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
  });

  it("erasure and the retention purge remove a merged record with its forms, both timelines and its merges", async () => {
    const kept = await newStudent({ name: "Asha K", mobile: "9845012345", email: "asha@example.in", course: "iot" });
    const other = await newStudent({ name: "Asha K", mobile: "9845012346", email: "asha.k@example.in", course: "iot" });
    await handleRecordForm(db(), form({ intent: "note", text: "Will visit Saturday." }), other, admin, everyRecord);
    const [a, b] = await Promise.all([
      getStudentRecord(db(), kept, everyRecord),
      getStudentRecord(db(), other, everyRecord),
    ]);
    await db().transaction((tx) =>
      mergeStudentRecords(
        tx,
        { keptId: kept, mergedId: other },
        { kept: a?.version ?? 0, merged: b?.version ?? 0 },
        admin,
      ),
    );
    expect(await db().select().from(studentMerges)).toHaveLength(1);

    // Erased on request by either e-mail: only the forms sent with it go; the record stays while others remain.
    const first = await findStudentEntries(db(), { email: "asha.k@example.in" });
    expect(first).toHaveLength(1);
    await eraseEntries(db(), first, { actor: admin.email, action: "student-data.delete" });
    expect(await db().select().from(students)).toHaveLength(1);
    const rest = await findStudentEntries(db(), { email: "asha@example.in" });
    await eraseEntries(db(), rest, { actor: admin.email, action: "student-data.delete" });
    expect(await db().select().from(students)).toEqual([]);
    expect(await db().select().from(studentTimeline)).toEqual([]);
    expect(await db().select().from(studentMerges)).toEqual([]);
    // A link to either record is now simply gone.
    expect(
      ((await thrown(() => loadRecordPage(db(), other, everyRecord))) as { init?: { status?: number } }).init?.status,
    ).toBe(404);

    // The retention purge, the same way.
    const again = await newStudent({
      name: "Old Student",
      mobile: "9000000001",
      email: "old@example.in",
      course: "iot",
    });
    const twin = await newStudent({
      name: "Old Student",
      mobile: "9000000010",
      email: "old2@example.in",
      course: "iot",
    });
    const [c, d] = await Promise.all([
      getStudentRecord(db(), again, everyRecord),
      getStudentRecord(db(), twin, everyRecord),
    ]);
    await db().transaction((tx) =>
      mergeStudentRecords(
        tx,
        { keptId: again, mergedId: twin },
        { kept: c?.version ?? 0, merged: d?.version ?? 0 },
        admin,
      ),
    );
    await handleRecordForm(db(), form({ intent: "note", text: "Years ago." }), again, admin, everyRecord);
    const result = await purgeExpired(db(), { now: new Date(Date.now() + 10 * 365 * 24 * 60 * 60_000), months: 24 });
    expect(result.registrations).toBe(2);
    expect(await db().select().from(students)).toEqual([]);
    expect(await db().select().from(studentTimeline)).toEqual([]);
    expect(await db().select().from(studentMerges)).toEqual([]);
  });

  it("downloads a student's own data as one JSON file: record, forms and timeline, audited", async () => {
    const id = await newStudent({
      name: "Kavya <Shetty>",
      mobile: "9845012345",
      email: "kavya@example.in",
      course: "iot",
    });
    await newStudent({ name: "Kavya Shetty", mobile: "9845012345", email: "kavya@example.in" }, "enquiry");
    await handleRecordForm(db(), form({ intent: "note", text: "Asked about fees." }), id, admin, everyRecord);
    const response = await studentDataDownload(db(), id, admin.email);
    if (!response) throw new Error("no download");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="student-${id}-data-`),
    );
    const body = (await response.json()) as {
      record: { id: number; name: string; allMobiles: string[] };
      submissions: { form: string; name: string; consentedAt: string }[];
      timeline: { kind: string; detail: Record<string, unknown> }[];
    };
    expect(body.record).toMatchObject({ id, name: "Kavya Shetty", allMobiles: ["9845012345"] });
    expect(body.submissions.map((row) => [row.form, row.name])).toEqual([
      ["registration", "Kavya <Shetty>"],
      ["enquiry", "Kavya Shetty"],
    ]);
    expect(body.timeline.map((entry) => entry.kind)).toContain("note");
    expect(body.timeline.find((entry) => entry.kind === "note")?.detail.text).toBe("Asked about fees.");
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "student-data.export"));
    expect(audit).toEqual([
      expect.objectContaining({
        actor: admin.email,
        subject: `student ${id}`,
        detail: { forms: 2, timelineEntries: 3 },
      }),
    ]);
    expect(JSON.stringify(audit[0]?.detail)).not.toContain("Kavya");
    expect(await studentDataDownload(db(), 999_999, admin.email)).toBeUndefined();
  });

  it("reassigns ticked records with a reason: an owner entry and an audit line each, by name, within scope only", async () => {
    const one = await newStudent({ name: "One", mobile: "9000000001", email: "one@example.in", course: "iot" });
    const two = await newStudent({ name: "Two", mobile: "9000000002", email: "two@example.in", course: "iot" });
    const aiOnly = await newStudent({ name: "Three", mobile: "9000000003", email: "three@example.in", course: "ai" });
    const result = await handleReassignForm(
      db(),
      form({ id: [String(one), String(two), String(aiOnly)], ownerId: asha.id, reason: "Ravi is leaving" }),
      iot,
      iotScope,
    );
    expect(result).toEqual({ ok: true, moved: 2, ownerId: asha.id });
    const owners = await db()
      .select({ id: students.id, ownerId: students.ownerId })
      .from(students)
      .orderBy(students.id);
    expect(owners).toEqual([
      { id: one, ownerId: asha.id },
      { id: two, ownerId: asha.id },
      { id: aiOnly, ownerId: null },
    ]);
    const entries = await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "owner"));
    expect(entries.map((entry) => [entry.studentId, entry.actorLabel, entry.detail.reason])).toEqual([
      [one, iot.email, "Ravi is leaving"],
      [two, iot.email, "Ravi is leaving"],
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "student.owner"));
    expect(audit.map((entry) => [entry.subject, entry.detail])).toEqual([
      [`student ${one} (One)`, { owner: "unassigned -> Asha Counsellor", reason: "Ravi is leaving" }],
      [`student ${two} (Two)`, { owner: "unassigned -> Asha Counsellor", reason: "Ravi is leaving" }],
    ]);

    // Back to Unassigned, no reason: the audit names the owner it left.
    const back = await handleReassignForm(
      db(),
      form({ id: [String(one)], ownerId: "", reason: "" }),
      admin,
      everyRecord,
    );
    expect(back).toEqual({ ok: true, moved: 1, ownerId: null });
    const last = await db().select().from(auditLog).where(eq(auditLog.action, "student.owner"));
    expect(last.at(-1)?.detail).toEqual({ owner: "Asha Counsellor -> unassigned" });

    // Refused with the field and what was chosen; nothing moves.
    const none = await handleReassignForm(db(), form({ ownerId: asha.id, reason: "x" }), admin, everyRecord);
    expect(none).toMatchObject({ ok: false, field: "ids", error: "Please tick the students to reassign." });
    const unknown = await handleReassignForm(
      db(),
      form({ id: [String(two)], ownerId: "no-such-account", reason: "kept" }),
      admin,
      everyRecord,
    );
    expect(unknown).toMatchObject({ ok: false, field: "ownerId", values: { ids: [String(two)], reason: "kept" } });
    const long = await handleReassignForm(
      db(),
      form({ id: [String(two)], ownerId: "", reason: "x".repeat(501) }),
      admin,
      everyRecord,
    );
    expect(long).toMatchObject({ ok: false, field: "reason" });
    const bad = await handleReassignForm(db(), form({ id: ["abc"], ownerId: "" }), admin, everyRecord);
    expect(bad).toMatchObject({ ok: false, field: "ids" });
    expect((await getStudentRecord(db(), two, everyRecord))?.ownerId).toBe(asha.id);
  });

  it("writes owner changes made on a record to the audit log by name, not account id", async () => {
    const id = await newStudent({ name: "Named", mobile: "9000000009", email: "named@example.in", course: "iot" });
    await handleRecordForm(db(), form({ intent: "owner", version: "1", ownerId: asha.id }), id, admin, everyRecord);
    await handleRecordForm(db(), form({ intent: "owner", version: "2", ownerId: iot.id }), id, admin, everyRecord);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "student.owner"));
    expect(audit.map((entry) => entry.detail)).toEqual([
      { owner: "unassigned -> Asha Counsellor" },
      { owner: "Asha Counsellor -> Ravi IoT" },
    ]);
    expect(JSON.stringify(audit)).not.toContain(asha.id);
  });

  it("keeps the WhatsApp templates in the site settings; a broken stored value falls back to the default", async () => {
    expect((await loadWhatsappTemplates(db()))[0]?.name).toBe("Introduction");
    await saveWhatsappTemplates(db(), [
      { name: "Fees", text: "Hi {firstName}, the fees for {course}…" },
      { name: "Batch", text: "New batch for {course}" },
    ]);
    expect(await loadWhatsappTemplates(db())).toEqual([
      { name: "Fees", text: "Hi {firstName}, the fees for {course}…" },
      { name: "Batch", text: "New batch for {course}" },
    ]);
    const page = await loadRecordPage(db(), await newStudent(), everyRecord);
    expect(page.whatsappTemplates.map((template) => template.name)).toEqual(["Fees", "Batch"]);
    await db().update(siteSettings).set({ value: "not json" }).where(eq(siteSettings.key, "whatsapp_templates"));
    expect((await loadWhatsappTemplates(db()))[0]?.name).toBe("Introduction");
  });
});

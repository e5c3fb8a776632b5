// The owner's report on both engines, against a small desk whose every figure is worked out by
// hand below (decision 020 says what each counts): students just inside and just outside the
// period, a jump straight to Applied, a lost student, follow-ups on time, missed, moved, and one
// of a student who arrived before the period.
import { beforeAll, expect, it } from "vitest";
import { ownersReport } from "../../app/admissions/owners-report/owners-report.server";
import { exportReportTable, readPeriod } from "../../app/admissions/owners-report/owners-report-desk.server";
import type { ReportRow } from "../../app/admissions/owners-report/owners-report-tables";
import type { AppDatabase } from "../../app/platform/database.server";
import { enquiries, registrations, students, studentTimeline, user } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";

/** An instant given in India time. */
const ist = (text: string) => new Date(`${text.replace(" ", "T")}:00+05:30`);
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

type Kind = "call" | "whatsapp" | "email" | "note" | "stage" | "follow_up" | "submission";

async function addStudent(
  db: AppDatabase,
  spec: {
    name: string;
    owner: string | null;
    course: "embedded" | "iot" | null;
    created: Date;
    stage?: "new" | "contacted" | "counselled" | "visit" | "applied" | "enrolled" | "lost";
    lostReason?: "fees";
    source?: [string, string, string];
    entries?: [Kind, Date, Record<string, unknown>?][];
  },
): Promise<number> {
  const [row] = await db
    .insert(students)
    .values({
      name: spec.name,
      email: `${spec.name.toLowerCase()}@example.org`,
      mobile: "",
      courses: spec.course ? [spec.course] : [],
      ownerId: spec.owner,
      stage: spec.stage ?? "new",
      lostReason: spec.lostReason ?? null,
      createdAt: spec.created,
    })
    .returning({ id: students.id });
  const id = row?.id as number;
  const [source, medium, campaign] = spec.source ?? ["", "", ""];
  const form = {
    name: spec.name,
    email: `${spec.name.toLowerCase()}@example.org`,
    mobile: "9845012345",
    stream: "B.E",
    major: "ECE",
    state: "karnataka",
    district: "Mysuru",
    createdAt: spec.created,
    submissionToken: `report-${spec.name}`,
    utmSource: source,
    utmMedium: medium,
    utmCampaign: campaign,
    studentId: id,
  };
  if (spec.course) await db.insert(registrations).values({ ...form, course: spec.course });
  else await db.insert(enquiries).values(form);
  // A later form of the same student from another campaign: the first touch is the first form's.
  if (spec.source)
    await db.insert(enquiries).values({
      ...form,
      createdAt: minutes(spec.created, 60 * 24),
      submissionToken: `report-${spec.name}-again`,
      utmSource: "other",
      utmMedium: "other",
      utmCampaign: "other",
    });
  await db
    .insert(studentTimeline)
    .values([
      { studentId: id, kind: "submission" as const, at: spec.created, detail: {} },
      ...(spec.entries ?? []).map(([kind, at, detail]) => ({ studentId: id, kind, at, detail: detail ?? {} })),
    ]);
  return id;
}

const followUp = (to: Date) => ({ from: null, to: to.toISOString() });

async function fillDesk(db: AppDatabase) {
  await db.insert(user).values([
    { id: "asha", name: "Asha", email: "asha@example.org", role: "admin" },
    { id: "bala", name: "Bala", email: "bala@example.org", role: "admin" },
  ]);
  const s1 = ist("2026-03-02 10:00");
  await addStudent(db, {
    name: "S1",
    owner: "asha",
    course: "embedded",
    created: s1,
    stage: "enrolled",
    source: ["google", "cpc", "spring"],
    entries: [
      ["call", minutes(s1, 30), { outcome: "connected" }],
      ["stage", minutes(s1, 31), { from: "new", to: "contacted" }],
      ["stage", minutes(s1, 60 * 24), { from: "contacted", to: "counselled" }],
      ["stage", minutes(s1, 60 * 48), { from: "counselled", to: "enrolled" }],
      // F1: due 4 March 10:00, a call at 10:30 (within the hour of grace): on time.
      ["follow_up", ist("2026-03-02 11:00"), followUp(ist("2026-03-04 10:00"))],
      ["call", ist("2026-03-04 10:30")],
      // F6: due after the period: not counted.
      ["follow_up", ist("2026-03-04 10:31"), followUp(ist("2026-03-11 10:00"))],
    ],
  });
  const s2 = ist("2026-03-03 09:00");
  await addStudent(db, {
    name: "S2",
    owner: "asha",
    course: "embedded",
    created: s2,
    stage: "lost",
    lostReason: "fees",
    entries: [
      ["note", minutes(s2, 5), { text: "A note is not a contact." }],
      ["whatsapp", minutes(s2, 300)],
      ["stage", minutes(s2, 301), { from: "new", to: "contacted" }],
      // F2: due 5 March 10:00, the WhatsApp came at 11:30, after the grace: missed.
      ["follow_up", ist("2026-03-03 15:00"), followUp(ist("2026-03-05 10:00"))],
      ["whatsapp", ist("2026-03-05 11:30")],
      ["stage", ist("2026-03-05 11:31"), { from: "contacted", to: "lost", reason: "fees" }],
    ],
  });
  const s3 = ist("2026-03-04 12:00");
  await addStudent(db, {
    name: "S3",
    owner: "bala",
    course: "iot",
    created: s3,
    source: ["instagram", "social", "june"],
    entries: [
      // F3: moved to 12 March before it fell due, without a contact: not counted.
      ["follow_up", ist("2026-03-04 13:00"), followUp(ist("2026-03-06 10:00"))],
      [
        "follow_up",
        ist("2026-03-05 10:00"),
        { from: ist("2026-03-06 10:00").toISOString(), to: ist("2026-03-12 10:00").toISOString() },
      ],
      ["email", minutes(s3, 2 * 24 * 60)],
    ],
  });
  await addStudent(db, {
    name: "S4",
    owner: "bala",
    course: "iot",
    created: ist("2026-03-05 08:00"),
    stage: "applied",
    entries: [
      ["stage", ist("2026-03-05 09:00"), { from: "new", to: "applied" }],
      // F4: due 10 March 18:00, nothing logged: missed (once its hour of grace has passed).
      ["follow_up", ist("2026-03-05 09:01"), followUp(ist("2026-03-10 18:00"))],
    ],
  });
  const s5 = ist("2026-03-09 23:00");
  await addStudent(db, { name: "S5", owner: null, course: null, created: s5, entries: [["call", minutes(s5, 10)]] });
  // Just outside the period, on either side.
  const s6 = ist("2026-03-01 23:59");
  await addStudent(db, {
    name: "S6",
    owner: "asha",
    course: "embedded",
    created: s6,
    stage: "enrolled",
    entries: [
      ["stage", minutes(s6, 2), { from: "new", to: "enrolled" }],
      // F5: due in the period, a call before it was due: on time (a student of before the period).
      ["follow_up", ist("2026-03-02 09:00"), followUp(ist("2026-03-03 10:00"))],
      ["call", ist("2026-03-02 18:00")],
    ],
  });
  const s7 = ist("2026-03-11 00:00");
  await addStudent(db, {
    name: "S7",
    owner: "asha",
    course: "embedded",
    created: s7,
    entries: [["call", minutes(s7, 1)]],
  });
}

const period = { from: "2026-03-02", to: "2026-03-10" };
const now = ist("2026-03-20 12:00");
const row = (rows: ReportRow[], key: string) => {
  const found = rows.find((r) => r.key === key);
  if (!found) throw new Error(`No row ${key}: ${rows.map((r) => r.key).join(", ")}`);
  return found;
};

describeEachEngine("the owner's report", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  beforeAll(async () => {
    await fillDesk(test.current.database.db);
  });

  it("counts the period's new students, their first response, funnel, enrolment and losses", async () => {
    const { total } = await ownersReport(db(), period, now);
    expect(total.newStudents).toBe(5);
    expect(total.contacted).toBe(4);
    // First responses 10, 30, 300 and 2,880 minutes: median halfway between 30 and 300, p90 by interpolation.
    expect(total.responseMedianMinutes).toBeCloseTo(165, 6);
    expect(total.responseP90Minutes).toBeCloseTo(300 + 0.7 * (2880 - 300), 6);
    expect(total.contactedWithin1h).toBe(2);
    expect(total.contactedWithin24h).toBe(3);
    expect(total.reached).toEqual({ new: 5, contacted: 3, counselled: 2, visit: 2, applied: 2, enrolled: 1 });
    expect(total.enrolled).toBe(1);
    expect(total.lost).toBe(1);
    expect(total.lostReasons.fees).toBe(1);
    expect(Object.values(total.lostReasons).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("judges the follow-ups that fell due in the period, whoever's student, and leaves out those moved or not yet past their grace", async () => {
    const report = await ownersReport(db(), period, now);
    expect(report.total.followUps).toEqual({ onTime: 2, missed: 2 });
    expect(row(report.byCounsellor, "asha").followUps).toEqual({ onTime: 2, missed: 1 });
    expect(row(report.byCounsellor, "bala").followUps).toEqual({ onTime: 0, missed: 1 });
    expect(row(report.byCourse, "embedded").followUps).toEqual({ onTime: 2, missed: 1 });
    expect(row(report.byCourse, "iot").followUps).toEqual({ onTime: 0, missed: 1 });
    // Half an hour after F4 fell due its grace has not passed: not judged yet.
    const early = await ownersReport(db(), period, ist("2026-03-10 18:30"));
    expect(early.total.followUps).toEqual({ onTime: 2, missed: 1 });
  });

  it("breaks the figures down by counsellor, course, first-touch source and campaign, and week", async () => {
    const report = await ownersReport(db(), period, now);
    const asha = row(report.byCounsellor, "asha");
    expect(asha).toMatchObject({
      label: "Asha",
      newStudents: 2,
      contacted: 2,
      enrolled: 1,
      lost: 1,
      contactedWithin1h: 1,
    });
    expect(asha.responseMedianMinutes).toBeCloseTo(165, 6);
    expect(row(report.byCounsellor, "bala")).toMatchObject({
      label: "Bala",
      newStudents: 2,
      contacted: 1,
      enrolled: 0,
    });
    expect(row(report.byCounsellor, "")).toMatchObject({ label: "Unassigned", newStudents: 1, contactedWithin1h: 1 });
    expect(report.byCourse.map((r) => [r.key, r.newStudents])).toEqual([
      ["embedded", 2],
      ["iot", 2],
      ["", 1],
    ]);
    expect(report.bySource.map((r) => [r.key, r.newStudents, r.enrolled])).toEqual([
      ["", 3, 0],
      ["google", 1, 1],
      ["instagram", 1, 0],
    ]);
    expect(report.byCampaign.map((r) => r.key)).toEqual(["", "google / cpc / spring", "instagram / social / june"]);
    expect(report.byWeek.map((r) => [r.key, r.newStudents, r.contacted])).toEqual([
      ["2026-03-02", 4, 3],
      ["2026-03-09", 1, 1],
    ]);
    // The groups add up to the whole.
    for (const rows of [report.byCounsellor, report.byCourse, report.bySource, report.byCampaign, report.byWeek])
      expect(rows.reduce((n, r) => n + r.newStudents, 0)).toBe(5);
  });

  it("reports an empty period as zeros, without rates", async () => {
    const report = await ownersReport(db(), { from: "2025-01-01", to: "2025-01-31" }, now);
    expect(report.total).toMatchObject({ newStudents: 0, contacted: 0, responseMedianMinutes: null, enrolled: 0 });
    expect(report.total.followUps).toEqual({ onTime: 0, missed: 0 });
    expect(report.byCounsellor).toEqual([]);
  });

  it("writes each table as CSV with plain numbers", async () => {
    const request = new Request("http://localhost/admin/report/csv/counsellors?from=2026-03-02&to=2026-03-10");
    const response = await exportReportTable(db(), request, "counsellors");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Counsellor,New students,"First response, median \(minutes\)",/);
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith("Asha,"))).toMatch(/^Asha,2,165,/);
    const funnel = await (await exportReportTable(db(), request, "funnel")).text();
    expect(funnel).toContain("Enrolled,1,20,50\r\n");
  });
});

it("reads the period from the URL, and says which field could not be used", () => {
  const now = ist("2026-03-20 12:00");
  const at = (query: string) => readPeriod(new Request(`http://localhost/admin/report?${query}`), now);
  expect(at("").period).toEqual({ from: "2026-02-19", to: "2026-03-20" });
  expect(at("from=2026-03-01&to=2026-03-05")).toMatchObject({
    period: { from: "2026-03-01", to: "2026-03-05" },
    problems: {},
  });
  expect(at("from=2026-02-30&to=2026-03-05").problems.from).toMatch(/Not a date/);
  expect(at("from=2026-03-06&to=2026-03-05").problems.from).toMatch(/After the end/);
  expect(at("from=2020-01-01&to=2026-03-05").period.from).toBe("2024-03-05");
  expect(at("to=soon")).toMatchObject({ period: { to: "2026-03-20" }, typed: { to: "soon" } });
});

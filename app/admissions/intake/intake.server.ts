// Students who come by other doors than the web forms, added on the desk by hand: a walk-in, a
// phone call, a referral, a fair. Each is kept with its record like a form (student_intakes),
// joins the record that already knows its mobile or e-mail (never a second record), is given an
// owner by the course pools unless the person adding them takes them, and is on the timeline.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { assignOnArrival } from "~/admissions/assignment/assignment.server";
import { logContact } from "~/admissions/records/record-edits.server";
import { everyRecord, isInScope, type RecordScope, toTextArray } from "~/admissions/records/record-scope.server";
import { stageLabels } from "~/admissions/records/stage-labels";
import { branchOfState, isBranchGuess, type StudentBranch } from "~/admissions/records/student-branches";
import type { StudentStage } from "~/admissions/records/student-stages";
import { type Actor, addToTimeline, changeWithEntry } from "~/admissions/records/student-timeline.server";
import { site } from "~/config/site";
import { type AppDatabase, rowsOf } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { type CourseValue, courseByValue } from "~/site/course-catalog";
import { studentIntakes, students, user } from "../../../db/schema";
import { intakeSourceLabels } from "./intake-labels";
import type { IntakeData } from "./intake-schema";
import type { ConsentWay, IntakeDoor, IntakeSource } from "./intake-sources";

/** The same advisory locks the web forms take (student-records.server.ts fileSubmission): one record per student. */
export async function lockContacts(tx: AppDatabase, mobile: string, email: string): Promise<void> {
  const keys = [mobile ? `student-mobile:${mobile}` : "", email ? `student-email:${email}` : ""].filter(Boolean).sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The records that know these mobiles or e-mails, by the forms' rule: a mobile first, then an
 * e-mail, the oldest record when several know it. Answers "m:<mobile>" and "e:<email>" keys.
 */
export async function recordsByContacts(
  db: AppDatabase,
  mobiles: readonly string[],
  emails: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const chunk = 2_000;
  for (const [column, values, prefix] of [
    [students.mobiles, [...new Set(mobiles.filter(Boolean))], "m:"],
    [students.emails, [...new Set(emails.filter(Boolean))], "e:"],
  ] as const) {
    for (let start = 0; start < values.length; start += chunk) {
      const part = values.slice(start, start + chunk);
      // One look-up of the GIN index per value: an overlap (&&) with the whole batch is planned as a
      // scan of every record, testing each against a thousand values (seconds per batch).
      const result = await db.execute(sql`
        select k.value, s.id from unnest(${toTextArray(part)}) as k(value)
        cross join lateral (select ${students.id} as id from ${students} where ${column} @> array[k.value]) as s`);
      for (const row of rowsOf<{ value: string; id: number }>(result)) {
        const key = `${prefix}${row.value}`;
        const before = found.get(key);
        if (before === undefined || row.id < before) found.set(key, row.id);
      }
    }
  }
  return found;
}

/** The record a mobile or e-mail belongs to (the mobile's first), or undefined. */
export async function recordByContact(db: AppDatabase, mobile: string, email: string): Promise<number | undefined> {
  const found = await recordsByContacts(db, mobile ? [mobile] : [], email ? [email] : []);
  return (mobile ? found.get(`m:${mobile}`) : undefined) ?? (email ? found.get(`e:${email}`) : undefined);
}

/**
 * What the form says of a student already on the desk. To someone who may open the record:
 * who it is, its course, stage and owner, with a link. To a counsellor who may not: only that
 * the student is being handled, and by which course or branch, never their details.
 */
export type OnDesk =
  | {
      visible: true;
      id: number;
      name: string;
      courses: string[];
      stage: StudentStage;
      ownerName: string | null;
      line: string;
    }
  | { visible: false; line: string };

export async function describeOnDesk(db: AppDatabase, id: number, scope: RecordScope): Promise<OnDesk | undefined> {
  const [record] = await db
    .select({
      id: students.id,
      name: students.name,
      courses: students.courses,
      branch: students.branch,
      stage: students.stage,
      ownerName: user.name,
    })
    .from(students)
    .leftJoin(user, eq(user.id, students.ownerId))
    .where(eq(students.id, id));
  if (!record) return undefined;
  const courseNames = record.courses.map((course) => courseByValue(course)?.label ?? course);
  if (isInScope(scope, record)) {
    const { branch: _branch, ...shown } = record;
    const parts = [record.name, ...(courseNames.length ? [courseNames.join(", ")] : []), stageLabels[record.stage]];
    const owned = record.ownerName ? `owned by ${record.ownerName}` : "not assigned yet";
    return { visible: true, ...shown, line: `Already on the desk: ${parts.join(", ")}, ${owned}.` };
  }
  // The record's branch, else the latest one given with an intake.
  const [branchRow] = record.branch
    ? [{ branch: record.branch }]
    : await db
        .select({ branch: studentIntakes.branch })
        .from(studentIntakes)
        .where(and(eq(studentIntakes.studentId, id), sql`${studentIntakes.branch} <> ''`))
        .orderBy(sql`${studentIntakes.createdAt} desc`)
        .limit(1);
  const branchName = site.branches.find((branch) => branch.key === branchRow?.branch)?.name;
  const by = [
    ...(courseNames.length ? [`the ${courseNames.join(" and ")} desk`] : []),
    ...(branchName ? [`the ${branchName} branch`] : []),
  ];
  return {
    visible: false,
    line: `This student is already being handled${by.length ? ` by ${by.join(" at ")}` : " by the institute"}. Your visit and note are added to their record for their counsellor.`,
  };
}

/** How an intake counts as a first touch in the owner's report: the source, the door, the detail. */
export function intakeTouch(door: IntakeDoor, how: IntakeSource, detail: string) {
  return { utmSource: intakeSourceLabels[how], utmMedium: door === "desk" ? "desk" : "import", utmCampaign: detail };
}

/** The consent line kept with the intake: "in person to priya@..." (DPDP). */
export function consentTo(way: ConsentWay, actor: Actor): string {
  return way === "aggregator" ? "" : actor.email;
}

export type HandAddOutcome =
  | { outcome: "created"; id: number; ownerId: string | null }
  | { outcome: "joined"; id: number; onDesk: OnDesk };

/**
 * Adds a student by hand, in one transaction: a new record, or the record that already knows
 * the mobile or e-mail (no second one) with the visit, note and source on its timeline. A new
 * record goes to the course's pool by the rules, or to the person adding them ("Owner: me"); a
 * conversation logged in the same step is a call on the timeline with its next follow-up.
 */
export async function addStudentByHand(
  db: AppDatabase,
  data: IntakeData,
  actor: Actor,
  scope: RecordScope,
): Promise<HandAddOutcome> {
  const result = await db.transaction(async (tx) => {
    await lockContacts(tx, data.mobile, data.email);
    const existing = await recordByContact(tx, data.mobile, data.email);
    const touch = intakeTouch("desk", data.how, data.howDetail);
    const intake = {
      door: "desk" as const,
      how: data.how,
      howDetail: data.howDetail,
      name: data.name,
      email: data.email,
      mobile: data.mobile,
      state: data.state,
      district: data.district,
      courses: data.courses,
      branch: data.branch,
      note: data.note,
      consent: data.consent,
      consentTo: consentTo(data.consent, actor),
      ...touch,
      createdBy: actor.email,
    };
    const entryDetail = (intakeId: number, joined: boolean) => ({
      door: "desk",
      how: data.how,
      howDetail: data.howDetail,
      courses: data.courses,
      branch: data.branch,
      note: data.note,
      consent: data.consent,
      intakeId,
      joined,
    });
    if (existing !== undefined) {
      const [record] = await tx
        .select({ courses: students.courses, branch: students.branch, branchSource: students.branchSource })
        .from(students)
        .where(eq(students.id, existing))
        .for("update");
      const visible = isInScope(scope, record ?? { courses: [], branch: null });
      // A branch chosen now sets a branch not known yet or only guessed (a "branch" entry says so,
      // before the visit's own entry, which stays the newest).
      if (visible && data.branch && record && (record.branch === null || isBranchGuess(record.branchSource))) {
        await changeWithEntry(
          tx,
          existing,
          { branch: data.branch, branchSource: "desk" },
          {
            kind: "branch",
            actor,
            detail: { from: record.branch, fromSource: record.branchSource, to: data.branch, source: "desk" },
          },
        );
      }
      const [row] = await tx
        .insert(studentIntakes)
        .values({ ...intake, studentId: existing, createdRecord: false })
        .returning({ id: studentIntakes.id });
      await addToTimeline(tx, { studentId: existing, kind: "intake", actor, detail: entryDetail(row?.id ?? 0, true) });
      if (visible) {
        // What the student gave this time joins the record, as a form's does.
        await tx
          .update(students)
          .set({
            ...(data.mobile ? { mobiles: appendOnce(students.mobiles, data.mobile) } : {}),
            ...(data.email ? { emails: appendOnce(students.emails, data.email) } : {}),
            ...(data.courses.length ? { courses: appendAll(students.courses, data.courses) } : {}),
            updatedAt: new Date(),
          })
          .where(eq(students.id, existing));
        if (data.spoke) await logConversation(tx, existing, data.spoke, actor, scope);
      } else {
        await tx.update(students).set({ updatedAt: new Date() }).where(eq(students.id, existing));
      }
      return { outcome: "joined" as const, id: existing };
    }
    const values = newStudentValues(data);
    // A guess from the state outside the branches of the person adding them would hide the student
    // from them: the branch then waits, not known yet, for someone to set it.
    if (values.branchSource === "state" && !isInScope(scope, values))
      Object.assign(values, { branch: null, branchSource: null });
    const [created] = await tx.insert(students).values(values).returning({ id: students.id });
    if (!created) throw new Error("The student record was not stored.");
    const id = created.id;
    const [row] = await tx
      .insert(studentIntakes)
      .values({ ...intake, studentId: id, createdRecord: true })
      .returning({ id: studentIntakes.id });
    await addToTimeline(tx, { studentId: id, kind: "intake", actor, detail: entryDetail(row?.id ?? 0, false) });
    let ownerId: string | null;
    if (data.ownerMe) {
      await changeWithEntry(
        tx,
        id,
        { ownerId: actor.id },
        { kind: "owner", actor, detail: { from: null, to: actor.id, rule: "self" } },
      );
      ownerId = actor.id;
    } else {
      ownerId = (await assignOnArrival(tx, id, data.courses[0])).ownerId;
    }
    if (data.spoke) await logConversation(tx, id, data.spoke, actor, everyRecord);
    return { outcome: "created" as const, id, ownerId };
  });
  const [record] = await db.select({ courses: students.courses }).from(students).where(eq(students.id, result.id));
  publishRecordChange({ id: result.id, courses: record?.courses ?? [] });
  if (result.outcome === "created") return result;
  const onDesk = await describeOnDesk(db, result.id, scope);
  return { outcome: "joined", id: result.id, onDesk: onDesk ?? { visible: false, line: "Already on the desk." } };
}

/** "I spoke to them": the conversation as a call on the timeline, with its next follow-up. */
async function logConversation(
  tx: AppDatabase,
  id: number,
  spoke: NonNullable<IntakeData["spoke"]>,
  actor: Actor,
  scope: RecordScope,
): Promise<void> {
  await logContact(
    tx,
    id,
    { channel: "call", outcome: spoke.outcome, note: "", nextFollowUpAt: spoke.nextFollowUpAt ?? undefined },
    actor,
    scope,
  );
}

/**
 * A new record of what a student gave (by hand or in a list's row): its mobile and e-mail are its
 * first known ones; its branch the one given (chosen on the desk, or a list's column), else a
 * guess from the state, else not known.
 */
export function newStudentValues(given: {
  name: string;
  email: string;
  mobile: string;
  state: string;
  district: string;
  courses: CourseValue[];
  branch?: StudentBranch | "" | null;
  branchGivenBy?: "desk" | "list";
}) {
  const guess = branchOfState[given.state] ?? null;
  return {
    name: given.name,
    email: given.email,
    mobile: given.mobile,
    mobiles: given.mobile ? [given.mobile] : [],
    emails: given.email ? [given.email] : [],
    state: given.state,
    district: given.district,
    courses: given.courses,
    branch: given.branch || guess,
    branchSource: given.branch ? (given.branchGivenBy ?? "desk") : guess ? ("state" as const) : null,
  };
}

/** The array column with `value` added at its end, unless it holds it already. */
function appendOnce(column: typeof students.mobiles | typeof students.emails, value: string): SQL {
  return sql`case when ${value}::text = any(${column}) then ${column} else array_append(${column}, ${value}::text) end`;
}

/** The array column with each of `values` it lacks added at its end, in order. */
function appendAll(column: typeof students.courses, values: readonly CourseValue[]): SQL {
  return sql`${column} || array(select v from unnest(${toTextArray(values)}) with ordinality as t(v, n) where not v = any(${column}) order by n)`;
}

/** The intakes of a record, newest first (the record page and the student's data download). */
export async function recordIntakes(db: AppDatabase, studentId: number) {
  return db
    .select()
    .from(studentIntakes)
    .where(eq(studentIntakes.studentId, studentId))
    .orderBy(sql`${studentIntakes.createdAt} desc`, sql`${studentIntakes.id} desc`);
}

/** An intake as the record's page shows it. */
export function intakeView(row: typeof studentIntakes.$inferSelect) {
  return {
    id: row.id,
    door: row.door,
    how: row.how,
    howDetail: row.howDetail,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    courses: row.courses as string[],
    note: row.note,
    consent: row.consent,
    consentTo: row.consentTo,
    rowNumber: row.rowNumber,
    row: row.row,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

// Two records of one student: the desk points out likely duplicates (it never merges by
// itself), and an admin merges two records after seeing them side by side. The kept record
// takes the other's forms and timeline; the merged record is deleted and a row in
// student_merges sends its links on to the kept one (decision 024).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { batchMentionOf, leaveBatch } from "~/admissions/enrolment/enrolment.server";
import type { RecordScope } from "~/admissions/records/record-scope.server";
import { scopeCondition } from "~/admissions/records/record-scope.server";
import { isBranchGuess } from "~/admissions/records/student-branches";
import type { StudentRecord } from "~/admissions/records/student-records.server";
import { type StudentStage, studentStages } from "~/admissions/records/student-stages";
import { type Actor, addToTimeline } from "~/admissions/records/student-timeline.server";
import { type AppDatabase, rowsOf } from "~/platform/database.server";
import { enquiries, registrations, studentIntakes, studentMerges, students, studentTimeline } from "../../../db/schema";

// ---------------------------------------------------------------------------------------------
// Likely duplicates

/**
 * Mobiles one slip away from this one: one digit different, or two neighbouring digits
 * swapped. Only for a ten-digit number (the form's rule); the number itself is not included.
 */
export function nearMobiles(mobile: string): string[] {
  if (!/^\d{10}$/.test(mobile)) return [];
  const near = new Set<string>();
  for (let i = 0; i < 10; i++) {
    for (const digit of "0123456789") {
      if (digit !== mobile[i]) near.add(mobile.slice(0, i) + digit + mobile.slice(i + 1));
    }
    if (i < 9 && mobile[i] !== mobile[i + 1]) {
      near.add(mobile.slice(0, i) + mobile[i + 1] + mobile[i] + mobile.slice(i + 2));
    }
  }
  return [...near];
}

/**
 * The keys the mobiles index holds for these numbers (migration 0019, `student_mobile_keys`):
 * each ten-digit number with one digit deleted, as a whole number. Two numbers one slip apart
 * share a key (one digit different: the same position deleted; two neighbouring digits
 * swapped: one of the two deleted in each), so the index finds every near number among a few
 * others, which the exact test (nearMobiles, mobileSlip) then sorts out.
 */
export function mobileKeys(mobiles: readonly string[]): number[] {
  const keys = new Set<number>();
  for (const mobile of mobiles) {
    if (!/^\d{10}$/.test(mobile)) continue;
    for (let i = 0; i < 10; i++) keys.add(Number(mobile.slice(0, i) + mobile.slice(i + 1)));
  }
  return [...keys];
}

/** A Postgres integer[] literal (sent as one parameter). */
function integerArray(values: readonly number[]): string {
  return `{${values.filter((value) => Number.isInteger(value)).join(",")}}`;
}

/** How many records one key may bring (one number typed on more records than this is no slip). */
const recordsPerKey = 200;

/**
 * The records in this scope that share a key with these mobiles, with their mobiles: one index
 * lookup a key. Asked key by key: the planner cannot tell how rare each key is, and given them
 * all in one array comparison it guesses most records match and computes the keys of every
 * record instead (seconds); the limit keeps its estimate of the whole small (on PostgreSQL, a
 * large estimate compiles the query first, which costs more than running it).
 */
async function recordsSharingKeys(
  db: AppDatabase,
  mobiles: readonly string[],
  scope: RecordScope,
): Promise<{ id: number; mobiles: string[] }[]> {
  const keys = mobileKeys(mobiles);
  if (keys.length === 0) return [];
  const result = await db.execute(sql`select distinct s.id, s.mobiles
    from unnest(${integerArray(keys)}::integer[]) as k(key)
    cross join lateral (
      select ${students.id} as id, ${students.mobiles} as mobiles from ${students}
      where student_mobile_keys(${students.mobiles}) @> array[k.key] ${scope.all ? sql`` : sql`and ${scopeCondition(scope)}`}
      limit ${recordsPerKey}
    ) as s`);
  return rowsOf<{ id: number; mobiles: string[] }>(result);
}

/** How two mobiles differ, when they are one slip apart: "one digit different" or "two digits swapped". */
export function mobileSlip(a: string, b: string): "one digit different" | "two digits swapped" | undefined {
  if (a.length !== 10 || b.length !== 10 || a === b) return undefined;
  const differ = [...a].flatMap((digit, i) => (digit === b[i] ? [] : [i]));
  if (differ.length === 1) return "one digit different";
  const [first, second] = differ;
  if (
    differ.length === 2 &&
    first !== undefined &&
    second === first + 1 &&
    a[first] === b[second] &&
    a[second] === b[first]
  ) {
    return "two digits swapped";
  }
  return undefined;
}

/** A name as compared for duplicates (as the index has it): spaces at either end trimmed, case ignored. */
function comparableName(name: string): string {
  return name.replace(/^ +| +$/g, "").toLowerCase();
}

export interface DuplicateHint {
  id: number;
  name: string;
  mobile: string;
  district: string;
  stage: StudentStage;
  /** Why it looks like the same student, e.g. ["same name and district", "mobile: two digits swapped"]. */
  reasons: string[];
}

interface Candidate {
  id: number;
  name: string;
  mobile: string;
  mobiles: string[];
  district: string;
  stage: StudentStage;
}

function reasonsFor(record: { name: string; district: string; mobiles: string[] }, other: Candidate): string[] {
  const reasons: string[] = [];
  if (
    record.district !== "" &&
    other.district === record.district &&
    comparableName(other.name) === comparableName(record.name)
  ) {
    reasons.push("same name and district");
  }
  for (const mine of record.mobiles) {
    for (const theirs of other.mobiles) {
      const slip = mobileSlip(mine, theirs);
      if (slip && !reasons.includes(`mobile: ${slip}`)) reasons.push(`mobile: ${slip}`);
    }
  }
  return reasons;
}

const candidateColumns = {
  id: students.id,
  name: students.name,
  mobile: students.mobile,
  mobiles: students.mobiles,
  district: students.district,
  stage: students.stage,
};

/**
 * Other records in this scope that are likely the same student: the same name in the same
 * district, or a mobile one digit off or with two neighbouring digits swapped. Only pointed
 * out; nothing is merged.
 */
export async function likelyDuplicates(
  db: AppDatabase,
  record: Pick<StudentRecord, "id" | "name" | "district" | "mobiles">,
  scope: RecordScope,
): Promise<DuplicateHint[]> {
  const near = record.mobiles.flatMap(nearMobiles);
  const sameName =
    record.district !== ""
      ? sql`(lower(btrim(${students.name})) = ${comparableName(record.name)} and ${students.district} = ${record.district})`
      : sql`false`;
  // Through the keys' index: a comparison with the 99 near numbers of each mobile alone reads
  // every record (the planner takes it to match a third of them).
  const nearSet = new Set(near);
  const nearIds = (await recordsSharingKeys(db, record.mobiles, scope))
    .filter((other) => other.id !== record.id && other.mobiles.some((mobile) => nearSet.has(mobile)))
    .map((other) => other.id);
  const nearMobile = nearIds.length ? inArray(students.id, nearIds) : sql`false`;
  const rows = (await db
    .select(candidateColumns)
    .from(students)
    .where(and(ne(students.id, record.id), scopeCondition(scope), sql`(${sameName} or ${nearMobile})`))
    .orderBy(students.id)
    .limit(20)) as Candidate[];
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      mobile: row.mobile,
      district: row.district,
      stage: row.stage,
      reasons: reasonsFor(record, row),
    }))
    .filter((hint) => hint.reasons.length > 0);
}

/** Which of these records (a page of the list) have a likely duplicate in this scope. */
export async function recordsWithDuplicates(
  db: AppDatabase,
  rows: readonly { id: number; name: string; district: string; mobile: string }[],
  scope: RecordScope,
): Promise<Set<number>> {
  const flagged = new Set<number>();
  if (rows.length === 0) return flagged;
  const ids = rows.map((row) => row.id);
  // Another record of the same name and district, in the scope.
  const other = alias(students, "other");
  const byName = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        inArray(students.id, ids),
        sql`${students.district} <> '' and exists (select 1 from ${students} as ${other}
          where ${other.id} <> ${students.id}
            and lower(btrim(${other.name})) = lower(btrim(${students.name}))
            and ${other.district} = ${students.district}
            ${scope.all ? sql`` : sql`and ${scopeCondition(scope, other)}`})`,
      ),
    );
  for (const row of byName) flagged.add(row.id);
  const nearOf = new Map<string, number[]>();
  for (const row of rows) {
    for (const mobile of nearMobiles(row.mobile)) nearOf.set(mobile, [...(nearOf.get(mobile) ?? []), row.id]);
  }
  if (nearOf.size > 0) {
    // The records sharing a key with a number on the page (ten keys a number, through their
    // index), then the exact test: one of their mobiles is one slip from the row's.
    const hits = await recordsSharingKeys(
      db,
      rows.map((row) => row.mobile),
      scope,
    );
    for (const hit of hits) {
      for (const mobile of hit.mobiles) {
        for (const id of nearOf.get(mobile) ?? []) if (id !== hit.id) flagged.add(id);
      }
    }
  }
  return flagged;
}

// ---------------------------------------------------------------------------------------------
// Merging

/** How far along a stage is; Lost counts least (a student still writing to us is not lost). */
function progress(stage: StudentStage): number {
  return stage === "lost" ? -1 : studentStages.indexOf(stage);
}

type Mergeable = Pick<
  StudentRecord,
  | "id"
  | "name"
  | "email"
  | "mobile"
  | "mobiles"
  | "emails"
  | "state"
  | "district"
  | "courses"
  | "branch"
  | "branchSource"
  | "stage"
  | "lostReason"
  | "lostNote"
  | "ownerId"
  | "nextFollowUpAt"
  | "version"
  | "createdAt"
  | "batchId"
>;

/**
 * What the kept record becomes. Its own name and contact details stay; every mobile, e-mail
 * and course of both are kept; the stage is the further along of the two (Lost only when both
 * are); the owner is the kept record's, else the other's; the branch the kept record's unless it is
 * not known or only guessed and the other's is known better (decision 031); the next follow-up the
 * sooner of the two; first contact the earlier; an enrolled student's batch the kept record's, else
 * the other's (the other record's seat is freed with it). The version moves past both records'
 * versions, so a form still open on either is refused and shown what changed.
 */
export function mergePlan(kept: Mergeable, merged: Mergeable) {
  const stageFrom = progress(merged.stage) > progress(kept.stage) ? merged : kept;
  // The other's branch when it is known and the kept record's is not, or is only a guess and the other's is not.
  const branchFrom =
    merged.branch !== null &&
    (kept.branch === null || (isBranchGuess(kept.branchSource) && !isBranchGuess(merged.branchSource)))
      ? merged
      : kept;
  const followUps = [kept.nextFollowUpAt, merged.nextFollowUpAt].filter((date): date is Date => date !== null);
  const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];
  return {
    mobiles: union(kept.mobiles, merged.mobiles),
    emails: union(kept.emails, merged.emails),
    courses: union(kept.courses, merged.courses),
    stage: stageFrom.stage,
    lostReason: stageFrom.lostReason,
    lostNote: stageFrom.lostNote,
    ownerId: kept.ownerId ?? merged.ownerId,
    branch: branchFrom.branch,
    branchSource: branchFrom.branchSource,
    nextFollowUpAt: followUps.length ? new Date(Math.min(...followUps.map((date) => date.getTime()))) : null,
    createdAt: new Date(Math.min(kept.createdAt.getTime(), merged.createdAt.getTime())),
    batchId: stageFrom.stage === "enrolled" ? (kept.batchId ?? merged.batchId) : null,
    version: Math.max(kept.version, merged.version) + 1,
  };
}

export type MergeResult =
  | {
      ok: true;
      kept: StudentRecord;
      merged: StudentRecord;
      movedForms: number;
      movedEntries: number;
    }
  | { ok: false; reason: "same" | "missing" | "changed" };

/**
 * Merges record `mergedId` into record `keptId`, both as the admin saw them (`versions`):
 * a record changed since is refused. The merged record's forms and timeline move to the kept
 * record, which gets a merge entry; links to the merged record lead to the kept one.
 */
export async function mergeStudentRecords(
  tx: AppDatabase,
  ids: { keptId: number; mergedId: number },
  versions: { kept: number; merged: number },
  actor: Actor,
): Promise<MergeResult> {
  const { keptId, mergedId } = ids;
  if (keptId === mergedId) return { ok: false, reason: "same" };
  const locked = await tx
    .select()
    .from(students)
    .where(inArray(students.id, [keptId, mergedId]))
    .orderBy(students.id)
    .for("update");
  const kept = locked.find((row) => row.id === keptId);
  const merged = locked.find((row) => row.id === mergedId);
  if (!kept || !merged) return { ok: false, reason: "missing" };
  if (kept.version !== versions.kept || merged.version !== versions.merged) return { ok: false, reason: "changed" };

  const plan = mergePlan(kept, merged);
  const movedEnquiries = await tx
    .update(enquiries)
    .set({ studentId: keptId })
    .where(eq(enquiries.studentId, mergedId))
    .returning({ id: enquiries.id });
  const movedRegistrations = await tx
    .update(registrations)
    .set({ studentId: keptId })
    .where(eq(registrations.studentId, mergedId))
    .returning({ id: registrations.id });
  // Visits and list rows recorded on the desk (app/admissions/intake/) go with the forms.
  await tx.update(studentIntakes).set({ studentId: keptId }).where(eq(studentIntakes.studentId, mergedId));
  const movedEntries = await tx
    .update(studentTimeline)
    .set({ studentId: keptId })
    .where(eq(studentTimeline.studentId, mergedId))
    .returning({ id: studentTimeline.id });
  // Records merged into the merged one earlier now lead straight to the kept one.
  await tx.update(studentMerges).set({ keptId }).where(eq(studentMerges.keptId, mergedId));
  await tx.delete(students).where(eq(students.id, mergedId));
  await tx.insert(studentMerges).values({ mergedId, keptId, mergedBy: actor.email });
  const [updated] = await tx
    .update(students)
    .set({
      mobiles: plan.mobiles,
      emails: plan.emails,
      courses: plan.courses,
      stage: plan.stage,
      lostReason: plan.lostReason,
      lostNote: plan.lostNote,
      ownerId: plan.ownerId,
      branch: plan.branch,
      branchSource: plan.branchSource,
      nextFollowUpAt: plan.nextFollowUpAt,
      createdAt: plan.createdAt,
      batchId: plan.batchId,
      version: plan.version,
      updatedAt: new Date(),
    })
    .where(eq(students.id, keptId))
    .returning();
  if (!updated) throw new Error("The kept record was not updated.");
  // Seats: the merged record's goes (or moves to the kept record); the pages count again.
  const batchChange =
    plan.batchId !== kept.batchId
      ? {
          from: kept.batchId === null ? null : await batchMentionOf(tx, kept.batchId),
          to: plan.batchId === null ? null : await batchMentionOf(tx, plan.batchId),
        }
      : undefined;
  if (merged.batchId !== null) await leaveBatch(tx, merged.batchId);
  await addToTimeline(tx, {
    studentId: keptId,
    kind: "merge",
    actor,
    detail: {
      mergedId,
      mergedName: merged.name,
      mergedMobiles: merged.mobiles,
      mergedEmails: merged.emails,
      forms: movedEnquiries.length + movedRegistrations.length,
      entries: movedEntries.length,
      ...(plan.stage !== kept.stage ? { stage: { from: kept.stage, to: plan.stage } } : {}),
      ...(plan.ownerId !== kept.ownerId ? { owner: { from: kept.ownerId, to: plan.ownerId } } : {}),
      ...(batchChange ? { batch: batchChange } : {}),
      ...(plan.nextFollowUpAt?.getTime() !== kept.nextFollowUpAt?.getTime()
        ? {
            followUp: {
              from: kept.nextFollowUpAt?.toISOString() ?? null,
              to: plan.nextFollowUpAt?.toISOString() ?? null,
            },
          }
        : {}),
      version: updated.version,
    },
  });
  return {
    ok: true,
    kept: updated,
    merged,
    movedForms: movedEnquiries.length + movedRegistrations.length,
    movedEntries: movedEntries.length,
  };
}

/** The record a merged record went into, if `id` was merged (and its kept record still exists). */
export async function mergedInto(db: AppDatabase, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ keptId: studentMerges.keptId })
    .from(studentMerges)
    .where(eq(studentMerges.mergedId, id));
  return row?.keptId;
}

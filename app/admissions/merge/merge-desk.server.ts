// The admin's merge screen: two records side by side, what the kept one becomes, and the
// merge itself (audited, announced to open desks). Admin only: the route checks it.
import { data, redirect } from "react-router";
import { ownerNames } from "~/admissions/assignment/assignment.server";
import { subjectOf } from "~/admissions/records/record-audit.server";
import { everyRecord } from "~/admissions/records/record-scope.server";
import { getStudentRecord, recordSubmissions, type StudentRecord } from "~/admissions/records/student-records.server";
import { recordTimeline } from "~/admissions/records/student-timeline.server";
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { maxRowId } from "~/platform/form-data.server";
import { indiaTimestamp } from "~/platform/india-time";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { likelyDuplicates, mergePlan, mergeStudentRecords } from "./student-merge.server";

function otherIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= maxRowId ? id : undefined;
}

async function side(db: AppDatabase, record: StudentRecord & { ownerName: string | null }) {
  const [submissions, timeline] = await Promise.all([
    recordSubmissions(db, record.id),
    recordTimeline(db, record.id, 1000),
  ]);
  return {
    id: record.id,
    name: record.name,
    mobiles: record.mobiles.length ? record.mobiles : [record.mobile],
    emails: record.emails.length ? record.emails : [record.email],
    place: [record.district, record.state].filter(Boolean).join(", "),
    courses: record.courses,
    stage: record.stage,
    lostReason: record.lostReason,
    ownerName: record.ownerName,
    nextFollowUpAt: record.nextFollowUpAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    version: record.version,
    forms: submissions.map((row) => ({
      kind: row.kind,
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      course: row.course,
    })),
    timelineEntries: timeline.length,
  };
}

/** What the merge screen shows: the record, the one to compare it with (?with=), and likely duplicates. */
export async function loadMergePage(db: AppDatabase, id: number, request: Request) {
  const record = await getStudentRecord(db, id, everyRecord);
  if (!record) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const withText = (params.get("with") ?? "").slice(0, 20);
  const otherId = otherIdOf(withText);
  const other = otherId && otherId !== id ? await getStudentRecord(db, otherId, everyRecord) : undefined;
  const nameOf = await ownerNames(db);
  const outcome = (kept: StudentRecord, merged: StudentRecord) => {
    const plan = mergePlan(kept, merged);
    return {
      keptId: kept.id,
      mergedId: merged.id,
      stage: plan.stage,
      lostReason: plan.lostReason,
      ownerName: plan.ownerId ? nameOf(plan.ownerId) : null,
      nextFollowUpAt: plan.nextFollowUpAt?.toISOString() ?? null,
      courses: plan.courses,
      mobiles: plan.mobiles,
      emails: plan.emails,
    };
  };
  return {
    record: await side(db, record),
    other: other ? await side(db, other) : null,
    withText,
    notFound: withText !== "" && !other,
    changed: params.has("changed"),
    outcomes: other ? [outcome(record, other), outcome(other, record)] : [],
    /** The older record is kept unless the admin chooses otherwise. */
    suggestedKeep: other && other.createdAt < record.createdAt ? other.id : id,
    duplicates: await likelyDuplicates(db, record, everyRecord),
  };
}

export type MergeProblem = { ok: false; error: string; field?: string };

/**
 * Merges the two records of the merge screen: `keep` names the record kept, both versions
 * must be the ones shown. Redirects to the kept record; a record changed meanwhile sends the
 * admin back to compare again.
 */
export async function handleMergeForm(db: AppDatabase, form: FormData, id: number, staff: StaffUser) {
  const refuse = (error: string, status = 400, field?: string) =>
    data<MergeProblem>({ ok: false, error, field }, { status });
  const otherId = otherIdOf(String(form.get("with") ?? ""));
  if (!otherId || otherId === id) return refuse("Please choose another record to merge with.", 400, "with");
  const keep = Number(form.get("keep"));
  if (keep !== id && keep !== otherId) return refuse("Please choose which record to keep.", 400, "keep");
  if (form.get("confirm") !== "yes") {
    return refuse("Please tick the box to confirm that both records are the same student.", 400, "confirm");
  }
  const versionOf = (name: string) => Number(form.get(name));
  const mergedId = keep === id ? otherId : id;
  const versions = {
    kept: versionOf(keep === id ? "version" : "withVersion"),
    merged: versionOf(keep === id ? "withVersion" : "version"),
  };
  const [keptBefore, mergedBefore] = await Promise.all([
    getStudentRecord(db, keep, everyRecord),
    getStudentRecord(db, mergedId, everyRecord),
  ]);
  if (!keptBefore || !mergedBefore) return refuse("One of the two records no longer exists.", 404);
  const nameOf = await ownerNames(db);
  const result = await auditedChange(
    db,
    (tx) => mergeStudentRecords(tx, { keptId: keep, mergedId }, versions, { id: staff.id, email: staff.email }),
    (done) => {
      if (!done.ok) return undefined;
      const detail: Record<string, unknown> = {
        merged: subjectOf(done.merged.id, done.merged.name),
        forms: done.movedForms,
        timelineEntries: done.movedEntries,
      };
      if (done.kept.stage !== keptBefore.stage) detail.stage = `${keptBefore.stage} -> ${done.kept.stage}`;
      if (done.kept.ownerId !== keptBefore.ownerId)
        detail.owner = `${nameOf(keptBefore.ownerId)} -> ${nameOf(done.kept.ownerId)}`;
      if (done.kept.nextFollowUpAt?.getTime() !== keptBefore.nextFollowUpAt?.getTime()) {
        const show = (date: Date | null) => (date ? indiaTimestamp(date) : "none");
        detail.nextFollowUp = `${show(keptBefore.nextFollowUpAt)} -> ${show(done.kept.nextFollowUpAt)}`;
      }
      return { actor: staff.email, action: "student.merge", subject: subjectOf(done.kept.id, done.kept.name), detail };
    },
  );
  if (!result.ok) {
    if (result.reason === "changed") return redirect(`/admin/students/${id}/merge?with=${otherId}&changed=1`);
    return refuse(
      result.reason === "same" ? "A record cannot be merged with itself." : "One of the two records no longer exists.",
      result.reason === "same" ? 400 : 404,
    );
  }
  // Open pages of either record reload: the merged one's leads to the kept record.
  publishRecordChange({ id: result.kept.id, courses: result.kept.courses });
  publishRecordChange({ id: result.merged.id, courses: result.merged.courses });
  return redirect(`/admin/students/${result.kept.id}?merged=${result.merged.id}`);
}

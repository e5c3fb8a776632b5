// A student record's page on the desk: the record, its forms as sent, its timeline, the
// accounts it can be given to, likely duplicates and the WhatsApp messages to send.

import { data, redirect } from "react-router";
import { ownerChoices } from "~/admissions/assignment/assignment.server";
import { enrolmentChoices } from "~/admissions/enrolment/enrolment.server";
import { intakeView, recordIntakes } from "~/admissions/intake/intake.server";
import { likelyDuplicates, mergedInto } from "~/admissions/merge/student-merge.server";
import { loadWhatsappTemplates } from "~/admissions/whatsapp/whatsapp-templates.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxRowId } from "~/platform/form-data.server";
import type { RecordScope } from "./record-scope.server";
import type { TimelineView } from "./record-views";
import { getStudentRecord, recordSubmissions } from "./student-records.server";
import { recordTimeline, type TimelineEntry } from "./student-timeline.server";

/** A record id from the URL: a positive whole number, else 404. */
export function recordIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > maxRowId) throw data(null, { status: 404 });
  return id;
}

export function timelineView(entry: TimelineEntry): TimelineView {
  return { id: entry.id, kind: entry.kind, at: entry.at.toISOString(), actor: entry.actorLabel, detail: entry.detail };
}

/**
 * A record's page. A record merged into another leads to the kept record (with ?merged=<id>,
 * so the page says so), when the kept record is in this scope; otherwise 404.
 */
export async function loadRecordPage(db: AppDatabase, id: number, scope: RecordScope, base = "/admin/students") {
  const record = await getStudentRecord(db, id, scope);
  if (!record) {
    const kept = await mergedInto(db, id);
    if (kept && (await getStudentRecord(db, kept, scope))) throw redirect(`${base}/${kept}?merged=${id}`);
    throw data(null, { status: 404 });
  }
  const [submissions, timeline, owners, duplicates, whatsappTemplates, intakes, batches] = await Promise.all([
    recordSubmissions(db, id),
    recordTimeline(db, id),
    ownerChoices(db, record),
    likelyDuplicates(db, record, scope),
    loadWhatsappTemplates(db),
    recordIntakes(db, id),
    enrolmentChoices(db, record),
  ]);
  return {
    record: {
      id: record.id,
      name: record.name,
      email: record.email,
      mobile: record.mobile,
      mobiles: record.mobiles,
      emails: record.emails,
      state: record.state,
      district: record.district,
      courses: record.courses,
      branch: record.branch,
      branchSource: record.branchSource,
      stage: record.stage,
      lostReason: record.lostReason,
      lostNote: record.lostNote,
      ownerId: record.ownerId,
      ownerName: record.ownerName,
      nextFollowUpAt: record.nextFollowUpAt?.toISOString() ?? null,
      batchId: record.batchId,
      version: record.version,
      createdAt: record.createdAt.toISOString(),
    },
    submissions: submissions.map((row) => ({
      kind: row.kind,
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      stream: row.stream,
      major: row.major,
      state: row.state,
      district: row.district,
      course: row.course,
      batch: row.batch,
      question: row.kind === "enquiry" ? row.question : "",
      guardian: row.under18 ? { name: row.guardianName, mobile: row.guardianMobile } : null,
      landingPage: row.landingPage,
      campaign: [row.utmSource, row.utmMedium, row.utmCampaign].filter(Boolean).join(" / "),
    })),
    timeline: timeline.map(timelineView),
    intakes: intakes.map(intakeView),
    owners,
    duplicates,
    whatsappTemplates,
    batches,
  };
}

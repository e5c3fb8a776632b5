// A student's own data on request (DPDP Act, right of access): their record, every form
// they sent and the record's timeline, as one JSON file an admin downloads and hands over.
// Each download is in the audit log (by record id, never the data itself).

import { enrolmentLine } from "~/admissions/enrolment/enrolment.server";
import { recordIntakes } from "~/admissions/intake/intake.server";
import { everyRecord } from "~/admissions/records/record-scope.server";
import { getStudentRecord, recordSubmissions } from "~/admissions/records/student-records.server";
import { recordTimeline } from "~/admissions/records/student-timeline.server";
import { site } from "~/config/site";
import type { AppDatabase } from "~/platform/database.server";
import { indiaDay } from "~/platform/india-time";
import { getBatch } from "~/site/batches.server";
import { recordAudit } from "~/staff/audit-log.server";

/** Everything held about the student of record `id`, or undefined when there is no such record. */
export async function studentDataExport(db: AppDatabase, id: number) {
  const record = await getStudentRecord(db, id, everyRecord);
  if (!record) return undefined;
  const [submissions, timeline, intakes, batch] = await Promise.all([
    recordSubmissions(db, id),
    recordTimeline(db, id, 100_000),
    recordIntakes(db, id),
    record.batchId === null ? undefined : getBatch(db, record.batchId),
  ]);
  return {
    about: `Everything ${site.name} holds about this student: the student record, every form sent, every visit, call or list row recorded on the desk ("intakes", with the row as uploaded), and the record's timeline (calls, messages, notes and changes). Times are in UTC (ISO 8601).`,
    exportedAt: new Date().toISOString(),
    record: {
      id: record.id,
      name: record.name,
      email: record.email,
      mobile: record.mobile,
      allEmails: record.emails,
      allMobiles: record.mobiles,
      state: record.state,
      district: record.district,
      courses: record.courses,
      stage: record.stage,
      lostReason: record.lostReason,
      lostNote: record.lostNote,
      owner: record.ownerName,
      nextFollowUpAt: record.nextFollowUpAt?.toISOString() ?? null,
      /** The batch an enrolled student joined (decision 032). */
      batch: batch ? enrolmentLine(batch) : null,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    },
    submissions: submissions
      .map((row) => ({
        form: row.kind,
        id: row.id,
        sentAt: row.createdAt.toISOString(),
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        stream: row.stream,
        major: row.major,
        state: row.state,
        district: row.district,
        course: row.course,
        under18: row.under18,
        guardianName: row.guardianName,
        guardianMobile: row.guardianMobile,
        guardianConsent: row.guardianConsent,
        consentedAt: row.consentedAt.toISOString(),
        status: row.status,
        notes: row.notes,
        landingPage: row.landingPage,
        utmSource: row.utmSource,
        utmMedium: row.utmMedium,
        utmCampaign: row.utmCampaign,
      }))
      .reverse(),
    intakes: intakes
      .map((row) => ({
        id: row.id,
        recordedAt: row.createdAt.toISOString(),
        door: row.door,
        how: row.how,
        howDetail: row.howDetail,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        state: row.state,
        district: row.district,
        courses: row.courses,
        branch: row.branch,
        note: row.note,
        consent: row.consent,
        consentTo: row.consentTo,
        rowNumber: row.rowNumber,
        row: row.row,
        recordedBy: row.createdBy,
      }))
      .reverse(),
    timeline: timeline
      .map((entry) => ({
        at: entry.at.toISOString(),
        kind: entry.kind,
        by: entry.actorLabel || null,
        detail: entry.detail,
      }))
      .reverse(),
  };
}

/** The download: a JSON file, recorded in the audit log with who asked for it. Undefined: no such record. */
export async function studentDataDownload(db: AppDatabase, id: number, actor: string): Promise<Response | undefined> {
  const exported = await studentDataExport(db, id);
  if (!exported) return undefined;
  await recordAudit(db, {
    actor,
    action: "student-data.export",
    subject: `student ${id}`,
    detail: {
      forms: exported.submissions.length,
      timelineEntries: exported.timeline.length,
    },
  });
  // Named for the day in India, as the desk's CSV downloads are (decision 027).
  const day = indiaDay(new Date(exported.exportedAt));
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="student-${id}-data-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import { batchEntryText, batchEntryTitle } from "~/admissions/enrolment/enrolment-choice";
import { intakeText, intakeTitle } from "~/admissions/intake/intake-timeline";
// A student record's timeline on its page, newest first: one line per entry, each kind in its
// own words (the entries are written by student-timeline.server.ts).
import { IndiaTime } from "~/components/desk/india-time";
import { formatIndiaTime } from "~/platform/india-time";
import { courseLabelOf } from "./record-list";
import type { TimelineView } from "./record-views";
import { lostReasonLabels, stageLabels } from "./stage-labels";
import { branchName, branchText } from "./student-branches";
import { type CallOutcome, callOutcomeLabels, type LostReason, type StudentStage } from "./student-stages";

/** The forms a timeline entry may name, for an enquiry's question (kept once, on the form). */
type SentForm = { kind: string; id: number; question: string };

export function RecordTimeline({
  timeline,
  owners,
  submissions,
}: {
  timeline: TimelineView[];
  owners: { id: string; name: string }[];
  submissions: readonly SentForm[];
}) {
  return (
    <section aria-labelledby="timeline-title" className="record-panel">
      <h2 id="timeline-title">Timeline</h2>
      <ol className="record-timeline">
        {timeline.map((entry) => (
          <li key={entry.id}>
            <IndiaTime iso={entry.at} /> <strong>{timelineTitle(entry)}</strong>
            {entry.actor ? <span className="record-muted"> · {entry.actor}</span> : null}
            <TimelineText entry={entry} owners={owners} submissions={submissions} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function timelineTitle(entry: TimelineView): string {
  switch (entry.kind) {
    case "submission":
      return entry.detail.form === "registration" ? "Registration received" : "Enquiry received";
    case "call":
      return "Call";
    case "whatsapp":
      return "WhatsApp message";
    case "email":
      return "E-mail";
    case "note":
      return "Note";
    case "stage":
      return "Stage";
    case "owner":
      return "Owner";
    case "branch":
      return entry.detail.confirmed ? "Branch confirmed" : "Branch";
    case "follow_up":
      return "Follow-up";
    case "merge":
      return "Merged";
    case "email_sent":
      return entry.detail.what === "acknowledgement" ? "Acknowledgement e-mailed" : "E-mail sent";
    case "intake":
      return intakeTitle(entry.detail);
    case "batch":
      return batchEntryTitle(entry.detail);
    default:
      return entry.kind;
  }
}

function stageName(value: unknown): string {
  return stageLabels[value as StudentStage] ?? String(value ?? "");
}

export function changeText(entry: TimelineView, owners: { id: string; name: string }[] = []): string {
  const d = entry.detail;
  const ownerName = (id: unknown) =>
    id ? (owners.find((owner) => owner.id === id)?.name ?? "a former account") : "Unassigned";
  const time = (value: unknown) => (typeof value === "string" ? formatIndiaTime(value) : "none");
  switch (entry.kind) {
    case "stage":
      return `${d.from ? `${stageName(d.from)} → ` : ""}${stageName(d.to)}${d.reason ? ` (${lostReasonLabels[d.reason as LostReason] ?? d.reason})` : ""}${d.note ? `: ${d.note}` : ""}`;
    case "owner":
      return `${ownerName(d.from)} → ${ownerName(d.to)}${typeof d.reason === "string" && d.reason ? ` (${d.reason})` : ""}${d.rule === "pool" && typeof d.branch === "string" ? ` (the ${branchName(d.branch)} pool)` : ""}`;
    case "branch": {
      const before = branchText(d.from as string | null, d.fromSource as string | null);
      const after = branchName(d.to as string | null);
      if (d.confirmed) return `${after}: confirmed (it was ${before})`;
      const why = d.source === "batch" ? " (from the batch picked)" : "";
      return `${before} → ${after}${why}`;
    }
    case "follow_up":
      return `${time(d.from)} → ${time(d.to)}`;
    case "batch":
      return batchEntryText(d);
    case "merge": {
      const parts = [
        `Record ${d.mergedId} (${String(d.mergedName ?? "")}) merged into this one: ${Number(d.forms ?? 0)} forms and ${Number(d.entries ?? 0)} timeline entries moved here`,
      ];
      const stage = d.stage as { from?: unknown; to?: unknown } | undefined;
      const owner = d.owner as { from?: unknown; to?: unknown } | undefined;
      const followUp = d.followUp as { from?: unknown; to?: unknown } | undefined;
      if (stage) parts.push(`stage ${stageName(stage.from)} → ${stageName(stage.to)}`);
      if (owner) parts.push(`owner ${ownerName(owner.from)} → ${ownerName(owner.to)}`);
      if (followUp) parts.push(`follow-up ${time(followUp.from)} → ${time(followUp.to)}`);
      const batch = d.batch as { from?: unknown; to?: unknown } | undefined;
      if (batch) parts.push(`batch: ${batchEntryText(batch)}`);
      return parts.join("; ");
    }
    default:
      return "";
  }
}

function TimelineText({
  entry,
  owners,
  submissions,
}: {
  entry: TimelineView;
  owners: { id: string; name: string }[];
  submissions: readonly SentForm[];
}) {
  const d = entry.detail;
  if (entry.kind === "submission") {
    const parts = [
      d.course ? courseLabelOf(String(d.course)) : "",
      d.landingPage ? `from ${d.landingPage}` : "",
      [d.utmSource, d.utmMedium, d.utmCampaign].filter(Boolean).join(" / "),
    ].filter(Boolean);
    // The question is read from the form itself: it is kept once, and goes when the form is deleted.
    const question = submissions.find((row) => row.kind === d.form && row.id === d.submissionId)?.question;
    return parts.length || question ? (
      <>
        {parts.length ? <p>{parts.join(" · ")}</p> : null}
        {question ? <blockquote className="record-question">{question}</blockquote> : null}
      </>
    ) : null;
  }
  if (entry.kind === "note") return <p className="record-note">{String(d.text ?? "")}</p>;
  if (entry.kind === "email_sent") return <p>{`Sent by the site: "${String(d.subject ?? "")}"`}</p>;
  if (entry.kind === "intake") return <p className="record-note">{intakeText(d, entry.actor)}</p>;
  if (entry.kind === "call" || entry.kind === "whatsapp") {
    return (
      <p className="record-note">
        {d.outcome ? callOutcomeLabels[d.outcome as CallOutcome] : ""}
        {d.outcome && d.note ? ": " : ""}
        {String(d.note ?? "")}
      </p>
    );
  }
  const text = changeText(entry, owners);
  return text ? <p>{text}</p> : null;
}

import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useBeforeUnload, useBlocker, useNavigation } from "react-router";
import type { RecordFormProblem, TimelineView } from "~/admissions/record-views";
import { lostReasonLabels, stageLabels } from "~/admissions/stage-labels";
import { internationalMobile } from "~/admissions/student-contact";
import {
  type CallOutcome,
  callOutcomeLabels,
  callOutcomes,
  type LostReason,
  lostReasons,
  maxNoteLength,
  type StudentStage,
  studentStages,
} from "~/admissions/student-stages";
import { site } from "~/config/site";
import { deskTime } from "~/staff/staff-desk";
import { LiveBadge, useLiveUpdates } from "./live-updates";
import { courseLabelOf } from "./record-list";

export interface RecordPageData {
  record: {
    id: number;
    name: string;
    email: string;
    mobile: string;
    mobiles: string[];
    emails: string[];
    state: string;
    district: string;
    courses: string[];
    stage: StudentStage;
    lostReason: LostReason | null;
    lostNote: string;
    ownerId: string | null;
    ownerName: string | null;
    nextFollowUpAt: string | null;
    version: number;
    createdAt: string;
  };
  submissions: {
    kind: "enquiry" | "registration";
    id: number;
    createdAt: string;
    name: string;
    email: string;
    mobile: string;
    stream: string;
    major: string;
    state: string;
    district: string;
    course: string | null;
    /** The batch a registration picked, as it read then ("" for none). */
    batch: string;
    /** An enquiry's question in the student's words ("" when none). */
    question: string;
    guardian: { name: string; mobile: string } | null;
    landingPage: string;
    campaign: string;
  }[];
  timeline: TimelineView[];
  owners: { id: string; name: string }[];
  base: string;
  saved: string | null;
}

/** "2026-11-25T16:30" in India, for a datetime-local field (the desk's times are India's). */
function indiaInputValue(iso: string | null): string {
  if (!iso) return "";
  return new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 16);
}

const savedMessages: Record<string, string> = {
  stage: "Stage saved.",
  owner: "Owner saved.",
  "follow-up": "Follow-up saved.",
  note: "Note added.",
  contact: "Logged.",
};

/** A student's record: quick actions, details, the forms that change it, its submissions and timeline. */
export function RecordPage({ page, answer }: { page: RecordPageData; answer?: RecordFormProblem }) {
  const live = useLiveUpdates();
  const { record } = page;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = (intent: string) => (answer && answer.intent === intent ? answer : undefined);
  const typed = (intent: string, name: string, fallback: string) => failed(intent)?.values[name] ?? fallback;
  // The version the edit forms were filled in on. A change by someone else arrives live (the
  // summary and timeline show it) but does not move it: a save on top of a change one may not
  // have noticed is refused and explained. Only this page's own saves move it on.
  const [formVersion, setFormVersion] = useState(record.version);
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") submitted.current = submitted.current || navigation.formMethod !== undefined;
    else if (submitted.current) {
      submitted.current = false;
      setFormVersion(record.version);
    }
  }, [navigation.state, navigation.formMethod, record.version]);
  const version = answer?.conflict ? answer.conflict.current.version : formVersion;

  // Leaving with something typed and not saved asks first (another page of the desk, or the tab).
  const [unsaved, setUnsaved] = useState(false);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (unsaved) event.preventDefault();
      },
      [unsaved],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  // Asked once per attempt to leave, however often the page renders while it is held.
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    if (window.confirm("You have typed something on this record that is not saved. Leave it anyway?")) {
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);
  const changedMeanwhile = !answer?.conflict && record.version !== formVersion;
  const course = record.courses[0] ? courseLabelOf(record.courses[0]) : "our courses";
  const whatsappText = `Hello ${record.name}, this is ${site.name} about ${course}. `;
  const whatsapp = `https://wa.me/${internationalMobile(record.mobile)}?text=${encodeURIComponent(whatsappText)}`;

  // After a save the page comes back at the form that was sent: keyboard focus goes there too
  // (each save brings new page data, so a second save of the same form focuses it again).
  useEffect(() => {
    const target = answer?.intent ?? page.saved;
    if (target) document.getElementById(target)?.focus();
  }, [page, answer]);

  return (
    <article
      aria-labelledby="record-title"
      className="record"
      onInput={() => setUnsaved(true)}
      onChange={() => setUnsaved(true)}
      onSubmit={() => setUnsaved(false)}
    >
      <p className="record-back">
        <Link to={page.base}>All students</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 id="record-title" className="page-title mb-0">
          {record.name}
        </h1>
        <LiveBadge state={live.state} />
      </div>
      <p className="record-summary">
        <span className={`stage stage-${record.stage}`}>{stageLabels[record.stage]}</span>
        {record.lostReason
          ? ` (${lostReasonLabels[record.lostReason]}${record.lostNote ? `: ${record.lostNote}` : ""})`
          : ""}
        {" · "}
        {record.ownerName ? `Owner: ${record.ownerName}` : "Unassigned"}
        {" · "}
        {record.nextFollowUpAt
          ? `Next follow-up ${deskTime.format(new Date(record.nextFollowUpAt))} IST`
          : "No follow-up set"}
      </p>
      {changedMeanwhile ? (
        <p role="status" className="desk-result desk-result-error">
          Someone else changed this record while you had it open: the line above shows it now, and the timeline says
          what changed. Your own changes are checked against it when you save.
        </p>
      ) : null}
      {answer ? (
        <div role="alert" className="desk-result desk-result-error">
          <p>Error: {answer.error}</p>
          {answer.conflict ? <ConflictDetails conflict={answer.conflict} /> : null}
        </div>
      ) : null}

      <div className="record-actions">
        <a className="btn-primary" href={`tel:+${internationalMobile(record.mobile)}`}>
          Call {record.mobile}
        </a>
        <a className="btn-secondary" href={whatsapp} target="_blank" rel="noreferrer">
          WhatsApp
        </a>
        {record.email ? (
          <a className="btn-secondary" href={`mailto:${record.email}`}>
            E-mail
          </a>
        ) : null}
      </div>

      <div className="record-grid">
        <section aria-labelledby="contact" className="record-panel">
          <h2 id="contact-title">Log a call or message</h2>
          <Form method="post" className="desk-form" id="contact" tabIndex={-1} aria-labelledby="contact-title">
            <input type="hidden" name="intent" value="contact" />
            <fieldset className="record-choices">
              <legend>How</legend>
              {(["call", "whatsapp"] as const).map((channel) => (
                <label key={channel}>
                  <input
                    type="radio"
                    name="channel"
                    value={channel}
                    defaultChecked={typed("contact", "channel", "call") === channel}
                  />{" "}
                  {channel === "call" ? "Call" : "WhatsApp"}
                </label>
              ))}
            </fieldset>
            <label>
              Outcome of the call
              <select name="outcome" defaultValue={typed("contact", "outcome", "")}>
                <option value="">Choose...</option>
                {callOutcomes.map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {callOutcomeLabels[outcome as CallOutcome]}
                  </option>
                ))}
              </select>
            </label>
            <NoteField name="note" label="Note (optional)" value={typed("contact", "note", "")} />
            <label>
              Next follow-up (India time)
              <input
                type="datetime-local"
                name="nextFollowUpAt"
                defaultValue={typed("contact", "nextFollowUpAt", indiaInputValue(record.nextFollowUpAt))}
              />
            </label>
            <button type="submit" className="btn-primary" disabled={busy}>
              Log it
            </button>
            <SavedNote intent="contact" saved={answer ? null : page.saved} />
          </Form>
        </section>

        <section aria-labelledby="stage-title" className="record-panel">
          <h2 id="stage-title">Stage</h2>
          <Form method="post" className="desk-form" id="stage" tabIndex={-1} aria-labelledby="stage-title">
            <input type="hidden" name="intent" value="stage" />
            <input type="hidden" name="version" value={version} />
            <label>
              Stage
              <select name="stage" defaultValue={typed("stage", "stage", record.stage)}>
                {studentStages.map((stage) => (
                  <option key={stage} value={stage}>
                    {stageLabels[stage]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              If lost, why
              <select name="lostReason" defaultValue={typed("stage", "lostReason", record.lostReason ?? "")}>
                <option value="">Choose...</option>
                {lostReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {lostReasonLabels[reason]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Other reason, or a word more
              <input
                type="text"
                name="lostNote"
                defaultValue={typed("stage", "lostNote", record.lostNote)}
                maxLength={500}
              />
            </label>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Save stage
            </button>
            <SavedNote intent="stage" saved={answer ? null : page.saved} />
          </Form>

          <h2 id="owner-title">Owner</h2>
          <Form method="post" className="desk-form" id="owner" tabIndex={-1} aria-labelledby="owner-title">
            <input type="hidden" name="intent" value="owner" />
            <input type="hidden" name="version" value={version} />
            <label>
              Owner
              <select name="ownerId" defaultValue={typed("owner", "ownerId", record.ownerId ?? "")}>
                <option value="">Unassigned</option>
                {page.owners.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Save owner
            </button>
            <SavedNote intent="owner" saved={answer ? null : page.saved} />
          </Form>

          <h2 id="follow-up-title">Next follow-up</h2>
          <Form method="post" className="desk-form" id="follow-up" tabIndex={-1} aria-labelledby="follow-up-title">
            <input type="hidden" name="intent" value="follow-up" />
            <input type="hidden" name="version" value={version} />
            <label>
              Date and time (India time; empty: none)
              <input
                type="datetime-local"
                name="nextFollowUpAt"
                defaultValue={typed("follow-up", "nextFollowUpAt", indiaInputValue(record.nextFollowUpAt))}
              />
            </label>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Save follow-up
            </button>
            <SavedNote intent="follow-up" saved={answer ? null : page.saved} />
          </Form>
        </section>

        <section aria-labelledby="note-title" className="record-panel">
          <h2 id="note-title">Add a note</h2>
          <Form method="post" className="desk-form" id="note" tabIndex={-1} aria-labelledby="note-title">
            <input type="hidden" name="intent" value="note" />
            <NoteField name="text" label="Note" value={typed("note", "text", "")} />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Add note
            </button>
            <SavedNote intent="note" saved={answer ? null : page.saved} />
          </Form>

          <h2>Details</h2>
          <dl className="record-details">
            <dt>Mobile</dt>
            <dd>{record.mobiles.join(", ") || record.mobile}</dd>
            <dt>E-mail</dt>
            <dd>{record.emails.join(", ") || record.email}</dd>
            <dt>Place</dt>
            <dd>
              {record.district}, {record.state}
            </dd>
            <dt>Courses</dt>
            <dd>
              {record.courses.length ? record.courses.map(courseLabelOf).join(", ") : "None yet (enquiries only)"}
            </dd>
            <dt>First contact</dt>
            <dd>{deskTime.format(new Date(record.createdAt))} IST</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="timeline-title" className="record-panel">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="record-timeline">
          {page.timeline.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{deskTime.format(new Date(entry.at))}</time>{" "}
              <strong>{timelineTitle(entry)}</strong>
              {entry.actor ? <span className="record-muted"> · {entry.actor}</span> : null}
              <TimelineText entry={entry} owners={page.owners} submissions={page.submissions} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="submissions-title" className="record-panel">
        <h2 id="submissions-title">Forms sent ({page.submissions.length})</h2>
        <ul className="record-submissions">
          {page.submissions.map((row) => (
            <li key={`${row.kind}-${row.id}`}>
              <strong>
                {row.kind === "enquiry"
                  ? `Enquiry${row.course ? `: asked about ${courseLabelOf(row.course)}` : ""}`
                  : `Registration: ${courseLabelOf(row.course ?? "")}`}
              </strong>{" "}
              <time dateTime={row.createdAt}>{deskTime.format(new Date(row.createdAt))}</time>
              {row.batch ? (
                <>
                  <br />
                  {`Batch: ${row.batch}`}
                </>
              ) : null}
              <br />
              {row.name} · {row.mobile} · {row.email} · {row.stream} {row.major} · {row.district}, {row.state}
              {row.guardian ? ` · Under 18: guardian ${row.guardian.name}, ${row.guardian.mobile}` : ""}
              {row.question ? <blockquote className="record-question">{row.question}</blockquote> : null}
              {row.landingPage || row.campaign ? (
                <>
                  <br />
                  Came by {row.landingPage || "an unknown page"}
                  {row.campaign ? ` (${row.campaign})` : ""}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

/** "Saved." beside the form that was just saved (a page without JavaScript comes back scrolled to it). */
function SavedNote({ intent, saved }: { intent: string; saved: string | null }) {
  if (saved !== intent) return null;
  return (
    <p role="status" className="desk-result desk-result-ok">
      {savedMessages[intent] ?? "Saved."}
    </p>
  );
}

/** A note field that says its limit before saving and counts as one types (never cuts text off). */
function NoteField({ name, label, value }: { name: string; label: string; value: string }) {
  const [length, setLength] = useState(value.length);
  const over = length > maxNoteLength;
  const id = `${name}-limit`;
  return (
    <label>
      {label}
      <textarea
        name={name}
        rows={3}
        defaultValue={value}
        aria-describedby={id}
        onChange={(event) => setLength(event.currentTarget.value.length)}
      />
      <span id={id} className={over ? "record-over" : "desk-hint"}>
        {over
          ? `${length} characters: ${length - maxNoteLength} over the limit of ${maxNoteLength}. Please shorten it.`
          : `Up to ${maxNoteLength.toLocaleString("en-IN")} characters${length ? ` (${length} so far)` : ""}.`}
      </span>
    </label>
  );
}

function ConflictDetails({ conflict }: { conflict: NonNullable<RecordFormProblem["conflict"]> }) {
  const { current } = conflict;
  return (
    <div>
      <p>
        Now: {stageLabels[current.stage as StudentStage] ?? current.stage}
        {current.lostReason ? ` (${lostReasonLabels[current.lostReason as LostReason] ?? current.lostReason})` : ""} ·{" "}
        {current.ownerName ?? "Unassigned"} ·{" "}
        {current.nextFollowUpAt ? `follow-up ${deskTime.format(new Date(current.nextFollowUpAt))} IST` : "no follow-up"}
      </p>
      {conflict.changes.length ? (
        <ul>
          {conflict.changes.map((entry) => (
            <li key={entry.id}>
              {entry.actor || "Someone"} changed the {timelineTitle(entry).toLowerCase()}: {changeText(entry)} (
              {deskTime.format(new Date(entry.at))})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function timelineTitle(entry: TimelineView): string {
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
    case "follow_up":
      return "Follow-up";
    case "merge":
      return "Merged";
    default:
      return entry.kind;
  }
}

function stageName(value: unknown): string {
  return stageLabels[value as StudentStage] ?? String(value ?? "");
}

function changeText(entry: TimelineView, owners: { id: string; name: string }[] = []): string {
  const d = entry.detail;
  const ownerName = (id: unknown) =>
    id ? (owners.find((owner) => owner.id === id)?.name ?? "a former account") : "Unassigned";
  const time = (value: unknown) => (typeof value === "string" ? `${deskTime.format(new Date(value))} IST` : "none");
  switch (entry.kind) {
    case "stage":
      return `${d.from ? `${stageName(d.from)} → ` : ""}${stageName(d.to)}${d.reason ? ` (${lostReasonLabels[d.reason as LostReason] ?? d.reason})` : ""}${d.note ? `: ${d.note}` : ""}`;
    case "owner":
      return `${ownerName(d.from)} → ${ownerName(d.to)}`;
    case "follow_up":
      return `${time(d.from)} → ${time(d.to)}`;
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
  submissions: RecordPageData["submissions"];
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

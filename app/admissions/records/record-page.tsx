import { FormMessage } from "~/components/forms";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useBeforeUnload, useBlocker, useNavigation } from "react-router";
import { intakeText, intakeTitle } from "~/admissions/intake/intake-timeline";
import type { RecordFormProblem, TimelineView } from "~/admissions/records/record-views";
import { lostReasonLabels, stageLabels } from "~/admissions/records/stage-labels";
import { internationalMobile } from "~/admissions/records/student-contact";
import {
  type CallOutcome,
  callOutcomeLabels,
  callOutcomes,
  type LostReason,
  lostReasons,
  maxNoteLength,
  type StudentStage,
  studentStages,
} from "~/admissions/records/student-stages";
import { stateLabelOf } from "~/admissions/submissions/options";
import { fillTemplate, type WhatsappTemplate, whatsappChatHref } from "~/admissions/whatsapp/whatsapp-templates";
import { IndiaTime, useViewerZone } from "~/components/desk/india-time";
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
  duplicates: { id: number; name: string; mobile: string; district: string; reasons: string[] }[];
  whatsappTemplates: WhatsappTemplate[];
  base: string;
  saved: string | null;
  /** Set when the page was reached from a record merged into this one. */
  mergedFrom: number | null;
  /** Admins see the merge and the student's data download. */
  admin: boolean;
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
  added: "Student added.",
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
  // "Typed" is a ref set in the input handler itself, and the blocker reads it when a link is
  // followed: a state update only reaches the router's copy of the blocker in an effect after
  // the next render, and a click in between went through unasked. The prompt is answered once
  // per attempt to leave; proceeding waits for the router to have settled the blocked state.
  const unsaved = useRef(false);
  const markUnsaved = useCallback(() => {
    unsaved.current = true;
  }, []);
  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (unsaved.current) event.preventDefault();
    }, []),
  );
  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string };
      nextLocation: { pathname: string };
    }) => unsaved.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have typed something on this record that is not saved. Leave it anyway?")) {
      unsaved.current = false;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);
  const changedMeanwhile = !answer?.conflict && record.version !== formVersion;
  const course = record.courses[0] ? courseLabelOf(record.courses[0]) : "our courses";
  const templateValues = {
    name: record.name,
    course,
    institute: site.name,
    counsellor: record.ownerName ?? site.name,
  };
  const chats = page.whatsappTemplates.map((template) => ({
    name: template.name,
    href: whatsappChatHref(internationalMobile(record.mobile), fillTemplate(template.text, templateValues)),
  }));
  const zone = useViewerZone();

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
      onInput={markUnsaved}
      onChange={markUnsaved}
      onSubmit={() => {
        unsaved.current = false;
      }}
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
      {page.saved === "added" ? <FormMessage tone="success">{savedMessages.added}</FormMessage> : null}
      <p className="record-summary">
        <span className={`stage stage-${record.stage}`}>{stageLabels[record.stage]}</span>
        {record.lostReason
          ? ` (${lostReasonLabels[record.lostReason]}${record.lostNote ? `: ${record.lostNote}` : ""})`
          : ""}
        {" · "}
        {record.ownerName ? `Owner: ${record.ownerName}` : "Unassigned"}
        {" · "}
        {record.nextFollowUpAt ? (
          <>
            Next follow-up <IndiaTime iso={record.nextFollowUpAt} />
          </>
        ) : (
          "No follow-up set"
        )}
      </p>
      {page.mergedFrom ? (
        <p role="status" className="desk-result desk-result-ok">
          Record {page.mergedFrom} was merged into this one: its forms and timeline are here.
        </p>
      ) : null}
      {page.duplicates.length > 0 ? (
        <div className="record-hint" role="note">
          <strong>Possibly the same student:</strong>
          <ul className="record-duplicates">
            {page.duplicates.map((hint) => (
              <li key={hint.id}>
                <Link to={`${page.base}/${hint.id}`}>
                  {hint.name} (record {hint.id})
                </Link>{" "}
                · {hint.mobile} · {hint.district} · {hint.reasons.join(", ")}
                {page.admin ? (
                  <>
                    {" "}
                    · <Link to={`/admin/students/${record.id}/merge?with=${hint.id}`}>Compare and merge</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
        {chats[0] ? (
          <a className="btn-secondary" href={chats[0].href} target="_blank" rel="noreferrer">
            WhatsApp
          </a>
        ) : null}
        {record.email ? (
          <a className="btn-secondary" href={`mailto:${record.email}`}>
            E-mail
          </a>
        ) : null}
      </div>
      {chats.length > 1 ? (
        <details className="record-chats">
          <summary className="record-chats-title">More WhatsApp messages</summary>
          <ul className="record-duplicates">
            {chats.map((chat) => (
              <li key={chat.name}>
                <a href={chat.href} target="_blank" rel="noreferrer">
                  WhatsApp: {chat.name}
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <div className="record-grid">
        <section aria-labelledby="contact-title" className="record-panel">
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
              <IstHint zone={zone} />
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
              <IstHint zone={zone} />
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
              {record.district}, {stateLabelOf(record.state)}
            </dd>
            <dt>Courses</dt>
            <dd>
              {record.courses.length ? record.courses.map(courseLabelOf).join(", ") : "None yet (enquiries only)"}
            </dd>
            <dt>First contact</dt>
            <dd>
              <IndiaTime iso={record.createdAt} />
            </dd>
          </dl>
          {page.admin ? (
            <>
              <h2>Admin</h2>
              <p>
                <Link to={`/admin/students/${record.id}/merge`}>Merge with another record…</Link>
              </p>
              <Form method="post" action={`/admin/students/${record.id}/data`} reloadDocument>
                <button type="submit" className="btn-secondary">
                  Download the student's data (JSON)
                </button>
                <span className="desk-hint">
                  {" "}
                  For a request under the DPDP Act: the record, its forms and timeline. Recorded in the audit log.
                </span>
              </Form>
            </>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="timeline-title" className="record-panel">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="record-timeline">
          {page.timeline.map((entry) => (
            <li key={entry.id}>
              <IndiaTime iso={entry.at} /> <strong>{timelineTitle(entry)}</strong>
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
              <IndiaTime iso={row.createdAt} />
              {row.batch ? (
                <>
                  <br />
                  {`Batch: ${row.batch}`}
                </>
              ) : null}
              <br />
              {row.name} · {row.mobile} · {row.email} · {row.stream} {row.major} · {row.district},{" "}
              {stateLabelOf(row.state)}
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

/** A number of characters as the desk writes numbers (2,000). */
const count = (n: number) => n.toLocaleString("en-IN");

/** A note field that says its limit before saving and counts as one types (never cuts text off). */
function NoteField({ name, label, value }: { name: string; label: string; value: string }) {
  const [length, setLength] = useState(value.length);
  const over = length > maxNoteLength;
  const id = `${name}-limit`;
  const fieldId = `${name}-field`;
  // The limit is a description of the box, not part of its name, so the label holds the label only.
  return (
    <div className="desk-field">
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        name={name}
        rows={3}
        defaultValue={value}
        aria-describedby={id}
        onChange={(event) => setLength(event.currentTarget.value.length)}
      />
      <span id={id} className={over ? "record-over" : "desk-hint"}>
        {over
          ? `${count(length)} characters: ${count(length - maxNoteLength)} over the limit of ${count(maxNoteLength)}. Please shorten it.`
          : `Up to ${count(maxNoteLength)} characters${length ? ` (${count(length)} so far)` : ""}.`}
      </span>
    </div>
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
        {current.nextFollowUpAt ? (
          <>
            follow-up <IndiaTime iso={current.nextFollowUpAt} />
          </>
        ) : (
          "no follow-up"
        )}
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
    case "email_sent":
      return entry.detail.what === "acknowledgement" ? "Acknowledgement e-mailed" : "E-mail sent";
    case "intake":
      return intakeTitle(entry.detail);
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
      return `${ownerName(d.from)} → ${ownerName(d.to)}${typeof d.reason === "string" && d.reason ? ` (${d.reason})` : ""}`;
    case "follow_up":
      return `${time(d.from)} → ${time(d.to)}`;
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

/** Beside a time field: times are typed in India's time, which may not be the viewer's. */
function IstHint({ zone }: { zone: string | null }) {
  if (!zone) return null;
  return <span className="desk-hint"> (IST, UTC+05:30; your browser is on {zone})</span>;
}

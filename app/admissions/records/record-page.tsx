import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useBeforeUnload, useBlocker, useNavigation } from "react-router";
import type { EnrolmentChoice } from "~/admissions/enrolment/enrolment-choice";
import { type IntakeView, RecordIntakes } from "~/admissions/intake/record-intakes";
import type { RecordFormProblem, TimelineView } from "~/admissions/records/record-views";
import { lostReasonLabels, stageLabels } from "~/admissions/records/stage-labels";
import { internationalMobile } from "~/admissions/records/student-contact";
import type { LostReason, StudentStage } from "~/admissions/records/student-stages";
import { stateLabelOf } from "~/admissions/submissions/options";
import { fillTemplate, type WhatsappTemplate, whatsappChatHref } from "~/admissions/whatsapp/whatsapp-templates";
import { IndiaTime, useViewerZone } from "~/components/desk/india-time";
import { FormMessage } from "~/components/forms";
import { site } from "~/config/site";
import { indiaDateTime } from "~/platform/india-time";
import { BranchForm } from "./branch-form";
import { ContactForm } from "./contact-form";
import { FollowUpForm } from "./follow-up-form";
import { LiveBadge, useLiveUpdates } from "./live-updates";
import { NoteForm } from "./note-form";
import { OwnerForm } from "./owner-form";
import type { RecordFormState } from "./record-form-parts";
import type { RecordIntent } from "./record-intents";
import { courseLabelOf } from "./record-list";
import { changeText, RecordTimeline, timelineTitle } from "./record-timeline";
import { StageForm } from "./stage-form";
import { branchText } from "./student-branches";

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
    /** The branch (null: not known yet) and how it is known ("state": a guess). */
    branch: string | null;
    branchSource: string | null;
    stage: StudentStage;
    lostReason: LostReason | null;
    lostNote: string;
    ownerId: string | null;
    ownerName: string | null;
    nextFollowUpAt: string | null;
    /** An enrolled student's batch (null: not enrolled, or not decided yet). */
    batchId: number | null;
    version: number;
    createdAt: string;
  };
  /** The batches the student may join: their courses' batches that have not ended (decision 032). */
  batches: EnrolmentChoice[];
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
  /** Arrivals by other doors than the forms (app/admissions/intake/). */
  intakes: IntakeView[];
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

/** A student's record: quick actions, details, the forms that change it, its submissions and timeline. */
export function RecordPage({ page, answer }: { page: RecordPageData; answer?: RecordFormProblem }) {
  const live = useLiveUpdates();
  const { record } = page;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = (intent: RecordIntent) => (answer && answer.intent === intent ? answer : undefined);
  const typed = (intent: RecordIntent, name: string, fallback: string) => failed(intent)?.values[name] ?? fallback;
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
  const fieldError = (intent: RecordIntent, name: string) =>
    failed(intent)?.field === name ? failed(intent)?.error : undefined;
  const formState: RecordFormState = { typed, busy, saved: answer ? null : page.saved, zone, fieldError };
  const batch = page.batches.find((choice) => choice.current);

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
      {page.saved === "added" ? <FormMessage tone="success">Student added.</FormMessage> : null}
      <p className="record-summary">
        <span className={`stage stage-${record.stage}`}>{stageLabels[record.stage]}</span>
        {record.lostReason
          ? ` (${lostReasonLabels[record.lostReason]}${record.lostNote ? `: ${record.lostNote}` : ""})`
          : ""}
        {record.stage === "enrolled" ? (
          <span data-testid="record-batch">
            {" · "}
            {batch ? `Batch: ${batch.name}` : <strong>Batch not decided yet</strong>}
          </span>
        ) : null}
        {" · "}
        {record.ownerName ? `Owner: ${record.ownerName}` : "Unassigned"}
        {" · "}
        {`Branch: ${branchText(record.branch, record.branchSource)}`}
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
          <ContactForm nextFollowUpAt={record.nextFollowUpAt} state={formState} />
        </section>

        <section aria-labelledby="stage-title" className="record-panel">
          <StageForm record={record} version={version} state={formState} batches={page.batches} />
          <OwnerForm ownerId={record.ownerId} owners={page.owners} version={version} state={formState} />
          <BranchForm branch={record.branch} branchSource={record.branchSource} version={version} state={formState} />
          <FollowUpForm nextFollowUpAt={record.nextFollowUpAt} version={version} state={formState} />
        </section>

        <section aria-labelledby="note-title" className="record-panel">
          <NoteForm state={formState} />

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

      <RecordTimeline timeline={page.timeline} owners={page.owners} submissions={page.submissions} />

      <RecordIntakes intakes={page.intakes} />

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
              {indiaDateTime.format(new Date(entry.at))})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

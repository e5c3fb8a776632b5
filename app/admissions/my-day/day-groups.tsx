import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  type DayGroup,
  type DayGroupView,
  type DayLogDone,
  type DayLogProblem,
  type DayRowView,
  dayGroupLabels,
  type FollowUpChoice,
} from "~/admissions/my-day/my-day";
import { courseLabelOf } from "~/admissions/records/record-list";
import { stageLabels } from "~/admissions/records/stage-labels";
import { internationalMobile } from "~/admissions/records/student-contact";
import {
  type CallOutcome,
  callOutcomeLabels,
  callOutcomes,
  type StudentStage,
} from "~/admissions/records/student-stages";
import { site } from "~/config/site";
import { indiaDateTime, indiaFormat } from "~/platform/india-time";

/** The one log form in flight on the page: its answer moves the row and is announced. */
const logFetcherKey = "day-log";

/** Today's date as the page heading says it, India time: "Wednesday, 25 November". */
const headingDate = indiaFormat({ weekday: "long", day: "numeric", month: "long" });
const clockTime = indiaFormat({ hour: "numeric", minute: "2-digit" });

export function dayHeadingDate(iso: string): string {
  return headingDate.format(new Date(iso));
}

/** "45 min", "3 h", "2 days": how long, roughly. */
export function roughly(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day" : `${days} days`;
}

/** "2 h 30 min" of working time. */
export function workingDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function waText(name: string, courses: string[]): string {
  const course = courses[0] ? courseLabelOf(courses[0]) : "our courses";
  return `Hello ${name}, this is ${site.name} about ${course}. `;
}

/** What a row says about its urgency: when the follow-up was due, how long the student has waited. */
function RowWhen({ row, group, now }: { row: DayRowView; group: DayGroup; now: number }) {
  const next = row.nextFollowUpAt ? new Date(row.nextFollowUpAt) : null;
  switch (group) {
    case "overdue":
      return next ? (
        <>
          Follow-up was due <time dateTime={row.nextFollowUpAt ?? ""}>{indiaDateTime.format(next)}</time>{" "}
          <strong>({roughly(now - next.getTime())} ago)</strong>
        </>
      ) : null;
    case "today":
      return next ? (
        <>
          Due at <time dateTime={row.nextFollowUpAt ?? ""}>{clockTime.format(next)}</time>
          {next.getTime() > now ? ` (in ${roughly(next.getTime() - now)})` : ""}
        </>
      ) : null;
    case "new":
      return (
        <>
          Arrived <strong>{roughly(now - new Date(row.createdAt).getTime())} ago</strong> (
          <time dateTime={row.createdAt}>{indiaDateTime.format(new Date(row.createdAt))}</time>)
        </>
      );
    case "recent":
      return (
        <>
          Active {roughly(now - new Date(row.updatedAt).getTime())} ago
          {next ? (
            <>
              {" · next follow-up "}
              <time dateTime={row.nextFollowUpAt ?? ""}>{indiaDateTime.format(next)}</time>
            </>
          ) : (
            " · no follow-up set"
          )}
        </>
      );
  }
}

/**
 * One student: name, why they are here, one tap to call or WhatsApp, and the log form
 * (channel, outcome, note, next follow-up) in the same place. Without JavaScript the form
 * posts and the page comes back; with it, the row moves to its new group as soon as it is saved.
 */
function DayRow({
  row,
  group,
  now,
  choices,
  action,
  problem,
  enhanced,
  lateLabel,
  onLog,
}: {
  row: DayRowView;
  group: DayGroup;
  now: number;
  choices: FollowUpChoice[];
  action: string;
  problem?: DayLogProblem;
  enhanced: boolean;
  lateLabel: string;
  onLog: (id: number) => void;
}) {
  const fetcher = useFetcher<DayLogDone | DayLogProblem>({ key: logFetcherKey });
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const nextTouched = useRef(false);
  const answered = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const refused = answered?.id === row.id ? answered : problem?.id === row.id ? problem : undefined;
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(row.id);
  const typed = (name: string, fallback: string) => refused?.values[name] ?? fallback;
  const errorFor = (field: string) => (refused && refused.field === field ? refused.error : undefined);
  const generalError = refused && !["outcome", "nextAt", "next", "channel"].includes(refused.field ?? "");
  const future = row.nextFollowUpAt && new Date(row.nextFollowUpAt).getTime() > now ? row.nextFollowUpAt : null;
  const rowChoices: FollowUpChoice[] = future
    ? [{ value: "keep", label: `Keep ${indiaDateTime.format(new Date(future))}`, at: future }, ...choices]
    : choices;
  const defaultNext = future ? "keep" : "tomorrow";
  const id = (name: string) => `log-${row.id}-${name}`;

  /** A tap on Call or WhatsApp opens the log, ready for when the conversation ends. */
  const openLog = (channel: "call" | "whatsapp") => {
    if (details.current) details.current.open = true;
    const radio = form.current?.querySelector<HTMLInputElement>(`input[name=channel][value=${channel}]`);
    if (radio) radio.checked = true;
  };
  const chooseNext = (value: string) => {
    const radio = form.current?.querySelector<HTMLInputElement>(`input[name=next][value="${value}"]`);
    if (radio) radio.checked = true;
  };
  const mobile = internationalMobile(row.mobile);
  return (
    <li id={`row-${row.id}`} className="day-row" tabIndex={-1} data-testid="day-row" data-group={group}>
      <div className="day-row-head">
        <Link to={row.href} className="day-name">
          {row.name}
        </Link>
        <span className={`stage stage-${row.stage}`}>{stageLabels[row.stage as StudentStage] ?? row.stage}</span>
      </div>
      <p className="day-meta">
        {row.courses.length ? row.courses.map(courseLabelOf).join(", ") : "Enquiry"}
        {` · ${row.branch}`}
        {row.ownerName === null ? " · Unassigned" : ""}
      </p>
      <p className="day-when">
        <RowWhen row={row} group={group} now={now} />
        {row.late ? <span className="day-late">{lateLabel}</span> : null}
      </p>
      <div className="day-actions">
        <a className="day-action day-call" href={`tel:+${mobile}`} onClick={() => openLog("call")}>
          Call <span className="day-action-detail">{row.mobile}</span>
        </a>
        <a
          className="day-action day-whatsapp"
          href={`https://wa.me/${mobile}?text=${encodeURIComponent(waText(row.name, row.courses))}`}
          target="_blank"
          rel="noreferrer"
          onClick={() => openLog("whatsapp")}
        >
          WhatsApp
        </a>
      </div>
      <details className="day-log" ref={details} open={refused ? true : undefined}>
        <summary className="day-log-toggle">
          Log the outcome{row.name ? <span className="sr-only"> for {row.name}</span> : null}
        </summary>
        <fetcher.Form
          method="post"
          action={action}
          ref={form}
          className="day-form"
          onSubmit={() => onLog(row.id)}
          aria-describedby={refused ? id("error") : undefined}
        >
          <input type="hidden" name="intent" value="log" />
          <input type="hidden" name="id" value={row.id} />
          {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
          {generalError ? (
            <p role="alert" id={id("error")} className="day-error">
              Error: {refused?.error}
            </p>
          ) : null}
          <fieldset className="day-choices">
            <legend>How</legend>
            {(["call", "whatsapp"] as const).map((channel) => (
              <label key={channel} className="day-choice">
                <input
                  type="radio"
                  name="channel"
                  value={channel}
                  defaultChecked={typed("channel", "call") === channel}
                />
                {channel === "call" ? "Call" : "WhatsApp"}
              </label>
            ))}
          </fieldset>
          <fieldset
            className="day-choices"
            aria-invalid={errorFor("outcome") ? true : undefined}
            aria-describedby={errorFor("outcome") ? id("outcome-error") : undefined}
          >
            <legend>How did it go?</legend>
            {callOutcomes.map((outcome) => (
              <label key={outcome} className="day-choice">
                <input
                  type="radio"
                  name="outcome"
                  value={outcome}
                  defaultChecked={typed("outcome", "") === outcome}
                  onChange={() => {
                    // No answer: try again later today, unless a follow-up was chosen already.
                    if (nextTouched.current) return;
                    const retry = ["no_answer", "busy", "switched_off"].includes(outcome);
                    chooseNext(retry ? "later" : defaultNext);
                  }}
                />
                {callOutcomeLabels[outcome as CallOutcome]}
              </label>
            ))}
            {errorFor("outcome") ? (
              <p role="alert" id={id("outcome-error")} className="day-error">
                {errorFor("outcome")}
              </p>
            ) : null}
          </fieldset>
          <label className="day-note">
            Note (optional)
            <textarea name="note" rows={2} maxLength={2000} defaultValue={typed("note", "")} />
          </label>
          <fieldset
            className="day-choices"
            aria-invalid={errorFor("nextAt") || errorFor("next") ? true : undefined}
            aria-describedby={errorFor("nextAt") || errorFor("next") ? id("next-error") : undefined}
            onChange={() => {
              nextTouched.current = true;
            }}
          >
            <legend>Next follow-up</legend>
            {rowChoices.map((choice) => (
              <label key={choice.value} className="day-choice">
                <input
                  type="radio"
                  name="next"
                  value={choice.value}
                  defaultChecked={typed("next", defaultNext) === choice.value}
                />
                {choice.label}
              </label>
            ))}
            <label className="day-pick">
              <span>Date and time (India)</span>
              <input
                type="datetime-local"
                name="nextAt"
                defaultValue={typed("nextAt", "")}
                onInput={() => chooseNext("pick")}
              />
            </label>
            {errorFor("nextAt") || errorFor("next") ? (
              <p role="alert" id={id("next-error")} className="day-error">
                {errorFor("nextAt") ?? errorFor("next")}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" className="btn-primary day-save" disabled={sending}>
            {sending ? "Saving..." : "Save"}
          </button>
        </fetcher.Form>
      </details>
    </li>
  );
}

/** Becomes true once React runs in the browser: forms then say they want an answer, not a page. */
function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}

/**
 * The answer to the last log form: announced, and keyboard focus moved on to the next row of
 * the group the saved row was in (or the group's heading), since the saved row leaves or moves.
 */
export function useLogAnswer(): { message: string | null; onLog: (id: number) => void } {
  const fetcher = useFetcher<DayLogDone | DayLogProblem>({ key: logFetcherKey });
  const focusNext = useRef<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const onLog = (id: number) => {
    const row = document.getElementById(`row-${id}`);
    const next = row?.nextElementSibling ?? row?.previousElementSibling;
    focusNext.current = next?.id ?? row?.closest("section")?.querySelector("h2")?.id ?? null;
    setMessage(null);
  };
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!data?.ok) return;
    setMessage(data.message);
    const target = focusNext.current ? document.getElementById(focusNext.current) : null;
    focusNext.current = null;
    target?.focus();
  }, [data]);
  return { message, onLog };
}

/** My day's groups (or the Unassigned queue's), each with its rows and a link to all of them. */
export function DayGroupsList({
  groups,
  now,
  choices,
  action,
  problem,
  firstContactWithinMinutes,
  onLog,
  headingLevel = 2,
  idPrefix = "",
}: {
  groups: DayGroupView[];
  now: string;
  choices: FollowUpChoice[];
  action: string;
  problem?: DayLogProblem;
  firstContactWithinMinutes: number;
  onLog: (id: number) => void;
  headingLevel?: 2 | 3;
  idPrefix?: string;
}) {
  const enhanced = useEnhanced();
  const at = new Date(now).getTime();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const lateLabel = `Not contacted within ${workingDuration(firstContactWithinMinutes)} of working time`;
  return (
    <>
      {groups.map((view) => (
        <section
          key={view.group}
          id={`${idPrefix}${view.group}`}
          aria-labelledby={`${idPrefix}${view.group}-title`}
          className={`day-group day-group-${view.group}`}
        >
          <Heading id={`${idPrefix}${view.group}-title`} tabIndex={-1} className="day-group-title">
            {dayGroupLabels[view.group]} <span className="day-group-count">{view.total}</span>
          </Heading>
          {view.rows.length === 0 ? (
            <p className="day-empty">{emptyText[view.group]}</p>
          ) : (
            <ol className="day-rows">
              {view.rows.map((row) => (
                <DayRow
                  key={row.id}
                  row={row}
                  group={view.group}
                  now={at}
                  choices={choices}
                  action={action}
                  problem={problem}
                  enhanced={enhanced}
                  lateLabel={lateLabel}
                  onLog={onLog}
                />
              ))}
            </ol>
          )}
          {view.total > view.rows.length ? (
            <p className="day-more">
              <Link to={view.showAll}>
                Show all {view.total} <span className="sr-only">{dayGroupLabels[view.group].toLowerCase()}</span>
              </Link>
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}

const emptyText: Record<DayGroup, string> = {
  overdue: "Nothing overdue.",
  today: "Nothing else due today.",
  new: "Every new student has been contacted.",
  recent: "Nothing worked on in the last days.",
};

/** Links to each group with its count: the top of the page on a phone. */
export function DayJumpLinks({ groups, idPrefix = "" }: { groups: DayGroupView[]; idPrefix?: string }) {
  return (
    <nav aria-label="Groups" className="day-jump">
      <ul className="day-jump-list">
        {groups.map((view) => (
          <li key={view.group}>
            <a href={`#${idPrefix}${view.group}`} className={view.total > 0 ? `day-jump-${view.group}` : undefined}>
              <strong>{view.total}</strong> {dayGroupLabels[view.group].toLowerCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

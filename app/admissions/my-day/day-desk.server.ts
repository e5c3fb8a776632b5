// The desk's My day and team view: what the pages load, the navigation's counts, and the log
// form of a row (a call or message, its outcome and the next follow-up, in one step). The
// groups themselves are my-day.server.ts; the log is the record page's (record-forms.server.ts),
// so both write the same timeline entries, audit lines and live events.
import { data, redirect } from "react-router";
import { undecidedEnrolments } from "~/admissions/enrolment/enrolment.server";
import { handleRecordForm } from "~/admissions/records/record-forms.server";
import type { RecordIntent } from "~/admissions/records/record-intents";
import type { RecordScope } from "~/admissions/records/record-scope.server";
import { recordScopeOf } from "~/admissions/records/record-scope.server";
import { branchText } from "~/admissions/records/student-branches";
import { getStudentRecord } from "~/admissions/records/student-records.server";
import { callOutcomes } from "~/admissions/records/student-stages";
import type { AppDatabase } from "~/platform/database.server";
import { maxRowId, readFormBody } from "~/platform/form-data.server";
import { fromIndiaInput, indiaDateTime, indiaFormat, toIndiaInput } from "~/platform/india-time";
import type { StaffUser } from "~/staff/permissions.server";
import { counsellorDesk } from "~/staff/staff-roles";
import type { DayGroupView, DayLogDone, DayLogProblem, DayRowView, FollowUpChoice, NavCounts } from "./my-day";
import {
  type DayGroup,
  type DayRecord,
  dayCounts,
  dayGroups,
  dayOf,
  daySettings,
  findUncontacted,
  teamDay,
} from "./my-day.server";
import { nextWorkingDayAt } from "./working-hours";

/** The records a staff member works on (recordScopeOf: an admin every record, a counsellor their courses'). */
export function scopeOfStaff(staff: StaffUser): RecordScope {
  return recordScopeOf(staff);
}

/** The records list (and record pages) this staff member opens: /admin/students or their counsellor desk's. */
export function recordsBaseOf(staff: Pick<StaffUser, "role">): string {
  return staff.role === "admin" ? "/admin/students" : counsellorDesk;
}

/** The navigation's counts stop here: the navigation is on every desk page. */
const navCountCap = 999;

/** Beside My day in the navigation: the account's own counts; for an admin, the whole team's. */
export async function navCounts(db: AppDatabase, staff: StaffUser): Promise<NavCounts> {
  const team = staff.role === "admin";
  const counts = await dayCounts(db, team ? undefined : staff.id, { scope: scopeOfStaff(staff), cap: navCountCap });
  return { of: team ? "team" : "mine", ...counts, cap: navCountCap, at: Date.now() };
}

function rowView(row: DayRecord, base: string): DayRowView {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    courses: row.courses,
    branch: branchText(row.branch, row.branchSource),
    stage: row.stage,
    ownerName: row.ownerName,
    nextFollowUpAt: row.nextFollowUpAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    late: row.late,
    href: `${base}/${row.id}`,
  };
}

/** The records list's sort that matches each group's order. */
const groupSorts: Record<DayGroup, string> = {
  overdue: "follow-up",
  today: "follow-up",
  new: "oldest",
  recent: "updated",
};

/** The records list filtered to one group of one owner ("me", "unassigned" or an account id). */
export function showAllHref(base: string, group: DayGroup | "late", owner: string): string {
  const sort = group === "late" ? "oldest" : groupSorts[group];
  return `${base}?${new URLSearchParams({ owner, day: group, sort })}`;
}

/** "Tomorrow morning (Thu 26 Nov, 9:30 am)". */
const choiceTime = indiaFormat({
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** The next follow-ups a counsellor can choose after a call, measured from `now`. */
export function followUpChoices(now: Date): (FollowUpChoice & { date?: Date })[] {
  const hours = daySettings.workingHours;
  const laterToday = new Date(now.getTime() + 2 * 60 * 60_000);
  const choices: (FollowUpChoice & { date?: Date })[] = [
    { value: "later", label: "In 2 hours", date: laterToday },
    { value: "tomorrow", label: "Next working day", date: nextWorkingDayAt(now, 1, hours) },
    { value: "3days", label: "In 3 days", date: nextWorkingDayAt(now, 3, hours) },
    { value: "week", label: "In a week", date: nextWorkingDayAt(now, 7, hours) },
  ];
  return [
    ...choices.map((choice) => ({ ...choice, at: choice.date?.toISOString() })),
    { value: "pick", label: "Pick a time" },
    { value: "none", label: "No follow-up" },
  ];
}

export function choiceLabel(choice: FollowUpChoice): string {
  return choice.at ? `${choice.label} (${choiceTime.format(new Date(choice.at))})` : choice.label;
}

export const defaultFollowUpChoice = "tomorrow";

export async function loadMyDay(db: AppDatabase, staff: StaffUser, request: Request) {
  const base = recordsBaseOf(staff);
  const day = await dayOf(db, staff.id, { scope: scopeOfStaff(staff) });
  const logged = await loggedMessage(db, staff, new URL(request.url).searchParams);
  return {
    title: "My day",
    /** The desk's students list ("Add a student" goes to its /new). */
    base,
    now: day.clock.now.toISOString(),
    groups: dayGroups.map<DayGroupView>((group) => ({
      group,
      rows: day.groups[group].rows.map((row) => rowView(row, base)),
      total: day.groups[group].total,
      showAll: showAllHref(base, group, "me"),
    })),
    late: day.late,
    lateHref: showAllHref(base, "late", "me"),
    firstContactWithinMinutes: daySettings.firstContactWithinMinutes,
    choices: followUpChoices(day.clock.now).map(({ date: _date, ...choice }) => ({
      ...choice,
      label: choiceLabel(choice),
    })),
    logged,
  };
}

export async function loadTeamDay(db: AppDatabase, staff: StaffUser, request: Request) {
  const base = recordsBaseOf(staff);
  const scope = scopeOfStaff(staff);
  const [team, unassigned, uncontacted, logged, undecided] = await Promise.all([
    teamDay(db, { scope }),
    dayOf(db, null, { scope }),
    findUncontacted(db, { scope, limit: 20 }),
    loggedMessage(db, staff, new URL(request.url).searchParams),
    undecidedEnrolments(db, { scope, limit: 20 }),
  ]);
  const memberView = (member: (typeof team.members)[number]) => ({
    ownerId: member.ownerId,
    name: member.name,
    email: member.email,
    away: member.away,
    totals: member.totals,
    late: member.late,
    links: Object.fromEntries(
      [...dayGroups, "late" as const].map((group) => [group, showAllHref(base, group, member.ownerId ?? "unassigned")]),
    ) as Record<DayGroup | "late", string>,
  });
  return {
    now: team.clock.now.toISOString(),
    members: team.members.map(memberView),
    unassigned: memberView(team.unassigned),
    away: team.away,
    uncontacted: {
      total: uncontacted.total,
      rows: uncontacted.rows.map((row) => ({
        ...rowView(row, base),
        waitedMinutes: Math.floor(row.waitedMs / 60_000),
      })),
      showAll: `${base}?${new URLSearchParams({ day: "late", sort: "oldest" })}`,
    },
    // A to-do: enrolled students whose batch is not decided yet (decision 032).
    undecided: {
      total: undecided.total,
      rows: undecided.rows.map((row) => ({
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        courses: row.courses,
        branch: branchText(row.branch, row.branchSource),
        ownerName: row.ownerName,
        updatedAt: row.updatedAt.toISOString(),
        href: `${base}/${row.id}#stage`,
      })),
      showAll: `${base}?${new URLSearchParams({ stage: "enrolled", sort: "updated" })}`,
    },
    queue: dayGroups.map<DayGroupView>((group) => ({
      group,
      rows: unassigned.groups[group].rows.map((row) => rowView(row, base)),
      total: unassigned.groups[group].total,
      showAll: showAllHref(base, group, "unassigned"),
    })),
    firstContactWithinMinutes: daySettings.firstContactWithinMinutes,
    workingHours: daySettings.workingHours,
    choices: followUpChoices(team.clock.now).map(({ date: _date, ...choice }) => ({
      ...choice,
      label: choiceLabel(choice),
    })),
    logged,
  };
}

/** After a form without JavaScript: "Call with Asha K logged. Next follow-up: Thu 26 Nov, 9:30 am." */
async function loggedMessage(db: AppDatabase, staff: StaffUser, params: URLSearchParams): Promise<string | null> {
  const id = Number(params.get("logged"));
  if (!Number.isInteger(id) || id < 1 || id > maxRowId) return null;
  const record = await getStudentRecord(db, id, scopeOfStaff(staff));
  if (!record) return null;
  return doneMessage(params.get("channel") === "whatsapp" ? "whatsapp" : "call", record.name, record.nextFollowUpAt);
}

function doneMessage(channel: "call" | "whatsapp", name: string, next: Date | null): string {
  const what = channel === "call" ? "Call with" : "WhatsApp message to";
  return `${what} ${name} logged. ${next ? `Next follow-up: ${indiaDateTime.format(next)}.` : "No follow-up set."}`;
}

/**
 * The POST of a day page's log form (My day, the team's day). With JavaScript the answer is the
 * saved row; without, the page it came from again, saying what was saved; a refusal is answered
 * with the row's message and what was typed.
 */
export async function dayLogAction(request: Request, db: AppDatabase, staff: StaffUser, page: string) {
  const form = await readFormBody(request);
  if (!form)
    return data(
      { ok: false as const, id: 0, error: "Please send the form from the page.", values: {} },
      { status: 415 },
    );
  const result = await handleDayLog(db, form, staff);
  if ("ok" in result && result.ok) {
    if (form.get("enhanced") === "1") return result;
    const channel = form.get("channel") === "whatsapp" ? "whatsapp" : "call";
    throw redirect(`${page}?${new URLSearchParams({ logged: String(result.id), channel })}`);
  }
  return result;
}

/**
 * A row's log form: the channel, how it went, a note and the next follow-up (a choice, or a
 * time picked). Checked here, then saved as the record page's log is (timeline, audit, live).
 */
export async function handleDayLog(
  db: AppDatabase,
  form: FormData,
  staff: StaffUser,
  now: Date = new Date(),
): Promise<DayLogDone | ReturnType<typeof data<DayLogProblem>>> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value.slice(0, 5000);
  const id = Number(values.id);
  const refuse = (error: string, field?: string, status = 400) =>
    data<DayLogProblem>({ ok: false, id: Number.isInteger(id) ? id : 0, error, field, values }, { status });
  if (values.intent !== "log") return refuse("Please send the form from My day.");
  if (!Number.isInteger(id) || id < 1 || id > maxRowId) return refuse("That record does not exist.", undefined, 404);
  const channel = values.channel === "whatsapp" ? "whatsapp" : values.channel === "call" ? "call" : undefined;
  if (!channel) return refuse("Please choose a call or WhatsApp.", "channel");
  const outcome = values.outcome ?? "";
  if (outcome && !(callOutcomes as readonly string[]).includes(outcome)) {
    return refuse("Please choose how it went from the list.", "outcome");
  }
  if (channel === "call" && !outcome) return refuse("Please choose how the call went.", "outcome");
  // A time typed in is the time meant, whichever choice was left selected (a page without
  // JavaScript cannot select "Pick a time" for the counsellor), unless they chose none at all.
  const typedTime = (values.nextAt ?? "").trim() !== "";
  const choice = typedTime && values.next !== "none" ? "pick" : (values.next ?? defaultFollowUpChoice);
  let nextFollowUpAt: string | undefined;
  if (choice === "keep") {
    nextFollowUpAt = undefined;
  } else if (choice === "none") {
    nextFollowUpAt = "";
  } else if (choice === "pick") {
    const picked = fromIndiaInput((values.nextAt ?? "").trim());
    if (!picked) return refuse("Please give the date and time of the next follow-up.", "nextAt");
    if (picked.getTime() < now.getTime() - 60_000) {
      return refuse("The next follow-up cannot be in the past: please pick a later time.", "nextAt");
    }
    nextFollowUpAt = toIndiaInput(picked);
  } else {
    const offered = followUpChoices(now).find((option) => option.value === choice && option.date);
    if (!offered?.date) return refuse("Please choose when to follow up.", "next");
    nextFollowUpAt = toIndiaInput(offered.date);
  }

  const recordForm = new FormData();
  recordForm.set("intent", "contact" satisfies RecordIntent);
  recordForm.set("channel", channel);
  recordForm.set("outcome", outcome);
  recordForm.set("note", values.note ?? "");
  if (nextFollowUpAt !== undefined) recordForm.set("nextFollowUpAt", nextFollowUpAt);
  const result = await handleRecordForm(db, recordForm, id, staff, scopeOfStaff(staff));
  if ("ok" in result) {
    const record = await getStudentRecord(db, id, scopeOfStaff(staff));
    return {
      ok: true,
      id,
      message: doneMessage(channel, record?.name ?? "the student", record?.nextFollowUpAt ?? null),
    };
  }
  const problem = result.data;
  const field = problem.field === "nextFollowUpAt" ? "nextAt" : problem.field;
  return refuse(problem.error, field, result.init?.status ?? 400);
}

// The reminder e-mails' words (decision 019): the notice to a new student's owner, the morning
// digest of a counsellor's day and the admins' alert about students waiting for a first call.
// Plain text, like every message the site sends; a student is named (cut like every name in
// mail) with their courses and a link to the record, never with their mobile or e-mail in a
// digest or an alert: the link opens the rest for whoever may see it.

import { nameForMail } from "~/admissions/submissions/notifications.server";
import { courseOptions } from "~/admissions/submissions/options";
import { submissionKindInText } from "~/admissions/submissions/submission-schema";
import { site } from "~/config/site";
import { isStaffRole, landingOf } from "~/staff/staff-roles";
import { recordsBaseOf } from "./day-desk.server";

/** The records list of an account with this role (the admins' for an account without a valid role). */
function recordsOf(role: string | null | undefined): string {
  return recordsBaseOf({ role: isStaffRole(role) ? role : "admin" });
}

/** The address of a student's record on the desk of an account with this role. */
export function recordLink(origin: string, role: string | null | undefined, studentId: number): string {
  return `${origin}${recordsOf(role)}/${studentId}`;
}

/** "Embedded Systems, IoT": the courses a student asked about, by their labels. */
export function coursesText(courses: readonly string[]): string {
  return courses.map((value) => courseOptions.find((option) => option.value === value)?.label ?? value).join(", ");
}

/** Times in mail: "25 Nov 2026, 9:30 am", in the reminders' time zone. */
export function mailTime(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone });
}

export interface MailRecipient {
  name: string;
  email: string;
  role: string | null;
}

/** The notice to the owner of a student who just sent a form: given to them now, or theirs already. */
export function ownerNotice(
  owner: MailRecipient,
  student: { id: number; assigned: boolean; form: "enquiry" | "registration"; name: string; details: string },
  origin: string,
): { subject: string; body: string } {
  const name = nameForMail(student.name);
  const what = submissionKindInText[student.form];
  return {
    subject: student.assigned ? `New student for you: ${name}` : `${name} wrote again`,
    body: [
      `Hello ${nameForMail(owner.name || owner.email)},`,
      "",
      student.assigned
        ? `${name} sent ${what} through the website and is now yours to call.`
        : `${name}, one of your students, sent ${what} through the website again.`,
      "",
      student.details,
      "",
      `Open the record: ${recordLink(origin, owner.role, student.id)}`,
      "",
      `${site.name} admissions desk`,
    ].join("\n"),
  };
}

export interface DigestStudent {
  id: number;
  name: string;
  courses: readonly string[];
  nextFollowUpAt: Date | null;
  createdAt: Date;
  /** A new student waiting longer than the first-contact limit (My day's rule). */
  late?: boolean;
}

export interface DigestSection {
  /** As the desk names the group, e.g. "Overdue follow-ups". */
  label: string;
  /** As the subject counts it, e.g. "overdue" in "2 overdue". */
  short: string;
  /** "follow-up" lines show the follow-up's time, "arrival" lines when the student wrote in. */
  show: "follow-up" | "arrival";
  rows: readonly DigestStudent[];
  /** How many records are in the group in all (the rows may be the first few). */
  total: number;
}

/** A counsellor's morning digest: each group that has records, with a link to each record. */
export function digestMessage(
  owner: MailRecipient,
  sections: readonly DigestSection[],
  { origin, day, timeZone }: { origin: string; day: string; timeZone: string },
): { subject: string; body: string } {
  const time = mailTime(timeZone);
  const shown = sections.filter((section) => section.total > 0);
  const counts = shown.map((section) => `${section.total} ${section.short}`);
  const dayText = new Intl.DateTimeFormat("en-IN", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
  const lines = [`Hello ${nameForMail(owner.name || owner.email)},`, "", `Your students for ${dayText}:`];
  for (const section of shown) {
    lines.push("", `${section.label} (${section.total})`);
    for (const row of section.rows) {
      const courses = row.courses.length > 0 ? `, ${coursesText(row.courses)}` : "";
      const when =
        section.show === "follow-up" && row.nextFollowUpAt
          ? `follow-up ${time.format(row.nextFollowUpAt)}`
          : `wrote in ${time.format(row.createdAt)}${row.late ? ", not contacted in time" : ""}`;
      lines.push(`- ${nameForMail(row.name)}${courses}: ${when}`, `  ${recordLink(origin, owner.role, row.id)}`);
    }
    const more = section.total - section.rows.length;
    if (more > 0) lines.push(`- and ${more} more`);
  }
  lines.push(
    "",
    `My day on the desk: ${origin}/desk/day`,
    "",
    "You get this e-mail on the mornings you have follow-ups due or new students to call, and none while you are marked away.",
    `${site.name} admissions desk`,
  );
  return { subject: `Your day: ${counts.join(", ")}`, body: lines.join("\n") };
}

/** The admins' alert: new students nobody has contacted within the limit. */
export function uncontactedAlert(
  admin: MailRecipient,
  students: readonly (DigestStudent & { ownerName: string | null })[],
  { origin, total, limitText, timeZone }: { origin: string; total: number; limitText: string; timeZone: string },
): { subject: string; body: string } {
  const time = mailTime(timeZone);
  const lines = [
    `Hello ${nameForMail(admin.name || admin.email)},`,
    "",
    `${total === 1 ? "A new student has" : `${total} new students have`} not been called, messaged or e-mailed within ${limitText}:`,
    "",
  ];
  for (const row of students) {
    const courses = row.courses.length > 0 ? `, ${coursesText(row.courses)}` : "";
    const owner = row.ownerName ? `owner ${nameForMail(row.ownerName)}` : "unassigned";
    lines.push(
      `- ${nameForMail(row.name)}${courses} (${owner}): wrote in ${time.format(row.createdAt)}`,
      `  ${recordLink(origin, "admin", row.id)}`,
    );
  }
  if (total > students.length) lines.push(`- and ${total - students.length} more`);
  lines.push(
    "",
    `The team's day on the desk: ${origin}${landingOf({ role: "admin" })}`,
    "",
    "Each student is in this e-mail once. The setting is site.reminders.alertAdminsAboutUncontacted in the site configuration.",
    `${site.name} admissions desk`,
  );
  return {
    subject:
      total === 1
        ? `Not contacted in time: ${nameForMail(students[0]?.name ?? "a new student")}`
        : `Not contacted in time: ${total} new students`,
    body: lines.join("\n"),
  };
}

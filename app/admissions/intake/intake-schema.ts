// The rules of "Add a student" on the desk: the same as the public forms' for a name, a mobile
// (any Indian spelling, kept as ten digits) and an e-mail, with a message per field. Browser-safe:
// the page may check as staff type; the server checks again and decides.
import { isStudentBranch, type StudentBranch, worksAtBranch } from "~/admissions/records/student-branches";
import { type CallOutcome, callOutcomes, maxNoteLength } from "~/admissions/records/student-stages";
import { districtsFor, isStateValue } from "~/admissions/submissions/options";
import {
  messages as formMessages,
  isAcceptableName,
  isEmailAddress,
  tenDigitMobile,
} from "~/admissions/submissions/submission-schema";
import { fromIndiaInput } from "~/platform/india-time";
import { type CourseValue, courseValues } from "~/site/course-catalog";
import {
  type ConsentWay,
  consentWays,
  type IntakeSource,
  intakeSourceDetailPrompts,
  isIntakeSource,
} from "./intake-sources";

export const intakeFieldNames = [
  "name",
  "mobile",
  "email",
  "courses",
  "state",
  "district",
  "branch",
  "how",
  "howDetail",
  "note",
  "consent",
  "spoke",
  "outcome",
  "nextFollowUp",
  "owner",
] as const;
export type IntakeField = (typeof intakeFieldNames)[number];

export const intakeMessages = {
  nameRequired: "Please enter the student's name",
  nameInvalid: "The name has characters that are not allowed, or is longer than 100",
  contactRequired: "Please enter a mobile number or an e-mail address (or both)",
  mobileInvalid: "Please enter a 10-digit Indian mobile number, e.g. 98450 12345 or +91 98450 12345",
  emailInvalid: "Please enter an e-mail address like name@example.com",
  courseInvalid: "Please choose courses from the list",
  courseOutOfScope: "You can add students only for your own courses (or with no course yet)",
  stateInvalid: "Please choose a state from the list",
  districtInvalid: "Please choose a district of the chosen state",
  branchInvalid: "Please choose a branch from the list",
  branchOutOfScope: "You can add students only for your own branches (or with the branch not known yet)",
  howRequired: "Please choose how the student came",
  howDetailRequired: "Please say where from",
  tooLong: `At most ${maxNoteLength} characters, please`,
  consentRequired: "Please choose how the student agreed to be contacted",
  outcomeRequired: "Please choose how the conversation went",
  followUpInvalid: "Please give a date and time between today and two years ahead",
  ownerInvalid: "Please choose who owns the student",
  fixErrors: formMessages.fixErrors,
} as const;

/** Sources whose detail must be given: who referred them, which fair, which aggregator. */
const detailRequired: readonly IntakeSource[] = ["referral", "fair", "aggregator"];

export interface IntakeData {
  name: string;
  mobile: string;
  email: string;
  courses: CourseValue[];
  state: string;
  district: string;
  /** Chosen on the desk; "": not chosen (the record's branch is then guessed from the state). */
  branch: StudentBranch | "";
  how: IntakeSource;
  howDetail: string;
  note: string;
  consent: ConsentWay;
  /** "I spoke to them": the outcome and the next follow-up, logged in the same step. */
  spoke: { outcome: CallOutcome; nextFollowUpAt: Date | null } | null;
  /** The person adding them takes them, or the rules (course pool) decide. */
  ownerMe: boolean;
}

export type IntakeResult =
  | { ok: true; data: IntakeData }
  | { ok: false; fieldErrors: Partial<Record<IntakeField, string>>; formError: string };

const text = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "");

/**
 * Checks what staff typed. `input` holds each field's posted value ("courses" as a list).
 * `allowedCourses`: the courses this staff member may add students for (undefined: every course);
 * `allowedBranches`: the branches they may (undefined or none: every branch).
 */
export function validateIntake(
  input: Record<string, unknown>,
  {
    allowedCourses,
    allowedBranches,
    now = new Date(),
  }: { allowedCourses?: readonly string[]; allowedBranches?: readonly string[]; now?: Date } = {},
): IntakeResult {
  const errors: Partial<Record<IntakeField, string>> = {};
  const name = text(input.name);
  if (!name) errors.name = intakeMessages.nameRequired;
  else if (!isAcceptableName(name)) errors.name = intakeMessages.nameInvalid;

  const mobileTyped = text(input.mobile);
  const emailTyped = text(input.email).toLowerCase();
  const mobile = mobileTyped ? tenDigitMobile(mobileTyped) : "";
  if (mobileTyped && !mobile) errors.mobile = intakeMessages.mobileInvalid;
  if (emailTyped && !isEmailAddress(emailTyped)) errors.email = intakeMessages.emailInvalid;
  if (!mobileTyped && !emailTyped) errors.mobile = intakeMessages.contactRequired;

  const coursesTyped = (Array.isArray(input.courses) ? input.courses : input.courses ? [input.courses] : [])
    .map(text)
    .filter(Boolean);
  const courses = [...new Set(coursesTyped)].filter((course): course is CourseValue =>
    (courseValues as readonly string[]).includes(course),
  );
  if (courses.length !== new Set(coursesTyped).size) errors.courses = intakeMessages.courseInvalid;
  else if (allowedCourses && courses.some((course) => !allowedCourses.includes(course)))
    errors.courses = intakeMessages.courseOutOfScope;

  const state = text(input.state);
  const district = text(input.district);
  if (state && !isStateValue(state)) errors.state = intakeMessages.stateInvalid;
  else if (district && !districtsFor(state).includes(district)) errors.district = intakeMessages.districtInvalid;

  const branchTyped = text(input.branch);
  const branch: StudentBranch | "" = isStudentBranch(branchTyped) ? branchTyped : "";
  if (branchTyped && !branch) errors.branch = intakeMessages.branchInvalid;
  else if (branch && !worksAtBranch(allowedBranches ?? [], branch)) errors.branch = intakeMessages.branchOutOfScope;

  const how = text(input.how);
  if (!isIntakeSource(how)) errors.how = intakeMessages.howRequired;
  const howDetail = text(input.howDetail).slice(0, 200);
  if (isIntakeSource(how) && detailRequired.includes(how) && !howDetail)
    errors.howDetail = `${intakeMessages.howDetailRequired}: ${intakeSourceDetailPrompts[how].toLowerCase()}`;

  const note = text(input.note);
  if ([...note].length > maxNoteLength) errors.note = intakeMessages.tooLong;

  const consent = text(input.consent);
  if (!(consentWays as readonly string[]).includes(consent)) errors.consent = intakeMessages.consentRequired;

  let spoke: IntakeData["spoke"] = null;
  if (text(input.spoke) === "yes" || text(input.spoke) === "on") {
    const outcome = text(input.outcome);
    if (!(callOutcomes as readonly string[]).includes(outcome)) errors.outcome = intakeMessages.outcomeRequired;
    const followUpTyped = text(input.nextFollowUp);
    let nextFollowUpAt: Date | null = null;
    if (followUpTyped) {
      const at = fromIndiaInput(followUpTyped);
      const twoYears = 2 * 366 * 24 * 60 * 60_000;
      if (!at || at.getTime() < now.getTime() - 24 * 60 * 60_000 || at.getTime() > now.getTime() + twoYears)
        errors.nextFollowUp = intakeMessages.followUpInvalid;
      else nextFollowUpAt = at;
    }
    spoke = { outcome: outcome as CallOutcome, nextFollowUpAt };
  }

  const owner = text(input.owner) || "rules";
  if (owner !== "me" && owner !== "rules") errors.owner = intakeMessages.ownerInvalid;

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors, formError: intakeMessages.fixErrors };
  return {
    ok: true,
    data: {
      name,
      mobile: mobile ?? "",
      email: emailTyped,
      courses,
      state,
      district,
      branch,
      how: how as IntakeSource,
      howDetail,
      note,
      consent: consent as ConsentWay,
      spoke,
      ownerMe: owner === "me",
    },
  };
}

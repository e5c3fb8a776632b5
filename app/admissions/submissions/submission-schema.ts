/**
 * Validation of the enquiry and registration forms. The browser runs it as the student types;
 * the server runs it again and is the authority, so this module must stay free of server code.
 */
import { z } from "zod";

// Zod compiles parsers with `new Function` unless told not to; the pages' CSP forbids eval.
z.config({ jitless: true });

import { normaliseMobile } from "~/admissions/records/student-contact";
import { courseValues, districtsFor, majorValues, stateValues, streamValues } from "./options";

export const messages = {
  nameRequired: "Please enter your name",
  nameTooLong: "Name must be at most 100 characters",
  nameInvalid: "Name contains characters that are not allowed",
  emailRequired: "Please enter your email",
  emailInvalid: "Invalid email format",
  mobileRequired: "Please enter your mobile number",
  mobileInvalid: "Invalid mobile number format",
  streamRequired: "Please select a stream",
  majorRequired: "Please select a major",
  stateRequired: "Please select a state",
  districtRequired: "Please select a district",
  courseRequired: "Please select a course",
  batchInvalid: "Please choose a batch from the list, or leave it empty",
  batchNotOpen: "This batch is no longer open: please choose another, or leave it empty",
  batchOtherCourse: "This batch is of another course: please choose one of your course's batches, or leave it empty",
  batchFull: "This batch has just filled up: please choose another, or leave it empty",
  courseChoiceInvalid: 'Please choose a course from the list, or leave it at "Not sure yet"',
  questionTooLong: "At most 1000 characters, please",
  questionInvalid: "Your question contains characters that are not allowed",
  consentRequired: "Please tick the box to let us use these details to answer you",
  guardianNameRequired: "Please enter your parent's or guardian's name",
  guardianMobileRequired: "Please enter your parent's or guardian's phone number",
  guardianConsentRequired: "A parent or guardian must agree for a student under 18",
  fillAllFields: "Please fill in all fields.",
  fixErrors: "Please fix the validation errors before submitting.",
  success: "Form submitted successfully!",
} as const;

export const submissionKinds = ["enquiry", "registration"] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

/** A form's kind in a sentence: "an enquiry", "a registration". */
export const submissionKindInText: Record<SubmissionKind, string> = {
  enquiry: "an enquiry",
  registration: "a registration",
};

/** The student's own details, in form order. */
export const studentFieldNames = ["name", "email", "mobile", "stream", "major", "state", "district"] as const;
/**
 * What India's Digital Personal Data Protection Act asks of the form: a student under 18
 * brings a parent's or guardian's name, mobile and consent, and everyone ticks consent.
 */
export const privacyFieldNames = ["under18", "guardianName", "guardianMobile", "guardianConsent", "consent"] as const;
/** What an enquiry may add, both optional: the course asked about and a question in the student's words. */
export const enquiryExtraFieldNames = ["course", "question"] as const;
/** In form order, so the first field with an error is the first one on the page. */
export const enquiryFieldNames = [...studentFieldNames, ...enquiryExtraFieldNames, ...privacyFieldNames] as const;
/** A registration may name one of the course's upcoming batches ("batch", optional). */
export const registrationFieldNames = [...studentFieldNames, "course", "batch", ...privacyFieldNames] as const;
/** Every field of either form. */
export const fieldNames = [...studentFieldNames, ...enquiryExtraFieldNames, "batch", ...privacyFieldNames] as const;
export type FieldName = (typeof fieldNames)[number];

/** The value a ticked checkbox posts. */
export const ticked = "yes";

export const fieldNamesOf: Readonly<Record<SubmissionKind, readonly FieldName[]>> = {
  enquiry: enquiryFieldNames,
  registration: registrationFieldNames,
};

export const nameMaxLength = 100;
export const emailMaxLength = 254;
/** The database holds no more (db/schema.ts, questionMaxLength): the form says so first. */
export const questionMaxLength = 1000;

// Control characters and lone surrogates break storage and exports. Format characters (Cf) stay
// allowed: Malayalam, Tamil and Devanagari names need the zero-width joiner and non-joiner.
const disallowedInName = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;

// Counted in code points, as Postgres counts characters; a string of more than twice the limit in
// UTF-16 units is over it anyway, so huge input is never spread into an array.
function withinLength(value: string, max: number): boolean {
  return value.length <= max || (value.length <= 2 * max && [...value].length <= max);
}
function withinNameLength(value: string): boolean {
  return withinLength(value, nameMaxLength);
}

// A question may run over several lines (and tabs pasted from elsewhere); other control
// characters, lone surrogates and Unicode line separators are refused, as in names.
const disallowedInQuestion = /[\p{Cs}\p{Zl}\p{Zp}]|(?![\n\t])\p{Cc}/u;

/** A text field: a missing value reads as empty, any other non-string as invalid. */
function text(required: string, invalid: string) {
  return z.string({ error: (issue) => (issue.input == null ? required : invalid) }).trim();
}

const name = text(messages.nameRequired, messages.nameInvalid)
  .min(1, messages.nameRequired)
  .refine(withinNameLength, messages.nameTooLong)
  .refine((value) => !disallowedInName.test(value), messages.nameInvalid);

/** Whether this (trimmed) text is an e-mail address the forms accept. */
export function isEmailAddress(value: string): boolean {
  return value.length <= emailMaxLength && z.regexes.email.test(value);
}

/** Whether this (trimmed) text may be a name: no control characters, at most nameMaxLength characters. */
export function isAcceptableName(value: string): boolean {
  return withinNameLength(value) && !disallowedInName.test(value);
}

const email = text(messages.emailRequired, messages.emailInvalid)
  .min(1, messages.emailRequired)
  .max(emailMaxLength, messages.emailInvalid)
  .regex(z.regexes.email, messages.emailInvalid)
  .toLowerCase();

/**
 * A mobile as Indians write it: digits grouped with spaces, hyphens or brackets, perhaps
 * after +91, 0091 or a trunk 0 ("+91 98450 12345", "098450-12345"). Kept as its ten digits;
 * letters or any other length are refused.
 */
export function tenDigitMobile(value: string): string | undefined {
  if (!/^\+?[\d\s()-]+$/.test(value)) return undefined;
  // With a + in front it is an international number: India's 91 and then the ten digits.
  if (value.startsWith("+") && !/^91\d{10}$/.test(value.replace(/\D/g, ""))) return undefined;
  const digits = normaliseMobile(value);
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

const mobile = text(messages.mobileRequired, messages.mobileInvalid)
  .min(1, messages.mobileRequired)
  .overwrite((value) => tenDigitMobile(value) ?? value)
  .regex(/^\d{10}$/, messages.mobileInvalid);

const district = text(messages.districtRequired, messages.districtRequired).min(1, messages.districtRequired);

const course = text(messages.courseRequired, messages.courseRequired)
  .toLowerCase()
  .pipe(z.enum(courseValues, messages.courseRequired));

/** The id of a batch the student picked, or null for none; which batches are open is the server's to say. */
const batch = z
  .string(messages.batchInvalid)
  .trim()
  .regex(/^(\d{1,9})?$/, messages.batchInvalid)
  .optional()
  .transform((value) => (value ? Number(value) : null));

/** A checkbox: ticked when it posts "yes" ("on" is what a checkbox without a value posts). */
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === ticked || value === "on");

/** Guardian details are read only for a student under 18 (see guardianOfMinor). */
const optionalText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));

/**
 * An enquiry's optional question: trimmed, line ends as "\n", at most questionMaxLength
 * characters (refused whole above that, never cut); missing reads as "".
 */
const question = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value == null) return "";
    if (typeof value !== "string") {
      ctx.addIssue({ code: "custom", message: messages.questionInvalid });
      return z.NEVER;
    }
    return value.replace(/\r\n?/g, "\n").trim();
  })
  .refine((value) => withinLength(value, questionMaxLength), messages.questionTooLong)
  .refine((value) => !disallowedInQuestion.test(value), messages.questionInvalid);

/** An enquiry's optional course: one of the list (any case), or nothing chosen (undefined). */
const courseChoice = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim().toLowerCase() : value == null ? "" : undefined;
    if (text === "") return undefined;
    const chosen = courseValues.find((course) => course === text);
    if (!chosen) {
      ctx.addIssue({ code: "custom", message: messages.courseChoiceInvalid });
      return z.NEVER;
    }
    return chosen;
  });

const enquiryShape = {
  name,
  email,
  mobile,
  stream: z.enum(streamValues, messages.streamRequired),
  major: z.enum(majorValues, messages.majorRequired),
  state: z.enum(stateValues, messages.stateRequired),
  district,
  under18: checkbox,
  guardianName: optionalText,
  guardianMobile: optionalText,
  guardianConsent: checkbox,
  consent: checkbox.refine((value) => value, messages.consentRequired),
};

/** The district must be one of the chosen state's; checked even when other fields failed. */
function districtOfState(value: unknown, ctx: z.core.$RefinementCtx) {
  if (ctx.issues.some((issue) => issue.path?.[0] === "district")) return;
  const { state, district } = (value ?? {}) as Record<string, unknown>;
  if (typeof district === "string" && !districtsFor(state).includes(district)) {
    ctx.addIssue({ code: "custom", path: ["district"], message: messages.districtRequired });
  }
}

/** A student under 18 needs a parent's or guardian's name, mobile and consent; others need none. */
function guardianOfMinor(value: unknown, ctx: z.core.$RefinementCtx) {
  const input = (value ?? {}) as Record<string, unknown>;
  // Parsed values when the rest of the form is fine, raw ones when it is not.
  const isTicked = (v: unknown) => v === true || v === ticked || v === "on";
  if (!isTicked(input.under18)) return;
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const guardianName = typeof input.guardianName === "string" ? input.guardianName.trim() : "";
  const guardianMobile = typeof input.guardianMobile === "string" ? input.guardianMobile.trim() : "";
  if (!guardianName) issue("guardianName", messages.guardianNameRequired);
  else if (!withinNameLength(guardianName)) issue("guardianName", messages.nameTooLong);
  else if (disallowedInName.test(guardianName)) issue("guardianName", messages.nameInvalid);
  if (!guardianMobile) issue("guardianMobile", messages.guardianMobileRequired);
  else if (!tenDigitMobile(guardianMobile)) issue("guardianMobile", messages.mobileInvalid);
  if (!isTicked(input.guardianConsent)) issue("guardianConsent", messages.guardianConsentRequired);
}

/** Guardian details are kept only for a student under 18, the mobile as its ten digits. */
function keepGuardianOfMinor<
  T extends { under18: boolean; guardianName: string; guardianMobile: string; guardianConsent: boolean },
>(data: T): T {
  return data.under18
    ? { ...data, guardianMobile: tenDigitMobile(data.guardianMobile) ?? data.guardianMobile }
    : { ...data, guardianName: "", guardianMobile: "", guardianConsent: false };
}

const always = { when: () => true };

export const enquirySchema = z
  .object({ ...enquiryShape, course: courseChoice, question })
  .superRefine(districtOfState, always)
  .superRefine(guardianOfMinor, always)
  .transform(keepGuardianOfMinor);
export const registrationSchema = z
  .object({ ...enquiryShape, course, batch })
  .superRefine(districtOfState, always)
  .superRefine(guardianOfMinor, always)
  .transform(keepGuardianOfMinor);

export type EnquiryData = z.output<typeof enquirySchema>;
export type RegistrationData = z.output<typeof registrationSchema>;

export type FieldErrors = Partial<Record<FieldName, string>>;
export type SubmissionResult<T> =
  | { ok: true; data: T }
  | { ok: false; fieldErrors: FieldErrors; formError: typeof messages.fillAllFields | typeof messages.fixErrors };

function isEmpty(value: unknown): boolean {
  return value == null || (typeof value === "string" && value.trim() === "");
}

/** The text and choice fields a student must fill in: the checkboxes have messages of their own. */
function requiredFields(kind: SubmissionKind, input: Record<string, unknown>): readonly FieldName[] {
  const own: FieldName[] = kind === "registration" ? [...studentFieldNames, "course"] : [...studentFieldNames];
  const under18 = input.under18 === ticked || input.under18 === "on";
  return under18 ? [...own, "guardianName", "guardianMobile"] : own;
}

/** Validates a whole form: normalized data, or one message per failing field and one for the form. */
export function validateSubmission(kind: "enquiry", input: Record<string, unknown>): SubmissionResult<EnquiryData>;
export function validateSubmission(
  kind: "registration",
  input: Record<string, unknown>,
): SubmissionResult<RegistrationData>;
export function validateSubmission(
  kind: SubmissionKind,
  input: Record<string, unknown>,
): SubmissionResult<EnquiryData | RegistrationData>;
export function validateSubmission(
  kind: SubmissionKind,
  input: Record<string, unknown>,
): SubmissionResult<EnquiryData | RegistrationData> {
  const schema = kind === "registration" ? registrationSchema : enquirySchema;
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };

  // A field can fail several checks (an empty email is also malformed); its first issue is the one to show.
  const names = fieldNamesOf[kind];
  const fieldErrors: FieldErrors = {};
  for (const fieldName of names) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === fieldName);
    if (issue) fieldErrors[fieldName] = issue.message;
  }
  const anyEmpty = requiredFields(kind, input).some((fieldName) => isEmpty(input[fieldName]));
  return { ok: false, fieldErrors, formError: anyEmpty ? messages.fillAllFields : messages.fixErrors };
}

/** The message for one field as the student leaves it (the district needs the state from values). */
export function validateField(
  kind: SubmissionKind,
  name: FieldName,
  values: Record<string, unknown>,
): string | undefined {
  const result = validateSubmission(kind, values);
  return result.ok ? undefined : result.fieldErrors[name];
}

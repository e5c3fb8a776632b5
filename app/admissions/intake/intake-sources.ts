// How a student came to the institute when not through a web form: one list, one definition
// for the database's check, the desk's form, the import and the owner's report. Browser-safe;
// relative imports only (the schema loads it). The site configuration may rename a label
// (site.admissions.intakeSourceLabels), never add or remove one, as with the stages.

export const intakeSources = ["walk_in", "phone_call", "referral", "fair", "aggregator", "newspaper", "other"] as const;
export type IntakeSource = (typeof intakeSources)[number];

export const defaultIntakeSourceLabels: Record<IntakeSource, string> = {
  walk_in: "Walk-in",
  phone_call: "Phone call",
  referral: "Referral",
  fair: "Education fair or seminar",
  aggregator: "Aggregator",
  newspaper: "Newspaper or hoarding",
  other: "Other",
};

/** What the desk asks beside a source, e.g. who referred the student; "" when nothing is asked. */
export const intakeSourceDetailPrompts: Record<IntakeSource, string> = {
  walk_in: "",
  phone_call: "",
  referral: "Who referred them",
  fair: "Which fair or seminar",
  aggregator: "Which aggregator",
  newspaper: "Which newspaper or hoarding",
  other: "Where from",
};

/** The aggregators lead lists come from; any other is typed in. */
export const aggregators = ["Shiksha", "CollegeDunia", "JustDial", "Sulekha"] as const;

export function isIntakeSource(value: unknown): value is IntakeSource {
  return typeof value === "string" && (intakeSources as readonly string[]).includes(value);
}

/** How the student gave consent to be contacted (DPDP): to a staff member in person or on the phone, or to the aggregator. */
export const consentWays = ["in_person", "phone", "aggregator", "form"] as const;
export type ConsentWay = (typeof consentWays)[number];

export const consentWayLabels: Record<ConsentWay, string> = {
  in_person: "In person",
  phone: "On the phone",
  aggregator: "By the aggregator or list owner",
  form: "On a paper form",
};

/** The door a student came in by: added on the desk by hand, or a row of an imported list. */
export const intakeDoors = ["desk", "import"] as const;
export type IntakeDoor = (typeof intakeDoors)[number];

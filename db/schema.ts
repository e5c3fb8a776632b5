// The one database schema, for the embedded PGlite and for a PostgreSQL server alike.
// Change it, then run `npx drizzle-kit generate` to add a migration to db/migrations.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  type ConsentWay,
  consentWays,
  type IntakeDoor,
  type IntakeSource,
  intakeDoors,
  intakeSources,
} from "../app/admissions/intake/intake-sources.ts";
import {
  type BranchSource,
  branchSources,
  type StudentBranch,
  studentBranches,
} from "../app/admissions/records/student-branches.ts";
import {
  type LostReason,
  lostReasons,
  type StudentStage,
  studentStages,
  type TimelineKind,
  timelineKinds,
} from "../app/admissions/records/student-stages.ts";
import { type SubmissionStatus, submissionStatuses } from "../app/admissions/submissions/submission-status.ts";
import {
  type BatchDays,
  type BatchMode,
  type BatchSeatWord,
  batchDays,
  batchModes,
  batchSeatWords,
} from "../app/site/batch-rules.ts";
import { type CourseKey, type CourseValue, courseKeys, courseValues } from "../app/site/course-catalog.ts";

/** Values stored in registrations.course (the form's options, lower-cased). */
export const registrationCourses = courseValues;
export type RegistrationCourse = CourseValue;

/** Keys of course start dates and of coordinator roles (fullstack is "python"). */
export const startDateKeys = courseKeys;
export type StartDateKey = CourseKey;

/** Where a counsellor is with an enquiry or registration. */
export { type SubmissionStatus, submissionStatuses };

/** Bytes (an uploaded file): a Buffer in, a Buffer out, on both engines. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** A student under 18 comes with a parent's or guardian's name, mobile and consent. */
const guardianCheck = (
  name: string,
  table: { under18: AnyPgColumn; guardianName: AnyPgColumn; guardianMobile: AnyPgColumn; guardianConsent: AnyPgColumn },
) =>
  check(
    name,
    sql`not ${table.under18} or (${table.guardianConsent} and ${table.guardianName} <> '' and ${table.guardianMobile} <> '')`,
  );

/** Columns shared by contact enquiries and course registrations. */
const submissionColumns = () => ({
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  mobile: text("mobile").notNull(),
  stream: text("stream").notNull(),
  major: text("major").notNull(),
  state: text("state").notNull(),
  district: text("district").notNull(),
  createdAt: createdAt(),
  /** One per rendered form: with the fingerprint, a resubmitted POST or a double click stores one row. */
  submissionToken: text("submission_token").notNull(),
  /**
   * A hash of what the student sent (app/admissions/submissions/submission-repository.server.ts): the same
   * token with other content (Back, then another person's details) is a new submission.
   */
  submissionFingerprint: text("submission_fingerprint").notNull().default(""),
  status: text("status").$type<SubmissionStatus>().notNull().default("new"),
  notes: text("notes").notNull().default(""),
  statusUpdatedAt: timestamp("status_updated_at", { withTimezone: true }),
  /** The staff user who last changed status or notes (kept as text: users can be removed). */
  statusUpdatedBy: text("status_updated_by"),
  /** When the student ticked the consent box (the form cannot be sent without it). */
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
  /** Under 18: a parent's or guardian's name, mobile and consent come with the form. */
  under18: boolean("under_18").notNull().default(false),
  guardianName: text("guardian_name").notNull().default(""),
  guardianMobile: text("guardian_mobile").notNull().default(""),
  guardianConsent: boolean("guardian_consent").notNull().default(false),
  /** First touch: the page the student first landed on and its campaign (analytics, decision 008). */
  landingPage: text("landing_page").notNull().default(""),
  utmSource: text("utm_source").notNull().default(""),
  utmMedium: text("utm_medium").notNull().default(""),
  utmCampaign: text("utm_campaign").notNull().default(""),
  /** The student record this submission belongs to (set when it is stored; migration 0007 for older rows). */
  studentId: integer("student_id").references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
});

/**
 * One record per student: every enquiry and registration with the same normalised mobile or
 * e-mail belongs to it (app/admissions/records/student-filing.server.ts). It shows the latest name and
 * contact details, every course asked about, and where admissions stand with the student.
 */
export const students = pgTable(
  "students",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** Trimmed and lower-cased. */
    email: text("email").notNull(),
    /** Ten digits: "+91 98450 12345" and "098450-12345" are stored as "9845012345". */
    mobile: text("mobile").notNull(),
    /** Every mobile and e-mail the student has given (normalised): a form with any of them joins the record. */
    mobiles: text("mobiles").array().notNull().default(sql`'{}'::text[]`),
    emails: text("emails").array().notNull().default(sql`'{}'::text[]`),
    state: text("state").notNull().default(""),
    district: text("district").notNull().default(""),
    /** Registration values of every course the student asked about, e.g. {"iot","python fullstack"}. */
    courses: text("courses").array().$type<RegistrationCourse[]>().notNull().default(sql`'{}'::text[]`),
    /** The branch the student belongs to (app/admissions/records/student-branches.ts); null: not known yet. */
    branch: text("branch").$type<StudentBranch>(),
    /** How the branch was set; "state" is a guess until a person confirms it (migration 0024). */
    branchSource: text("branch_source").$type<BranchSource>(),
    stage: text("stage").$type<StudentStage>().notNull().default("new"),
    lostReason: text("lost_reason").$type<LostReason>(),
    lostNote: text("lost_note").notNull().default(""),
    /** The staff account that owns the record; null: the Unassigned queue. */
    ownerId: text("owner_id").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    nextFollowUpAt: timestamp("next_follow_up_at", { withTimezone: true }),
    /** The first call, WhatsApp message or e-mail logged to the student; null: never contacted (migration 0013). */
    contactedAt: timestamp("contacted_at", { withTimezone: true }),
    /**
     * The batch an enrolled student joined (migration 0025); null: not enrolled, or enrolled with
     * the batch not decided yet. Each such student takes one of the batch's seats.
     */
    batchId: integer("batch_id").references((): AnyPgColumn => courseBatches.id, { onDelete: "restrict" }),
    /** Raised by every edit of the record: an edit made on an older version is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("students_mobiles_idx").using("gin", table.mobiles).with({ fastupdate: "off" }),
    index("students_emails_idx").using("gin", table.emails).with({ fastupdate: "off" }),
    index("students_created_at_idx").on(table.createdAt, table.id),
    index("students_owner_stage_idx").on(table.ownerId, table.stage, table.nextFollowUpAt),
    index("students_follow_up_idx").on(table.nextFollowUpAt),
    index("students_courses_idx").using("gin", table.courses).with({ fastupdate: "off" }),
    // Made only where pg_trgm can be created (migration 0017): a search by a name fragment.
    index("students_name_trgm_idx").using("gin", sql`${table.name} gin_trgm_ops`).with({ fastupdate: "off" }),
    index("students_email_trgm_idx").using("gin", sql`${table.email} gin_trgm_ops`).with({ fastupdate: "off" }),
    index("students_mobile_trgm_idx").using("gin", sql`${table.mobile} gin_trgm_ops`).with({ fastupdate: "off" }),
    // My day (app/admissions/my-day/my-day.server.ts): each group is a range of one of these.
    index("students_owner_follow_up_idx").on(table.ownerId, table.nextFollowUpAt),
    index("students_updated_at_idx").on(table.updatedAt),
    index("students_uncontacted_idx")
      .on(table.ownerId, table.createdAt)
      .where(sql`${table.stage} = 'new' and ${table.contactedAt} is null`),
    // GIN indexes take new entries at once, without a pending list every search reads (migration 0019).
    // Likely duplicates by mobile: each number's ten 9-digit deletions (student-merge.server.ts).
    index("students_mobile_keys_idx")
      .using("gin", sql`student_mobile_keys(${table.mobiles})`)
      .with({ fastupdate: "off" }),
    index("students_name_district_idx").on(sql`lower(btrim(${table.name}))`, table.district),
    // A batch's enrolled students: its seats taken and its roster (decision 032).
    index("students_batch_idx").on(table.batchId).where(sql`${table.batchId} is not null`),
    // The team's day: enrolled students whose batch is not decided yet, the longest waiting first.
    index("students_batch_undecided_idx")
      .on(table.updatedAt)
      .where(sql`${table.stage} = 'enrolled' and ${table.batchId} is null`),
    check("students_stage_check", sql`${table.stage} in (${inList(studentStages)})`),
    check("students_batch_check", sql`${table.batchId} is null or ${table.stage} = 'enrolled'`),
    check(
      "students_lost_reason_check",
      sql`(${table.stage} = 'lost') = (${table.lostReason} is not null) and (${table.lostReason} is null or ${table.lostReason} in (${inList(lostReasons)}))`,
    ),
    check(
      "students_branch_check",
      sql`(${table.branch} is null) = (${table.branchSource} is null) and (${table.branch} is null or ${table.branch} in (${inList(studentBranches)})) and (${table.branchSource} is null or ${table.branchSource} in (${inList(branchSources)}))`,
    ),
  ],
);

/**
 * What happened with a student, newest last: submissions received, calls, messages, notes,
 * stage, owner and follow-up changes, merges. Entries are only added; the data-protection
 * erasure is the one thing that removes them (with the record).
 */
export const studentTimeline = pgTable(
  "student_timeline",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id")
      .notNull()
      .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TimelineKind>().notNull(),
    /** The staff account that did it (kept as text: accounts can be removed); null: the site itself. */
    actorId: text("actor_id"),
    /** Who did it as the desk shows it (their e-mail), kept after the account is gone. */
    actorLabel: text("actor_label").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** What the entry says: a note's text, a call's outcome, a stage's old and new value... */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index("student_timeline_student_idx").on(table.studentId, table.at, table.id),
    // The owner's report (migration 0015): first contacts, stages reached, follow-ups that fell due.
    index("student_timeline_contact_idx")
      .on(table.studentId, table.at)
      .where(sql`${table.kind} in ('call', 'whatsapp', 'email')`),
    // Keeping the report's facts (migration 0018): a student's follow-ups and contacts.
    index("student_timeline_follow_up_idx").on(table.studentId, table.at).where(sql`${table.kind} = 'follow_up'`),
    check("student_timeline_kind_check", sql`${table.kind} in (${inList(timelineKinds)})`),
  ],
);

/**
 * What the owner's report needs of each student's timeline and forms (decision 020), kept by the
 * database itself: triggers on student_timeline, enquiries and registrations recompute the facts
 * of every student a statement touched, in that statement's transaction (migration 0018,
 * refresh_student_facts), whatever code wrote it; triggers on students (migration 0021) copy
 * the record's own fields the report groups by. One row per student.
 */
export const studentFacts = pgTable(
  "student_facts",
  {
    studentId: integer("student_id")
      .primaryKey()
      .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
    /** The first call, WhatsApp or e-mail on the timeline (its time); null: none. */
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    /** The furthest stage (New to Enrolled) a stage entry moved the student to or from; null: none. */
    furthestStage: text("furthest_stage").$type<StudentStage>(),
    /** The first touch of the student's first form (by time, then id); "" without one. */
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    // Copied from the record (migration 0021), so that the report reads this narrow table alone.
    /** The record's arrival (students.created_at). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The record's owner now; null: unassigned. */
    ownerId: text("owner_id"),
    /** The first course the student asked about (courses[1]); null: none. */
    course: text("course"),
    /** The record's branch (migration 0024); null: not known yet. */
    branch: text("branch"),
    stage: text("stage").$type<StudentStage>().notNull(),
    lostReason: text("lost_reason").$type<LostReason>(),
    /** Minutes from arrival to the first contact (0 when logged before it); null: not contacted. */
    responseMinutes: doublePrecision("response_minutes"),
    /** The furthest stage reached, 1 (New) to 6 (Enrolled): by a stage entry or the stage now. */
    reached: smallint("reached").notNull(),
  },
  (table) => [index("student_facts_created_at_idx").on(table.createdAt)],
);

/**
 * Every follow-up time set on a timeline (a follow_up entry with a time), judged: *done* when a
 * call, WhatsApp or e-mail was logged from setting it to an hour after it was due, *moved* when
 * another follow_up entry came before it fell due. Kept with student_facts by the same triggers.
 */
export const studentFollowUps = pgTable(
  "student_follow_ups",
  {
    entryId: integer("entry_id")
      .primaryKey()
      .references((): AnyPgColumn => studentTimeline.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
    setAt: timestamp("set_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    done: boolean("done").notNull(),
    moved: boolean("moved").notNull(),
    /** The record's owner, first course (migration 0021) and branch (0024) now, as on student_facts. */
    ownerId: text("owner_id"),
    course: text("course"),
    branch: text("branch"),
  },
  (table) => [
    index("student_follow_ups_due_idx").on(table.dueAt),
    index("student_follow_ups_student_idx").on(table.studentId),
  ],
);

/**
 * Records merged into another (app/admissions/merge/student-merge.server.ts): the merged record is
 * deleted, its forms and timeline moved to the kept one; this row sends a link to the merged
 * record on to the kept one. Ids only; it goes with the kept record (erasure, retention).
 */
export const studentMerges = pgTable(
  "student_merges",
  {
    mergedId: integer("merged_id").primaryKey(),
    keptId: integer("kept_id")
      .notNull()
      .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
    mergedBy: text("merged_by").notNull().default(""),
  },
  (table) => [index("student_merges_kept_idx").on(table.keptId)],
);

export const leadImportStatuses = ["staged", "imported", "undone"] as const;
export type LeadImportStatus = (typeof leadImportStatuses)[number];

/**
 * A list of leads an admin uploaded (app/admissions/intake/lead-import.server.ts): held as it
 * was uploaded while the admin previews it ("staged"; the file is dropped once imported or
 * after a day), then imported in one transaction, and perhaps undone. The same file (by its
 * SHA-256) can be imported once: a second upload is refused with when and by whom.
 */
export const leadImports = pgTable(
  "lead_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    /** The uploaded bytes, while staged; null once imported or given up. */
    file: bytea("file"),
    status: text("status").$type<LeadImportStatus>().notNull().default("staged"),
    /** The list's source as the admin named it once for the whole file, e.g. "Shiksha". */
    source: text("source").notNull().default(""),
    how: text("how").$type<IntakeSource>().notNull().default("aggregator"),
    /** What was done: counts of rows, new students, rows joining a student, rows repeated, rows refused. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    /** "pools", "unassigned" or "owner:<account id>". */
    assignment: text("assignment").notNull().default(""),
    byId: text("by_id"),
    byLabel: text("by_label").notNull().default(""),
    createdAt: createdAt(),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneBy: text("undone_by").notNull().default(""),
  },
  (table) => [
    uniqueIndex("lead_imports_file_idx").on(table.fileHash).where(sql`${table.status} = 'imported'`),
    index("lead_imports_created_at_idx").on(table.createdAt),
    check("lead_imports_status_check", sql`${table.status} in (${inList(leadImportStatuses)})`),
    check("lead_imports_how_check", sql`${table.how} in (${inList(intakeSources)})`),
  ],
);

/**
 * A student who came by another door than a web form: added on the desk by hand (a walk-in, a
 * phone call, a referral...) or a row of an imported list. Kept with the record like a form
 * (the row as uploaded too, every column of it), so a record made this way has an entry that
 * retention, erasure and the student's data download cover as they cover forms.
 */
export const studentIntakes = pgTable(
  "student_intakes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer("student_id")
      .notNull()
      .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
    importId: integer("import_id").references((): AnyPgColumn => leadImports.id, { onDelete: "set null" }),
    door: text("door").$type<IntakeDoor>().notNull(),
    how: text("how").$type<IntakeSource>().notNull(),
    /** Who referred them, which fair, which aggregator, the list's source. */
    howDetail: text("how_detail").notNull().default(""),
    name: text("name").notNull(),
    /** Normalised as on the record; "" when not given. */
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    state: text("state").notNull().default(""),
    district: text("district").notNull().default(""),
    courses: text("courses").array().$type<RegistrationCourse[]>().notNull().default(sql`'{}'::text[]`),
    branch: text("branch").notNull().default(""),
    note: text("note").notNull().default(""),
    consent: text("consent").$type<ConsentWay>().notNull(),
    /** The staff member the student gave consent to, as the desk shows them. */
    consentTo: text("consent_to").notNull().default(""),
    /** The sheet's row number (1 is the header) and the row as uploaded, header to value. */
    rowNumber: integer("row_number"),
    row: jsonb("row").$type<Record<string, string>>(),
    /** This intake made the record (an import's undo removes such records only). */
    createdRecord: boolean("created_record").notNull().default(false),
    /** The first touch as the owner's report counts it: the source, the door, the detail. */
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    createdAt: createdAt(),
    createdBy: text("created_by").notNull().default(""),
  },
  (table) => [
    index("student_intakes_student_idx").on(table.studentId),
    index("student_intakes_import_idx").on(table.importId),
    index("student_intakes_created_at_idx").on(table.createdAt),
    index("student_intakes_email_idx").on(table.email),
    index("student_intakes_mobile_idx").on(table.mobile),
    check("student_intakes_door_check", sql`${table.door} in (${inList(intakeDoors)})`),
    check("student_intakes_how_check", sql`${table.how} in (${inList(intakeSources)})`),
    check("student_intakes_consent_check", sql`${table.consent} in (${inList(consentWays)})`),
  ],
);

/** The most an enquiry's question may hold, in characters (the form's rule says so first). */
export const questionMaxLength = 1000;

export const enquiries = pgTable(
  "enquiries",
  {
    ...submissionColumns(),
    /** What the student asked in their own words (optional; "" when they wrote nothing). */
    question: text("question").notNull().default(""),
    /** The course the student asked about, if they chose one (a registration value); null: none. */
    course: text("course").$type<RegistrationCourse>(),
  },
  (table) => [
    index("enquiries_created_at_idx").on(table.createdAt),
    uniqueIndex("enquiries_submission_idx").on(table.submissionToken, table.submissionFingerprint),
    index("enquiries_email_idx").on(table.email),
    index("enquiries_mobile_idx").on(table.mobile),
    index("enquiries_student_idx").on(table.studentId),
    check("enquiries_status_check", sql`${table.status} in (${inList(submissionStatuses)})`),
    guardianCheck("enquiries_guardian_check", table),
    check(
      "enquiries_course_check",
      sql`${table.course} is null or ${table.course} in (${inList(registrationCourses)})`,
    ),
    check("enquiries_question_check", sql`char_length(${table.question}) <= ${sql.raw(String(questionMaxLength))}`),
  ],
);

export const registrations = pgTable(
  "registrations",
  {
    ...submissionColumns(),
    course: text("course").$type<RegistrationCourse>().notNull(),
    /** The batch the student picked (optional); null when none was, or once the batch is removed. */
    batchId: integer("batch_id").references((): AnyPgColumn => courseBatches.id, { onDelete: "set null" }),
    /** The picked batch as it read when the student sent the form (kept when the batch changes or goes). */
    batch: text("batch").notNull().default(""),
  },
  (table) => [
    index("registrations_created_at_idx").on(table.createdAt),
    uniqueIndex("registrations_submission_idx").on(table.submissionToken, table.submissionFingerprint),
    index("registrations_course_created_at_idx").on(table.course, table.createdAt),
    index("registrations_email_idx").on(table.email),
    index("registrations_mobile_idx").on(table.mobile),
    index("registrations_student_idx").on(table.studentId),
    check("registrations_status_check", sql`${table.status} in (${inList(submissionStatuses)})`),
    check("registrations_course_check", sql`${table.course} in (${inList(registrationCourses)})`),
    guardianCheck("registrations_guardian_check", table),
  ],
);

/** A course without a row here shows "Starting soon". */
export const courseStartDates = pgTable(
  "course_start_dates",
  {
    key: text("key").$type<StartDateKey>().primaryKey(),
    /** Free text, e.g. "15 January 2027" or "Every Monday". */
    startDate: text("start_date").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [check("course_start_dates_key_check", sql`${table.key} in (${inList(startDateKeys)})`)],
);

/**
 * A batch of a course the institute has announced: where, when, which days and hours, how it
 * is taught, how many seats it has and its fee (app/site/batches.server.ts). The public pages
 * show the upcoming ones; a batch whose start date has passed hides itself.
 */
export const courseBatches = pgTable(
  "course_batches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    courseKey: text("course_key").$type<CourseKey>().notNull(),
    /** A branch key of app/config/site.ts ("chennai"), checked by the desk's form. */
    branch: text("branch").notNull(),
    /** The first class, a calendar day in India. */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    days: text("days").$type<BatchDays>().notNull(),
    /** "HH:MM", 24-hour, India time. */
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    mode: text("mode").$type<BatchMode>().notNull(),
    /**
     * What the pages say about seats while the batch has no total: "open" (nothing), or
     * "filling-fast" or "full" set by hand. Always "open" once there is a total.
     */
    seats: text("seats").$type<BatchSeatWord>().notNull().default("open"),
    /** How many students the batch takes; null: not given. Seats left = this less its enrolled students. */
    seatsTotal: integer("seats_total"),
    feeInr: integer("fee_inr").notNull(),
    /** What the fee covers, e.g. "Kit, lab access and certificate". */
    feeIncludes: text("fee_includes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who last saved it, or "demo content". */
    updatedBy: text("updated_by"),
  },
  (table) => [
    index("course_batches_course_starts_idx").on(table.courseKey, table.startsOn),
    index("course_batches_starts_idx").on(table.startsOn),
    check("course_batches_course_key_check", sql`${table.courseKey} in (${inList(courseKeys)})`),
    check("course_batches_days_check", sql`${table.days} in (${inList(batchDays)})`),
    check("course_batches_mode_check", sql`${table.mode} in (${inList(batchModes)})`),
    check(
      "course_batches_seats_check",
      sql`${table.seats} in (${inList(batchSeatWords)}) and (${table.seatsTotal} is null or (${table.seats} = 'open' and ${table.seatsTotal} between 1 and 9999))`,
    ),
    check(
      "course_batches_time_check",
      sql`${table.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${table.startTime} < ${table.endTime}`,
    ),
    check("course_batches_fee_check", sql`${table.feeInr} >= 0`),
  ],
);

export const placedStudents = pgTable(
  "placed_students",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    /** As shown, e.g. "4.5 LPA". */
    package: text("package").notNull(),
    jobRole: text("job_role").notNull(),
    /** Key of the stored image, e.g. "placed-students/asha-k": files are <key>-<width>.<avif|webp>. */
    photo: text("photo"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("placed_students_order_idx").on(table.sortOrder, table.createdAt)],
);

/** Who changed what in the staff area. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    subject: text("subject").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (table) => [index("audit_log_at_idx").on(table.at)],
);

// Better Auth 1.7 core tables (property names are the ones its Drizzle adapter expects),
// with the admin plugin's optional columns so that plugin can be turned on without a migration.

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  /** "admin" or "counsellor" (a counsellor's courses are in staff_courses). */
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (table) => [index("session_userId_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("account_userId_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/** Better Auth's rate-limit store, used when its `rateLimit.storage` is "database". */
export const rateLimit = pgTable(
  "rate_limit",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (table) => [uniqueIndex("rate_limit_key_uidx").on(table.key)],
);

/**
 * The site's own rate limits (form posts, failed sign-ins) when several processes share
 * PostgreSQL: one row per key and fixed window, counted with an atomic upsert. The embedded
 * database (one process) keeps these counters in memory and leaves this table empty.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    /** When the current window ends; a hit after that starts a new window. */
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_counters_reset_at_idx").on(table.resetAt)],
);

/**
 * Staff edits of the institute's content (a course's text, image and syllabus; the
 * reviews), stored over the defaults in app/site/content. Key examples: "course:iot", "reviews".
 */
export const contentOverrides = pgTable("content_overrides", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/**
 * Page views counted by the site itself (no cookies, no identifiers, no IP address):
 * one row per day and combination of page, referrer host, campaign and device class.
 */
export const pageViews = pgTable(
  "page_views",
  {
    /** Day in India (YYYY-MM-DD). */
    day: text("day").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host").notNull().default(""),
    utmSource: text("utm_source").notNull().default(""),
    utmMedium: text("utm_medium").notNull().default(""),
    utmCampaign: text("utm_campaign").notNull().default(""),
    /** "mobile", "tablet" or "desktop". */
    device: text("device").notNull(),
    views: integer("views").notNull().default(0),
    /** Views that were a visitor's first page (their first-touch landing): the base of conversion rates. */
    entries: integer("entries").notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [
        table.day,
        table.path,
        table.referrerHost,
        table.utmSource,
        table.utmMedium,
        table.utmCampaign,
        table.device,
      ],
    }),
  ],
);

/**
 * Unique visitors per day: a hash of the address and browser with a salt that exists only
 * in memory and changes every day, so a stored hash cannot be traced back to anyone.
 */
export const dailyVisitors = pgTable(
  "daily_visitors",
  {
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitor] })],
);

/** Kinds of e-mail the site sends (see app/admissions/submissions/notifications.server.ts). */
export const outboxKinds = [
  "institute",
  "coordinator",
  "acknowledgement",
  // Reminders (app/admissions/my-day/reminders.server.ts, migration 0014).
  "counsellor",
  "digest",
  "uncontacted",
] as const;
export type OutboxKind = (typeof outboxKinds)[number];

/**
 * E-mail waiting to be sent, written in the same transaction as the submission it is
 * about: a mail server that is down delays a message but never loses it or the submission.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    /**
     * The enquiry or registration it is about, so erasing a student's data erases their mail too;
     * empty for a message about several students (a digest, an alert: migration 0014).
     */
    submissionKind: text("submission_kind").$type<"enquiry" | "registration">(),
    submissionId: integer("submission_id"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** pending (waiting or retrying), sent, or failed (gave up after every retry). */
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("outbox_submission_idx").on(table.submissionKind, table.submissionId),
    check("outbox_status_check", sql`${table.status} in ('pending', 'sent', 'failed')`),
    check("outbox_kind_check", sql`${table.kind} in (${inList(outboxKinds)})`),
  ],
);

/**
 * Each course's pools: the staff accounts its new students are given to, in turn
 * (app/admissions/assignment/assignment.server.ts): the course's own pool (branch "") and a pool
 * per branch (migration 0024), which a student of that branch goes to first. An admin edits them.
 */
export const assignmentPools = pgTable(
  "assignment_pools",
  {
    course: text("course").$type<RegistrationCourse>().notNull(),
    /** A student branch, or "" for the course's pool (every branch, and the fallback of each). */
    branch: text("branch").$type<StudentBranch | "">().notNull().default(""),
    userId: text("user_id")
      .notNull()
      .references((): AnyPgColumn => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.course, table.branch, table.userId] }),
    check("assignment_pools_course_check", sql`${table.course} in (${inList(registrationCourses)})`),
    check("assignment_pools_branch_check", sql`${table.branch} in ('', ${inList(studentBranches)})`),
  ],
);

/** Whose turn it is in each pool (course and branch, "" for the course's): the account that got the last new student. */
export const assignmentCursors = pgTable(
  "assignment_cursors",
  {
    course: text("course").$type<RegistrationCourse>().notNull(),
    branch: text("branch").$type<StudentBranch | "">().notNull().default(""),
    lastUserId: text("last_user_id"),
  },
  (table) => [primaryKey({ columns: [table.course, table.branch] })],
);

/** Staff accounts marked away (on leave): they get no new students until they are back. */
export const staffAvailability = pgTable("staff_availability", {
  userId: text("user_id")
    .primaryKey()
    .references((): AnyPgColumn => user.id, { onDelete: "cascade" }),
  away: boolean("away").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Facts about this installation that are not content, one row per key. `demo_content`
 * records that the first start decided about demo content ("added" or "not added"; "removed"
 * after `cli demo remove`; "existing database" for one made before this table existed), so
 * it is decided once, never again on a later start.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Photos staff upload in the desk, by where they show (`place`: app/site/photo-places.ts) and
 * their order there. Each is a default drawing under /public or an upload (files
 * <image_key>-<width>.avif|webp under the uploads folder), never both. Gallery photos carry a
 * caption, and may carry the event's date and branch (decision 022).
 */
export const sitePhotos = pgTable(
  "site_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    place: text("place").notNull(),
    position: integer("position").notNull(),
    drawing: text("drawing"),
    imageKey: text("image_key"),
    alt: text("alt").notNull(),
    caption: text("caption").notNull().default(""),
    eventDate: date("event_date", { mode: "string" }),
    branch: text("branch"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [
    index("site_photos_place_idx").on(table.place, table.position, table.id),
    check("site_photos_one_source", sql`(${table.drawing} IS NULL) <> (${table.imageKey} IS NULL)`),
    check("site_photos_alt_given", sql`length(btrim(${table.alt})) > 0`),
  ],
);
/** What a counsellor's morning digest of one day came to: sent, nothing due, or away (decision 019). */
export const digestOutcomes = ["sent", "nothing due", "away"] as const;
export type DigestOutcome = (typeof digestOutcomes)[number];

/**
 * One row per staff account and day (India date by default, YYYY-MM-DD) once that day's digest
 * has been decided, written in the transaction that queues it: with several processes or after
 * a restart, the day's digest is never decided, nor sent, twice.
 */
export const reminderDigests = pgTable(
  "reminder_digests",
  {
    userId: text("user_id")
      .notNull()
      .references((): AnyPgColumn => user.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    outcome: text("outcome").$type<DigestOutcome>().notNull(),
    /** The queued message, for a digest that was sent. */
    outboxId: integer("outbox_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    index("reminder_digests_day_idx").on(table.day),
    check("reminder_digests_outcome_check", sql`${table.outcome} in (${inList(digestOutcomes)})`),
    check("reminder_digests_day_check", sql`${table.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/** New students the admins were e-mailed about (not contacted in time): each at most once. */
export const uncontactedAlerts = pgTable("uncontacted_alerts", {
  studentId: integer("student_id")
    .primaryKey()
    .references((): AnyPgColumn => students.id, { onDelete: "cascade" }),
  alertedAt: timestamp("alerted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The courses a counsellor works on: course keys (fullstack's is "python"), or "all" for every
 * course, those added later included (app/staff/staff-roles.ts). Admins have none.
 */
export const staffCourses = pgTable(
  "staff_courses",
  {
    userId: text("user_id")
      .notNull()
      .references((): AnyPgColumn => user.id, { onDelete: "cascade" }),
    course: text("course").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.course] }),
    check("staff_courses_course_check", sql`${table.course} in (${inList([...courseKeys, "all"])})`),
  ],
);

/**
 * The branches a counsellor is limited to (migration 0024): none, every branch. A counsellor
 * limited to some sees the students of their courses at those branches and those whose branch
 * is not known yet (app/admissions/records/record-scope.server.ts). Admins have none.
 */
export const staffBranches = pgTable(
  "staff_branches",
  {
    userId: text("user_id")
      .notNull()
      .references((): AnyPgColumn => user.id, { onDelete: "cascade" }),
    branch: text("branch").$type<StudentBranch>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.branch] }),
    check("staff_branches_branch_check", sql`${table.branch} in (${inList(studentBranches)})`),
  ],
);

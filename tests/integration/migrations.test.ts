import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import {
  createSubmission,
  fileForm,
  formToFile,
  listSubmissions,
} from "../../app/admissions/submissions/submission-repository.server";
import { clientAddressContext, databaseContext } from "../../app/platform/context.server";
import { type Database, openDatabase, rowsOf } from "../../app/platform/database.server";
import { action as loginAction } from "../../app/routes/login";
import * as staffStudents from "../../app/routes/staff/students";
import { addBatch, getCourseBatches } from "../../app/site/batches.server";
import { hashPassword } from "../../app/staff/password.server";
import { createPostgresDatabase, describeEachEngine, type EngineName, studentRowsReadWhole } from "./databases";
import { student } from "./fixtures";
import { copyPgliteTemplate } from "./template-copies";

const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };

describeEachEngine("migrations", () => {
  it("are applied once when several app processes start together", async () => {
    const { url, drop } = await createPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-migrate-"));
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ dataDir, databaseUrl: url, purpose: "test" })),
      );
      const applied = await opened[0]?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rowsOf<{ n: number }>(applied)[0]?.n).toBe(journal.entries.length);
      expect(await Promise.all(opened.map((database) => database.ping()))).toEqual([true, true, true]);
      await Promise.all(opened.map((database) => database.close()));
    } finally {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}, ["postgres"]);

/** A copy of db/migrations that stops after the migration with this tag: the database of an older version. */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-old-migrations-"));
  fs.cpSync("db/migrations", folder, { recursive: true });
  const tags = (journal.entries as { tag: string }[]).map((entry) => entry.tag);
  const entries = journal.entries.slice(0, tags.indexOf(tag) + 1);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** What a test of one upgrade gets: a way to open its database, with the old or all migrations. */
/** The rows a query answers on `database`, typed by the caller. */
const rowsIn =
  (database: Database) =>
  async <T>(query: SQL): Promise<T[]> =>
    rowsOf<T>(await database.db.execute(query));

interface Upgrade {
  /** The migrations of the older version (a folder for `open`). */
  oldMigrations: string;
  /** Opens the database: with `oldMigrations` as the older version made it, without them as this one does. */
  open: (migrationsFolder?: string) => Promise<Database>;
}

/**
 * Runs `test` on a fresh database of one engine whose older version stopped after the migration
 * `tag`, and removes the database and its folders after, whatever happened.
 */
async function upgradeFrom(engine: EngineName, tag: string, test: (upgrade: Upgrade) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-upgrade-"));
  const oldMigrations = migrationsUpTo(tag);
  const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
  // A new embedded database cluster (initdb), copied: the migrations still run from the first.
  if (!postgres) await copyPgliteTemplate(dataDir, "initialised");
  const open = (migrationsFolder?: string) =>
    openDatabase({ dataDir, databaseUrl: postgres?.url, migrationsFolder, purpose: "test" });
  try {
    await test({ oldMigrations, open });
  } finally {
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(oldMigrations, { recursive: true, force: true });
  }
}

describeEachEngine("migrating a database of the previous version", (engine) => {
  it("keeps its entries, and a form token sent again with other answers is stored", async () => {
    await upgradeFrom(engine, "0004_shared_rate_limits", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token)
        values ('Old Entry', 'old.entry@example.in', '9876543210', 'B.E', 'ECE', 'karnataka', 'Udupi', 'old-token')`);
      await old.close();

      const upgraded = await open();
      const { course: _course, ...newPerson } = student({ name: "New Person" });
      const meta = { submissionToken: "old-token" };
      const other = await createSubmission(upgraded.db, "enquiry", newPerson, meta);
      const again = await createSubmission(upgraded.db, "enquiry", newPerson, meta);
      expect(other.duplicate).toBe(false);
      expect(again).toEqual({ id: other.id, duplicate: true });
      const { rows } = await listSubmissions(upgraded.db, "enquiry");
      expect(rows.map((row) => row.name).sort()).toEqual(["New Person", "Old Entry"]);
      await upgraded.close();
    });
  });
});

describeEachEngine("migrating a database made before student records (0006)", (engine) => {
  it("files every enquiry and registration, its status and its note on one record per student", async () => {
    await upgradeFrom(engine, "0006_submission_fingerprint", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, created_at,
                               status, notes, status_updated_at, status_updated_by, utm_source)
        values
          ('Kavya', 'Kavya@Example.in ', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 't1', '2026-01-05T10:00:00Z',
           'contacted', 'Asked about fees; call back Monday.', '2026-01-06T09:00:00Z', 'desk@example.in', 'instagram'),
          ('Ravi', 'ravi@example.in', '9000000001', 'B.Sc', 'CS', 'kerala', 'Kannur', 't2', '2026-01-07T10:00:00Z',
           'new', '', null, null, ''),
          ('Kavya S', 'kavya@example.in', '9111111111', 'B.E', 'ECE', 'karnataka', 'Udupi', 't3', '2026-01-08T10:00:00Z',
           'not_interested', '', '2026-01-09T10:00:00Z', 'desk@example.in', '')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, created_at,
                                   course, status, notes, status_updated_at, status_updated_by)
        values
          ('Kavya Shetty', 'new.kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 't4',
           '2026-01-10T10:00:00Z', 'iot', 'enrolled', 'Paid the first instalment.', '2026-01-12T10:00:00Z', 'iot@example.in'),
          ('Anil', 'anil@example.in', '9222222222', 'Diploma', 'EEE', 'karnataka', 'Mysuru', 't5',
           '2026-01-11T10:00:00Z', 'ai', 'new', '', null, null)`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      const records = await rows<{
        id: number;
        name: string;
        email: string;
        mobile: string;
        courses: string[];
        stage: string;
        lost_reason: string | null;
      }>(sql`select id, name, email, mobile, courses, stage, lost_reason from students order by id`);
      // Kavya's three forms are one student: the same e-mail (any case), then the same mobile.
      expect(records.map(({ id: _id, ...record }) => record)).toEqual([
        {
          name: "Kavya Shetty",
          email: "new.kavya@example.in",
          mobile: "9845012345",
          courses: ["iot"],
          stage: "enrolled",
          lost_reason: null,
        },
        { name: "Ravi", email: "ravi@example.in", mobile: "9000000001", courses: [], stage: "new", lost_reason: null },
        {
          name: "Anil",
          email: "anil@example.in",
          mobile: "9222222222",
          courses: ["ai"],
          stage: "new",
          lost_reason: null,
        },
      ]);
      const unfiled = await rows<{ n: number }>(sql`
        select (select count(*) from enquiries where student_id is null)
             + (select count(*) from registrations where student_id is null) as n`);
      expect(Number(unfiled[0]?.n)).toBe(0);

      const kavya = records[0]?.id as number;
      const timeline = await rows<{ kind: string; actor_label: string; at: Date; detail: Record<string, unknown> }>(sql`
        select kind, actor_label, at, detail from student_timeline where student_id = ${kavya} order by at, id`);
      const described = timeline.map((entry) => [
        entry.kind,
        entry.actor_label,
        entry.detail.form,
        entry.detail.submissionId,
      ]);
      expect(described).toEqual([
        ["submission", "", "enquiry", 1],
        ["stage", "desk@example.in", "enquiry", 1],
        ["note", "desk@example.in", "enquiry", 1],
        ["submission", "", "enquiry", 3],
        ["stage", "desk@example.in", "enquiry", 3],
        ["submission", "", "registration", 1],
        ["stage", "iot@example.in", "registration", 1],
        ["note", "iot@example.in", "registration", 1],
      ]);
      expect(timeline[0]?.detail).toMatchObject({ form: "enquiry", utmSource: "instagram" });
      expect(timeline[2]?.detail.text).toBe("Asked about fees; call back Monday.");
      expect(timeline[4]?.detail).toMatchObject({ to: "lost", reason: "not_interested", status: "not_interested" });
      expect(timeline[7]?.detail.text).toBe("Paid the first instalment.");

      // The old tables keep every row as it was sent, and new forms join the records.
      const enquiriesKept = await listSubmissions(upgraded.db, "enquiry");
      expect(enquiriesKept.rows.map((row) => [row.name, row.status])).toEqual([
        ["Kavya S", "not_interested"],
        ["Ravi", "new"],
        ["Kavya", "contacted"],
      ]);
      const { course: _course, ...again } = student({ name: "Ravi R", mobile: "+91 90000 00001" });
      const stored = await createSubmission(upgraded.db, "enquiry", again, { submissionToken: "after-upgrade" });
      expect(stored.studentId).toBe(records[1]?.id);
      await upgraded.close();
    });
  });
});

describeEachEngine("migrating a database made before batches (0008)", (engine) => {
  it("keeps its registrations and typed start dates, which the site shows until a batch is added", async () => {
    await upgradeFrom(engine, "0008_assignment", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course)
        values ('Priya Raman', 'priya@example.in', '9876543210', 'B.E', 'ECE', 'karnataka', 'Udupi', 'before-batches', 'iot')`);
      await old.db.execute(sql`
        insert into course_start_dates (key, start_date, updated_by)
        values ('iot', 'Mid-February 2027', 'iot@example.in'), ('ai', '12 January 2020', 'admin@example.in')`);
      await old.close();

      const upgraded = await open();
      const { rows } = await listSubmissions(upgraded.db, "registration");
      expect(rows.map((row) => [row.name, row.course, row.batchId, row.batch])).toEqual([
        ["Priya Raman", "iot", null, ""],
      ]);
      // What staff typed is kept, and shown while the course has no batch (a day long past is not).
      const board = await getCourseBatches(upgraded.db, "2026-11-25");
      expect(board.iot).toEqual({ batches: [], note: "Mid-February 2027" });
      expect(board.ai).toEqual({ batches: [], note: null });
      const batch = await addBatch(
        upgraded.db,
        "iot",
        {
          branch: "chennai",
          startsOn: "2027-02-15",
          days: "weekday",
          startTime: "18:00",
          endTime: "20:00",
          mode: "classroom",
          seats: "open",
          seatsTotal: null,
          feeInr: 40000,
          feeIncludes: "",
        },
        "iot@example.in",
      );
      const after = await getCourseBatches(upgraded.db, "2026-11-25");
      expect(after.iot.batches.map((row) => row.id)).toEqual([batch.id]);
      expect(after.iot.note).toBeNull();
      // The database refuses a batch the desk's form would refuse.
      await expect(
        upgraded.db.execute(sql`
          insert into course_batches (course_key, branch, starts_on, days, start_time, end_time, mode, seats, fee_inr)
          values ('iot', 'chennai', '2027-02-15', 'weekday', '20:00', '18:00', 'classroom', 'open', 40000)`),
      ).rejects.toThrow();
      await upgraded.close();
    });
  });
});

describeEachEngine("migrating a database made before reminders (0014)", (engine) => {
  it("keeps every queued and sent message, and takes messages about no single submission", async () => {
    await upgradeFrom(engine, "0008_assignment", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into outbox (kind, submission_kind, submission_id, recipient, subject, body, status, sent_at)
        values ('institute', 'enquiry', 7, 'desk@example.in', 'New enquiry: Kavya', 'Body one', 'sent', now()),
               ('acknowledgement', 'registration', 3, 'kavya@example.in', 'Your registration', 'Body two', 'pending', null)`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(
        await rows(sql`select kind, submission_kind, submission_id, recipient, status from outbox order by id`),
      ).toEqual([
        {
          kind: "institute",
          submission_kind: "enquiry",
          submission_id: 7,
          recipient: "desk@example.in",
          status: "sent",
        },
        {
          kind: "acknowledgement",
          submission_kind: "registration",
          submission_id: 3,
          recipient: "kavya@example.in",
          status: "pending",
        },
      ]);
      await upgraded.db.execute(sql`
        insert into outbox (kind, recipient, subject, body) values ('digest', 'asha@example.in', 'Your day', 'Body')`);
      await expect(
        upgraded.db.execute(
          sql`insert into outbox (kind, recipient, subject, body) values ('junk', 'a@b.in', 's', 'b')`,
        ),
      ).rejects.toThrow();
      await expect(
        upgraded.db.execute(
          sql`insert into reminder_digests (user_id, day, outcome) values ('nobody', '2026-11-25', 'sent')`,
        ),
      ).rejects.toThrow();
      await upgraded.close();
    });
    // Two embedded databases are opened, each in seconds; more on a busy machine.
  }, 120_000);
});

describeEachEngine("migrating a database made before roles and courses (0008)", (engine) => {
  it("turns every coordinator into a counsellor of their course, who signs in to the same desk and records", async () => {
    process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
    const password = "correct horse battery staple kolam";
    await upgradeFrom(engine, "0008_assignment", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      const hash = await hashPassword(password);
      // Accounts as the previous version stored them: the role is a course key.
      for (const [id, email, role] of [
        ["u-admin", "admin@example.in", "admin"],
        ["u-iot", "iot@example.in", "iot"],
        ["u-python", "python@example.in", "python"],
        ["u-none", "none@example.in", null],
      ] as const) {
        await old.db.execute(
          sql`insert into "user" (id, name, email, role) values (${id}, ${email}, ${email}, ${role})`,
        );
        await old.db.execute(sql`
          insert into account (id, account_id, provider_id, user_id, password)
          values (${`a-${id}`}, ${id}, 'credential', ${id}, ${hash})`);
      }
      // The python coordinator was also put in the IoT pool: they are given IoT students.
      await old.db.execute(sql`
        insert into assignment_pools (course, user_id) values ('iot', 'u-iot'), ('iot', 'u-python'), ('ai', 'u-admin')`);
      // Rows as that version stored them (today's code writes columns it did not have).
      const registered = async (course: string, mobile: string, email: string) => {
        const made = await old.db.execute(sql`
          insert into students (name, email, mobile, mobiles, emails, courses)
          values ('Priya Raman', ${email}, ${mobile}, array[${mobile}]::text[], array[${email}]::text[], array[${course}]::text[])
          returning id`);
        const studentId = Number(rowsOf<{ id: number }>(made)[0]?.id);
        await old.db.execute(sql`
          insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id)
          values ('Priya Raman', ${email}, ${mobile}, 'B.E', 'ECE', 'karnataka', 'Udupi', ${`m-${course}`}, ${course}, ${studentId})`);
        return { studentId };
      };
      const iot = await registered("iot", "9000300001", "a@example.in");
      await registered("ai", "9000300002", "b@example.in");
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(await rows(sql`select id, role from "user" order by id`)).toEqual([
        { id: "u-admin", role: "admin" },
        { id: "u-iot", role: "counsellor" },
        { id: "u-none", role: null },
        { id: "u-python", role: "counsellor" },
      ]);
      expect(await rows(sql`select user_id, course from staff_courses order by user_id, course`)).toEqual([
        { user_id: "u-iot", course: "iot" },
        { user_id: "u-python", course: "iot" },
        { user_id: "u-python", course: "python" },
      ]);
      expect(await rows(sql`select course, user_id from assignment_pools order by course, user_id`)).toEqual([
        { course: "ai", user_id: "u-admin" },
        { course: "iot", user_id: "u-iot" },
        { course: "iot", user_id: "u-python" },
      ]);
      expect(Number((await rows<{ n: number }>(sql`select count(*) as n from account`))[0]?.n)).toBe(4);

      // The IoT coordinator signs in (to My day, where every counsellor starts), and their
      // course's desk keeps its URL and its records.
      const context = new RouterContextProvider();
      context.set(databaseContext, upgraded);
      context.set(clientAddressContext, "198.51.100.77");
      const site = "http://localhost:3000";
      const answer = (await loginAction({
        request: new Request(`${site}/login`, {
          method: "POST",
          body: new URLSearchParams({ email: "iot@example.in", password }),
          headers: { Origin: site },
        }),
        context,
        params: {},
      } as never).catch((thrown: unknown) => thrown)) as Response;
      expect(answer.headers.get("location")).toBe("/desk/day");
      const cookie = answer.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const desk = (await staffStudents.loader({
        request: new Request(`${site}/onlineuser/iot/students`, { headers: { cookie } }),
        context,
        params: { role: "iot" },
      } as never)) as { list: { rows: { id: number }[] } };
      expect(desk.list.rows.map((row) => row.id)).toEqual([iot.studentId]);
      await upgraded.close();
    });
  });
});

describeEachEngine("migrating a database made before merges (0008)", (engine) => {
  it("keeps every record, form and timeline entry, and merged records start with none", async () => {
    await upgradeFrom(engine, "0008_assignment", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, stage)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}', 'contacted'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001}', '{ravi@example.in}', 'kerala', 'Kannur', '{}', 'new')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'm1', 'iot', 1)`);
      await old.db.execute(sql`
        insert into student_timeline (student_id, kind, detail) values (1, 'note', '{"text":"Call on Monday"}'), (2, 'submission', '{}')`);
      await old.close();

      const upgraded = await open();
      const count = async (table: string) =>
        (
          (await upgraded.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n;
      expect(await count("students")).toBe(2);
      expect(await count("registrations")).toBe(1);
      expect(await count("student_timeline")).toBe(2);
      expect(await count("student_merges")).toBe(0);
      await upgraded.close();
    });
    // Two openings of a new embedded database: slow on a busy machine.
  }, 120_000);
});

describeEachEngine("migrating a database made before the report's stored facts (0017)", (engine) => {
  it("computes every record's facts and judges its follow-ups from the timeline and forms it has, losing nothing", async () => {
    await upgradeFrom(engine, "0017_record_search", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, stage, created_at)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}', 'contacted', '2026-03-02T04:30:00Z'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001}', '{ravi@example.in}', 'kerala', 'Kannur', '{}', 'new', '2026-03-03T04:30:00Z')`);
      // Kavya's first form came from Google; a later one from Instagram.
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id, created_at, utm_source, utm_medium, utm_campaign)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'f1', 'iot', 1, '2026-03-02T04:30:00Z', 'google', 'cpc', 'spring'),
               ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'f2', 'iot', 1, '2026-03-04T04:30:00Z', 'instagram', 'social', 'june')`);
      await old.db.execute(sql`
        insert into student_timeline (student_id, kind, at, detail) values
          (1, 'submission', '2026-03-02T04:30:00Z', '{}'),
          (1, 'note', '2026-03-02T04:35:00Z', '{"text":"A note is not a contact"}'),
          (1, 'follow_up', '2026-03-02T05:00:00Z', '{"from":null,"to":"2026-03-03T04:30:00.000Z"}'),
          (1, 'call', '2026-03-03T05:00:00Z', '{"outcome":"connected"}'),
          (1, 'stage', '2026-03-03T05:01:00Z', '{"from":"new","to":"counselled"}'),
          (1, 'stage', '2026-03-04T05:01:00Z', '{"from":"counselled","to":"contacted"}'),
          (1, 'follow_up', '2026-03-04T06:00:00Z', '{"from":null,"to":"2026-03-06T04:30:00.000Z"}'),
          (1, 'follow_up', '2026-03-05T06:00:00Z', '{"from":"2026-03-06T04:30:00.000Z","to":"2026-03-09T04:30:00.000Z"}'),
          (1, 'follow_up', '2026-03-05T07:00:00Z', '{"from":"2026-03-09T04:30:00.000Z","to":null}'),
          (2, 'submission', '2026-03-03T04:30:00Z', '{}'),
          (2, 'follow_up', '2026-03-03T05:00:00Z', '{"from":null,"to":"2026-03-04T04:30:00.000Z"}')`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(
        await rows(sql`select (select count(*)::int from students) as students,
          (select count(*)::int from registrations) as forms, (select count(*)::int from student_timeline) as entries`),
      ).toEqual([{ students: 2, forms: 2, entries: 11 }]);
      expect(
        await rows(sql`select student_id, to_char(first_contact_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as first_contact,
          furthest_stage, utm_source, utm_medium, utm_campaign from student_facts order by student_id`),
      ).toEqual([
        {
          student_id: 1,
          first_contact: "2026-03-03 05:00",
          furthest_stage: "counselled",
          utm_source: "google",
          utm_medium: "cpc",
          utm_campaign: "spring",
        },
        // Ravi has no form on this database: no first touch, no contact, no stage entry.
        { student_id: 2, first_contact: null, furthest_stage: null, utm_source: "", utm_medium: "", utm_campaign: "" },
      ]);
      // Kavya's first follow-up: the call came 30 minutes after it was due (within the hour): done.
      // The second was moved, and its replacement too (cleared before it fell due); Ravi's was
      // missed; the entry that cleared it sets no time, so it is no follow-up of its own.
      expect(
        await rows(sql`select student_id, to_char(due_at at time zone 'UTC', 'MM-DD HH24:MI') as due, done, moved
          from student_follow_ups order by entry_id`),
      ).toEqual([
        { student_id: 1, due: "03-03 04:30", done: true, moved: false },
        { student_id: 1, due: "03-06 04:30", done: false, moved: true },
        { student_id: 1, due: "03-09 04:30", done: false, moved: true },
        { student_id: 2, due: "03-04 04:30", done: false, moved: false },
      ]);
      // The triggers keep them from now on: Ravi's first call.
      await upgraded.db.execute(
        sql`insert into student_timeline (student_id, kind, at, detail) values (2, 'call', '2026-03-04T05:00:00Z', '{}')`,
      );
      expect(await rows(sql`select done from student_follow_ups where student_id = 2`)).toEqual([{ done: true }]);
      expect(
        await rows(sql`select first_contact_at is not null as contacted from student_facts where student_id = 2`),
      ).toEqual([{ contacted: true }]);
      await upgraded.close();
    });
    // Two openings of a new embedded database: slow on a busy machine.
  }, 120_000);
});

describeEachEngine("migrating a database made before the list's keys (0017)", (engine) => {
  it("indexes the mobiles' keys and turns off the GIN pending lists, and the list flags near mobiles", async () => {
    await upgradeFrom(engine, "0017_record_search", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      // Kavya typed her number with two digits swapped once; Ravi is nobody's near number.
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}'),
               ('Kavya S', 'kavya.s@example.in', '9845021345', '{9845021345}', '{kavya.s@example.in}', 'karnataka', 'Mysuru', '{iot}'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001,9000000777}', '{ravi@example.in}', 'kerala', 'Kannur', '{}')`);
      await old.close();

      const upgraded = await open();
      const rows = async <T>(query: string) => rowsOf<T>(await upgraded.db.execute(sql.raw(query)));
      const options = await rows<{ relname: string; reloptions: string[] | null }>(
        `select c.relname, c.reloptions from pg_class c join pg_am am on am.oid = c.relam
         where am.amname = 'gin' and c.relname like 'students%' order by 1`,
      );
      expect(options.map((row) => row.relname)).toContain("students_mobile_keys_idx");
      expect(options.map((row) => row.relname)).toContain("students_mobiles_idx");
      for (const row of options) expect(row.reloptions, row.relname).toContain("fastupdate=off");
      const keys = await rows<{ keys: number[] }>(
        `select student_mobile_keys(mobiles) as keys from students order by id`,
      );
      expect(keys[0]?.keys).toHaveLength(10);
      // Equal neighbouring digits give one key: 9000000001 and 9000000777 give three each.
      expect(keys[2]?.keys).toHaveLength(6);

      const { recordsWithDuplicates } = await import("../../app/admissions/merge/student-merge.server");
      const { everyRecord } = await import("../../app/admissions/records/record-scope.server");
      const listed = await rows<{ id: number; name: string; district: string; mobile: string }>(
        "select id, name, district, mobile from students order by id",
      );
      expect([...(await recordsWithDuplicates(upgraded.db, listed, everyRecord))].sort()).toEqual([
        listed[0]?.id,
        listed[1]?.id,
      ]);
      await upgraded.close();
    });
  }, 120_000);
});

describeEachEngine("migrating a database made before e-mails on the timeline (0019)", (engine) => {
  it("keeps every entry, takes the site's sent e-mails from then on, and still refuses an unknown kind", async () => {
    await upgradeFrom(engine, "0019_student_list_speed", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}')`);
      await old.db.execute(sql`
        insert into student_timeline (student_id, kind, detail) values
          (1, 'submission', '{"form":"enquiry"}'), (1, 'note', '{"text":"Asked about fees"}')`);
      await expect(
        old.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'email_sent', '{}')`),
      ).rejects.toThrow();
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(await rows(sql`select kind, detail->>'text' as text from student_timeline order by id`)).toEqual([
        { kind: "submission", text: null },
        { kind: "note", text: "Asked about fees" },
      ]);
      await upgraded.db.execute(
        sql`insert into student_timeline (student_id, kind, detail) values (1, 'email_sent', '{"what":"acknowledgement"}')`,
      );
      await expect(
        upgraded.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'fax', '{}')`),
      ).rejects.toThrow();
      expect(await rows(sql`select count(*)::int as n from student_timeline`)).toEqual([{ n: 3 }]);
      await upgraded.close();
    });
  }, 120_000);
});

describeEachEngine("migrating a database made before the report read one table (0020)", (engine) => {
  it("copies each record's arrival, owner, course and stage to its facts, with its response time, losing nothing", async () => {
    await upgradeFrom(engine, "0020_timeline_email_sent", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(
        sql`insert into "user" (id, name, email, email_verified, role) values ('asha', 'Asha', 'asha@example.in', true, 'admin')`,
      );
      // Kavya: Asha's, called 90 minutes after she arrived, moved by hand to Applied and then
      // marked Lost on the desk. Ravi: nobody's, never contacted, no form (no facts yet).
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, stage, lost_reason, owner_id, created_at)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot,embedded}', 'lost', 'fees', 'asha', '2026-03-02T04:30:00Z'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001}', '{ravi@example.in}', 'kerala', 'Kannur', '{}', 'new', null, null, '2026-03-03T04:30:00Z')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id, created_at, utm_source)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'f1', 'iot', 1, '2026-03-02T04:30:00Z', 'google')`);
      await old.db.execute(sql`
        insert into student_timeline (student_id, kind, at, detail) values
          (1, 'submission', '2026-03-02T04:30:00Z', '{}'),
          (1, 'follow_up', '2026-03-02T04:40:00Z', '{"from":null,"to":"2026-03-02T06:00:00.000Z"}'),
          (1, 'call', '2026-03-02T06:00:00Z', '{"outcome":"connected"}'),
          (1, 'stage', '2026-03-05T05:00:00Z', '{"from":"applied","to":"lost"}')`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(
        await rows(sql`select (select count(*)::int from students) as students,
          (select count(*)::int from registrations) as forms, (select count(*)::int from student_timeline) as entries`),
      ).toEqual([{ students: 2, forms: 1, entries: 4 }]);
      expect(
        await rows(sql`select student_id, to_char(created_at at time zone 'UTC', 'MM-DD HH24:MI') as arrived, owner_id,
          course, stage, lost_reason, response_minutes, reached, furthest_stage, utm_source
          from student_facts order by student_id`),
      ).toEqual([
        {
          student_id: 1,
          arrived: "03-02 04:30",
          owner_id: "asha",
          course: "iot",
          stage: "lost",
          lost_reason: "fees",
          response_minutes: 90,
          // Applied, shown by the change from it to Lost.
          reached: 5,
          furthest_stage: "applied",
          utm_source: "google",
        },
        {
          student_id: 2,
          arrived: "03-03 04:30",
          owner_id: null,
          course: null,
          stage: "new",
          lost_reason: null,
          response_minutes: null,
          reached: 1,
          furthest_stage: null,
          utm_source: "",
        },
      ]);
      expect(await rows(sql`select student_id, done, owner_id, course from student_follow_ups`)).toEqual([
        { student_id: 1, done: true, owner_id: "asha", course: "iot" },
      ]);
      // The triggers on students keep them from now on: Ravi given to Asha, a new record arriving.
      await upgraded.db.execute(sql`update students set owner_id = 'asha', courses = '{ai}' where id = 2`);
      await upgraded.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses)
        values ('Meera', 'meera@example.in', '9000000002', '{9000000002}', '{meera@example.in}', 'kerala', 'Kannur', '{}')`);
      expect(
        await rows(sql`select student_id, owner_id, course, stage from student_facts where student_id > 1 order by 1`),
      ).toEqual([
        { student_id: 2, owner_id: "asha", course: "ai", stage: "new" },
        { student_id: 3, owner_id: null, course: null, stage: "new" },
      ]);
      await upgraded.close();
    });
  }, 120_000);
});

describeEachEngine("migrating a database made before forms were filed in one statement (0021)", (engine) => {
  it("files a returning student's form on their record and a new student's on a new one, in the pool's turn", async () => {
    await upgradeFrom(engine, "0021_report_rows", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into "user" (id, name, email, email_verified, role) values
          ('asha', 'Asha', 'asha@example.in', true, 'counsellor'),
          ('bharath', 'Bharath', 'bharath@example.in', true, 'counsellor')`);
      await old.db.execute(
        sql`insert into assignment_pools (course, user_id) values ('iot', 'asha'), ('iot', 'bharath')`,
      );
      // Asha had the last turn; Kavya is Bharath's, with one registration.
      await old.db.execute(sql`insert into assignment_cursors (course, last_user_id) values ('iot', 'asha')`);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, owner_id)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}', 'bharath')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'k1', 'iot', 1)`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      // Kavya again, her mobile written another way, with a new e-mail and another course.
      const { course: _course, ...kavya } = student({
        name: "Kavya S",
        mobile: "+91 98450 12345",
        email: "ks@example.in",
      });
      const again = await createSubmission(
        upgraded.db,
        "enquiry",
        { ...kavya, course: "ai" },
        { submissionToken: "k2" },
      );
      expect(again).toMatchObject({ duplicate: false, studentId: 1, owner: { id: "bharath", assigned: false } });
      // Two new students: Bharath's turn (after Asha's), then Asha's.
      const ravi = await createSubmission(
        upgraded.db,
        "registration",
        student({ name: "Ravi", mobile: "9000000001", email: "ravi@example.in", course: "iot" }),
        {
          submissionToken: "r1",
          firstTouch: { landingPage: "/iot", utmSource: "google", utmMedium: "cpc", utmCampaign: "iot" },
        },
      );
      const meera = await createSubmission(
        upgraded.db,
        "registration",
        student({ name: "Meera", mobile: "9000000002", email: "meera@example.in", course: "iot" }),
        { submissionToken: "m1" },
      );
      expect(ravi).toMatchObject({ duplicate: false, owner: { id: "bharath", assigned: true } });
      expect(meera).toMatchObject({ duplicate: false, owner: { id: "asha", assigned: true } });
      // Ravi's form sent again stores nothing.
      expect(
        await createSubmission(
          upgraded.db,
          "registration",
          student({ name: "Ravi", mobile: "9000000001", email: "ravi@example.in", course: "iot" }),
          { submissionToken: "r1" },
        ),
      ).toEqual({ id: ravi.id, duplicate: true });

      expect(
        await rows(sql`select id, name, mobiles, emails, courses, owner_id, version from students order by id`),
      ).toEqual([
        {
          id: 1,
          name: "Kavya S",
          mobiles: ["9845012345"],
          emails: ["kavya@example.in", "ks@example.in"],
          courses: ["iot", "ai"],
          owner_id: "bharath",
          version: 1,
        },
        {
          id: ravi.studentId,
          name: "Ravi",
          mobiles: ["9000000001"],
          emails: ["ravi@example.in"],
          courses: ["iot"],
          owner_id: "bharath",
          version: 2,
        },
        {
          id: meera.studentId,
          name: "Meera",
          mobiles: ["9000000002"],
          emails: ["meera@example.in"],
          courses: ["iot"],
          owner_id: "asha",
          version: 2,
        },
      ]);
      expect(
        await rows(
          sql`select student_id, kind, detail from student_timeline where student_id = ${ravi.studentId} order by id`,
        ),
      ).toEqual([
        {
          student_id: ravi.studentId,
          kind: "submission",
          detail: {
            form: "registration",
            submissionId: ravi.id,
            course: "iot",
            landingPage: "/iot",
            utmSource: "google",
            utmMedium: "cpc",
            utmCampaign: "iot",
          },
        },
        {
          student_id: ravi.studentId,
          kind: "owner",
          detail: { from: null, to: "bharath", rule: "pool", course: "iot", version: 2 },
        },
      ]);
      expect(
        await rows(sql`select (select count(*)::int from enquiries where student_id = 1) as enquiries,
          (select count(*)::int from registrations) as registrations,
          (select count(*)::int from registrations where student_id is null) as unfiled`),
      ).toEqual([{ enquiries: 1, registrations: 3, unfiled: 0 }]);
      // The report's facts: each record's owner and first course, Ravi's first touch.
      expect(
        await rows(sql`select student_id, owner_id, course, utm_source from student_facts order by student_id`),
      ).toEqual([
        { student_id: 1, owner_id: "bharath", course: "iot", utm_source: "" },
        { student_id: ravi.studentId, owner_id: "bharath", course: "iot", utm_source: "google" },
        { student_id: meera.studentId, owner_id: "asha", course: "iot", utm_source: "" },
      ]);
      await upgraded.close();
    });
  }, 300_000);
});

describeEachEngine("migrating a database made before students came by other doors (0021)", (engine) => {
  it("keeps every record and its facts, then takes intakes, their timeline entries and their source in the report", async () => {
    await upgradeFrom(engine, "0021_report_rows", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id, utm_source)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'f1', 'iot', 1, 'google')`);
      await old.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'submission', '{}')`);
      await expect(
        old.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'intake', '{}')`),
      ).rejects.toThrow();
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(await rows(sql`select student_id, utm_source from student_facts`)).toEqual([
        { student_id: 1, utm_source: "google" },
      ]);
      // A walk-in added on the desk: its record, its intake, its entry; the report counts its source.
      await upgraded.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, courses)
        values ('Anu', '', '9000000001', '{9000000001}', '{}', '{embedded}')`);
      await upgraded.db.execute(sql`
        insert into student_intakes (student_id, door, how, how_detail, name, mobile, consent, created_record, utm_source, utm_medium, utm_campaign)
        values (2, 'desk', 'walk_in', '', 'Anu', '9000000001', 'in_person', true, 'Walk-in', 'desk', '')`);
      await upgraded.db.execute(
        sql`insert into student_timeline (student_id, kind, detail) values (2, 'intake', '{"door":"desk"}'), (2, 'call', '{}')`,
      );
      expect(await rows(sql`select student_id, utm_source, utm_medium from student_facts order by 1`)).toEqual([
        { student_id: 1, utm_source: "google", utm_medium: "" },
        { student_id: 2, utm_source: "Walk-in", utm_medium: "desk" },
      ]);
      // An intake on a record with an earlier form leaves the form's first touch.
      await upgraded.db.execute(sql`
        insert into student_intakes (student_id, door, how, name, mobile, consent, utm_source, utm_medium)
        values (1, 'import', 'aggregator', 'Kavya', '9845012345', 'aggregator', 'Aggregator', 'import')`);
      expect(await rows(sql`select utm_source from student_facts where student_id = 1`)).toEqual([
        { utm_source: "google" },
      ]);
      await expect(
        upgraded.db.execute(
          sql`insert into student_intakes (student_id, door, how, name, consent) values (1, 'desk', 'carrier pigeon', 'X', 'in_person')`,
        ),
      ).rejects.toThrow();
      // One import per file.
      await upgraded.db.execute(
        sql`insert into lead_imports (file_name, file_hash, status) values ('a.xlsx', 'h1', 'imported'), ('b.xlsx', 'h1', 'staged')`,
      );
      await expect(
        upgraded.db.execute(
          sql`insert into lead_imports (file_name, file_hash, status) values ('c.xlsx', 'h1', 'imported')`,
        ),
      ).rejects.toThrow();
      await upgraded.close();
    });
  }, 180_000);
});

describeEachEngine("migrating a database made before branches on the records (0023)", (engine) => {
  it("gives every record its branch from its latest picked batch, a branch given on the desk, or its state, and keeps the pools", async () => {
    await upgradeFrom(engine, "0023_every_door_in", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      const userId = "asha";
      await old.db.execute(sql`
        insert into "user" (id, name, email, email_verified, role) values (${userId}, 'Asha', 'asha@example.in', false, 'counsellor')`);
      await old.db.execute(sql`insert into staff_courses (user_id, course) values (${userId}, 'embedded')`);
      await old.db.execute(sql`insert into assignment_pools (course, user_id) values ('embedded', ${userId})`);
      await old.db.execute(sql`insert into assignment_cursors (course, last_user_id) values ('embedded', ${userId})`);
      await old.db.execute(sql`
        insert into course_batches (course_key, branch, starts_on, days, start_time, end_time, mode, fee_inr)
        values ('embedded', 'chennai', '2031-04-14', 'weekday', '18:30', '20:30', 'classroom', 45000),
               ('embedded', 'bangalore', '2031-05-12', 'weekend', '10:00', '13:00', 'online', 40000)`);
      // 1: picked a Chennai classroom batch, then an online one (the latest counts), living in Karnataka.
      // 2: added on the desk at Bangalore, living in Tamil Nadu. 3: Tamil Nadu only. 4: Kerala only.
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, owner_id)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{embedded}', ${userId}),
               ('Anu', '', '9000000001', '{9000000001}', '{}', 'tamilnadu', 'Chennai', '{embedded}', null),
               ('Bala', '', '9000000002', '{9000000002}', '{}', 'tamilnadu', 'Madurai', '{}', null),
               ('Cheriyan', '', '9000000003', '{9000000003}', '{}', 'kerala', 'Kannur', '{}', null)`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, batch_id, student_id, created_at)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'r1', 'embedded', 1, 1, '2026-01-05T10:00:00Z'),
               ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'r2', 'embedded', 2, 1, '2026-02-05T10:00:00Z')`);
      await old.db.execute(sql`
        insert into student_intakes (student_id, door, how, name, mobile, branch, consent, created_record)
        values (2, 'desk', 'walk_in', 'Anu', '9000000001', 'bangalore', 'in_person', true)`);
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, student_id)
        values ('Bala', '', '9000000002', 'B.E', 'ECE', 'tamilnadu', 'Madurai', 'e1', 3),
               ('Cheriyan', '', '9000000003', 'B.E', 'ECE', 'kerala', 'Kannur', 'e2', 4)`);
      await old.db.execute(sql`select refresh_student_facts(array(select id from students))`);
      await expect(
        old.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'branch', '{}')`),
      ).rejects.toThrow();
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      expect(await rows(sql`select id, branch, branch_source, version from students order by id`)).toEqual([
        { id: 1, branch: "online", branch_source: "batch", version: 1 },
        { id: 2, branch: "bangalore", branch_source: "desk", version: 1 },
        { id: 3, branch: "chennai", branch_source: "state", version: 1 },
        { id: 4, branch: null, branch_source: null, version: 1 },
      ]);
      // The report's facts carry the branch, and the pools and turns so far are their courses' own.
      expect(await rows(sql`select student_id, branch from student_facts order by 1`)).toEqual([
        { student_id: 1, branch: "online" },
        { student_id: 2, branch: "bangalore" },
        { student_id: 3, branch: "chennai" },
        { student_id: 4, branch: null },
      ]);
      expect(await rows(sql`select course, branch, user_id from assignment_pools`)).toEqual([
        { course: "embedded", branch: "", user_id: userId },
      ]);
      expect(await rows(sql`select course, branch, last_user_id from assignment_cursors`)).toEqual([
        { course: "embedded", branch: "", last_user_id: userId },
      ]);
      // A branch entry is taken now; a branch we do not have, or a branch without its source, is not.
      await upgraded.db.execute(
        sql`insert into student_timeline (student_id, kind, detail) values (1, 'branch', '{}')`,
      );
      await expect(upgraded.db.execute(sql`update students set branch = 'mysore' where id = 4`)).rejects.toThrow();
      await expect(upgraded.db.execute(sql`update students set branch = 'chennai' where id = 4`)).rejects.toThrow();
      // A new Tamil Nadu student's form after the upgrade: guessed Chennai, given to the Embedded pool.
      const filed = await createSubmission(
        upgraded.db,
        "registration",
        student({
          name: "Deepa",
          mobile: "9000000004",
          email: "deepa@example.in",
          state: "tamilnadu",
          district: "Chennai",
          course: "embedded",
        }),
        { submissionToken: "after" },
      );
      expect(filed.owner).toEqual({ id: userId, assigned: true });
      expect(await rows(sql`select branch, branch_source from students where id = ${filed.studentId}`)).toEqual([
        { branch: "chennai", branch_source: "state" },
      ]);
      await upgraded.close();
    });
  }, 180_000);
});

describeEachEngine("migrating a database made before seats counted themselves (0024)", (engine) => {
  it("turns a typed number of seats left into a total, keeps Filling fast and Full as words, and takes enrolments into batches", async () => {
    await upgradeFrom(engine, "0024_branches_on_records", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into course_batches (course_key, branch, starts_on, days, start_time, end_time, mode, seats, seats_left, fee_inr, updated_by)
        values
          ('iot', 'chennai', '2031-02-03', 'weekday', '18:00', '20:00', 'classroom', 'left', 7, 40000, 'iot@example.in'),
          ('iot', 'chennai', '2031-02-08', 'weekend', '10:00', '15:00', 'classroom', 'filling-fast', null, 40000, 'iot@example.in'),
          ('iot', 'bangalore', '2031-02-09', 'weekend', '10:00', '15:00', 'online', 'full', null, 38000, 'iot@example.in'),
          ('iot', 'bangalore', '2031-02-10', 'weekday', '19:00', '21:00', 'online', 'open', null, 38000, 'iot@example.in')`);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses, stage)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}', 'enrolled'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001}', '{ravi@example.in}', 'kerala', 'Kannur', '{iot}', 'contacted')`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      // A number of seats left is the total now (no record named a batch before: none enrolled);
      // Filling fast and Full stay as the words set by hand until a total is given; open stays open.
      expect(await rows(sql`select id, seats, seats_total from course_batches order by id`)).toEqual([
        { id: 1, seats: "open", seats_total: 7 },
        { id: 2, seats: "filling-fast", seats_total: null },
        { id: 3, seats: "full", seats_total: null },
        { id: 4, seats: "open", seats_total: null },
      ]);
      const shown = async () =>
        (await getCourseBatches(upgraded.db, "2026-11-25")).iot.batches.map((batch) => [batch.seats, batch.seatsLeft]);
      expect(await shown()).toEqual([
        ["left", 7],
        ["filling-fast", null],
        ["full", null],
        ["open", null],
      ]);
      // An enrolment takes a seat of the counted batch; the records' timelines take batch (and branch) entries.
      await upgraded.db.execute(sql`update students set batch_id = 1 where id = 1`);
      expect((await shown())[0]).toEqual(["left", 6]);
      await upgraded.db.execute(sql`
        insert into student_timeline (student_id, kind, detail)
        values (1, 'batch', '{"from":null,"to":{"id":1,"line":"IoT"}}'), (1, 'branch', '{}')`);
      await expect(
        upgraded.db.execute(sql`insert into student_timeline (student_id, kind, detail) values (1, 'fax', '{}')`),
      ).rejects.toThrow();
      // Only an enrolled student has a batch; a batch with enrolled students cannot be deleted;
      // a total goes with no word set by hand.
      await expect(upgraded.db.execute(sql`update students set batch_id = 1 where id = 2`)).rejects.toThrow();
      await expect(upgraded.db.execute(sql`delete from course_batches where id = 1`)).rejects.toThrow();
      await expect(
        upgraded.db.execute(sql`update course_batches set seats = 'full', seats_total = 10 where id = 2`),
      ).rejects.toThrow();
      await expect(upgraded.db.execute(sql`update course_batches set seats = 'left' where id = 4`)).rejects.toThrow();
      await upgraded.db.execute(sql`delete from course_batches where id = 4`);
      expect(await rows(sql`select count(*)::int as n from course_batches`)).toEqual([{ n: 3 }]);
      await upgraded.close();
    });
  }, 180_000);
});

describeEachEngine("migrating a database made before a form set its own first touch (0025)", (engine) => {
  it("keeps every record's first touch, and forms written afterwards in any order keep it the earliest form's", async () => {
    await upgradeFrom(engine, "0025_batch_enrolment", async ({ oldMigrations, open }) => {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into students (name, email, mobile, mobiles, emails, state, district, courses)
        values ('Kavya', 'kavya@example.in', '9845012345', '{9845012345}', '{kavya@example.in}', 'karnataka', 'Udupi', '{iot}'),
               ('Ravi', 'ravi@example.in', '9000000001', '{9000000001}', '{ravi@example.in}', 'kerala', 'Kannur', '{}')`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course, student_id, utm_source, created_at)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'r1', 'iot', 1, 'google', '2026-05-01T10:00:00Z')`);
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, student_id, utm_source, created_at)
        values ('Ravi', 'ravi@example.in', '9000000001', 'B.E', 'ECE', 'kerala', 'Kannur', 'e1', 2, 'instagram', '2026-05-02T10:00:00Z')`);
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      const firstTouches = () => rows(sql`select student_id, utm_source from student_facts order by 1`);
      expect(await firstTouches()).toEqual([
        { student_id: 1, utm_source: "google" },
        { student_id: 2, utm_source: "instagram" },
      ]);
      // An earlier form sets Kavya's first touch; a later one leaves Ravi's; an intake before both
      // of Ravi's forms is his first touch.
      await upgraded.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, student_id, utm_source, created_at)
        values ('Kavya', 'kavya@example.in', '9845012345', 'B.E', 'ECE', 'karnataka', 'Udupi', 'e2', 1, 'newspaper', '2026-04-01T10:00:00Z'),
               ('Ravi', 'ravi@example.in', '9000000001', 'B.E', 'ECE', 'kerala', 'Kannur', 'e3', 2, 'radio', '2026-06-01T10:00:00Z')`);
      expect(await firstTouches()).toEqual([
        { student_id: 1, utm_source: "newspaper" },
        { student_id: 2, utm_source: "instagram" },
      ]);
      await upgraded.db.execute(sql`
        insert into student_intakes (student_id, door, how, name, mobile, consent, created_record, utm_source, created_at)
        values (2, 'desk', 'walk_in', 'Ravi', '9000000001', 'in_person', false, 'fair', '2026-01-01T10:00:00Z')`);
      expect(await firstTouches()).toEqual([
        { student_id: 1, utm_source: "newspaper" },
        { student_id: 2, utm_source: "fair" },
      ]);
      // What a recomputation from every form gives.
      await upgraded.db.execute(sql`select refresh_student_facts(array(select id from students))`);
      expect(await firstTouches()).toEqual([
        { student_id: 1, utm_source: "newspaper" },
        { student_id: 2, utm_source: "fair" },
      ]);
      await upgraded.close();
    });
  }, 180_000);
});

describeEachEngine("migrating a database made before the filing's plans kept to indexes (0026)", (engine) => {
  it("files returning and new students' forms on their records without reading the students whole", async () => {
    await upgradeFrom(engine, "0026_first_touch_by_row", async ({ oldMigrations, open }) => {
      const person = (n: number) => ({
        name: `Student ${n}`,
        email: `student${n}@example.in`,
        mobile: `90000${10000 + n}`,
      });
      const enquiry = (n: number) => {
        const { course: _course, ...fields } = student(person(n));
        return formToFile("enquiry", fields, { submissionToken: `token-${n}-${Math.random()}` });
      };
      const old = await open(oldMigrations);
      for (let n = 1; n <= 30; n++) await fileForm(old.db, enquiry(n));
      await old.close();

      const upgraded = await open();
      const rows = rowsIn(upgraded);
      const readWhole = await studentRowsReadWhole(upgraded, async (tx) => {
        for (let n = 21; n <= 50; n++) await fileForm(tx, enquiry(n));
      });
      expect(readWhole).toEqual({ students: 0, studentFacts: 0 });
      // Students 21-30 came back: each has both forms on one record.
      expect(
        await rows(sql`select count(*)::int as students, (select count(*)::int from enquiries) as forms,
          (select count(*)::int from student_facts) as facts from students`),
      ).toEqual([{ students: 50, forms: 60, facts: 50 }]);
      expect(
        await rows(sql`select count(*)::int as n from enquiries e join students s on s.id = e.student_id
          where s.email = 'student25@example.in'`),
      ).toEqual([{ n: 2 }]);
      await upgraded.close();
    });
  }, 180_000);
});

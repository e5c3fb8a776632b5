import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { updateFollowUp } from "../../app/admissions/submissions/follow-up.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { type AppDatabase, type Database, openDatabase } from "../../app/platform/database.server";
import { saveReviews } from "../../app/site/content.server";
import { addPlacedStudent, removePlacedStudent } from "../../app/site/placed-students.server";
import { setStartDate } from "../../app/site/start-dates.server";
import { recordAudit } from "../../app/staff/audit-log.server";
import {
  account,
  auditLog,
  dailyVisitors,
  enquiries,
  pageViews,
  rateLimit,
  session,
  user,
  verification,
} from "../../db/schema";
import { withUmask } from "../support/processes";
import { createPostgresDatabase, createTestDatabase, describeEachEngine, type TestDatabase } from "./databases";
import { student } from "./fixtures";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const cliEntry = path.resolve("cli/main.ts");

function cli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliEntry, ...args],
      { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") });
      },
    );
  });
}

/** Every table, row by row in primary-key order, as PostgreSQL's own JSON (microseconds and all). */
async function dump(db: AppDatabase): Promise<Record<string, string[]>> {
  const tables: Record<string, string> = {
    user: "id",
    session: "id",
    account: "id",
    verification: "id",
    rate_limit: "id",
    students: "id",
    student_timeline: "id",
    enquiries: "id",
    registrations: "id",
    course_start_dates: "key",
    placed_students: "id",
    audit_log: "id",
    content_overrides: "key",
    page_views: "day, path, referrer_host, utm_source, utm_medium, utm_campaign, device",
    daily_visitors: "day, visitor",
    // Not in the backup: the database rebuilds them from the timeline and the forms restored.
    student_facts: "student_id",
    student_follow_ups: "entry_id",
  };
  const result: Record<string, string[]> = {};
  for (const [table, order] of Object.entries(tables)) {
    const rows = await db.execute(sql.raw(`select to_jsonb(t)::text as row from "${table}" t order by ${order}`));
    result[table] = (rows as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
  }
  return result;
}

const tamil = 'தமிழ்செல்வி "Selvi"\nமுருகன்';
const photoBytes = randomBytes(4096);

async function fill(db: AppDatabase): Promise<void> {
  await fillSubmissions(db);
  await fillContent(db);
  await fillAuth(db);
  await db.insert(pageViews).values([
    { day: "2027-01-12", path: "/courses/iot", referrerHost: "www.google.com", device: "mobile", views: 7 },
    { day: "2027-01-12", path: "/", utmSource: "whatsapp", utmCampaign: "jan-batch", device: "desktop", views: 2 },
  ]);
  await db.insert(dailyVisitors).values([{ day: "2027-01-12", visitor: "a1b2c3" }]);
}

async function fillSubmissions(db: AppDatabase): Promise<void> {
  const first = await createSubmission(db, "enquiry", student({ name: "Priya Raman" }), {
    submissionToken: "backup-1",
  });
  await db
    .update(enquiries)
    .set({ createdAt: sql`'2027-01-12 10:05:09.123456+05:30'` })
    .where(eq(enquiries.id, first.id));
  const second = await createSubmission(db, "enquiry", student({ name: tamil, district: "Chennai" }), {
    submissionToken: "b-2",
  });
  await updateFollowUp(db, "enquiry", second.id, { status: "contacted", notes: "Called, 'call back'\n5 pm" }, "a@x.in");
  // A gap in the ids: the restored sequence must continue after the highest, not the count.
  const third = await createSubmission(db, "enquiry", student({ name: "Gone" }), { submissionToken: "backup-3" });
  const fourth = await createSubmission(db, "enquiry", student({ name: "Arun" }), { submissionToken: "backup-4" });
  await db.delete(enquiries).where(eq(enquiries.id, third.id));
  expect(fourth.id).toBe(4);
  await createSubmission(db, "registration", student({ name: "Arjun Nair", course: "iot" }), {
    submissionToken: "backup-5",
  });
  await createSubmission(db, "registration", student({ name: tamil, course: "python fullstack" }), {
    submissionToken: "b-6",
  });
}

async function fillContent(db: AppDatabase): Promise<void> {
  await setStartDate(db, "iot", "15 January 2027", { updatedBy: "admin@example.in" });
  await setStartDate(db, "ai", "Every Monday");
  await addPlacedStudent(db, {
    name: "Asha K",
    company: "Bosch",
    package: "4.5 LPA",
    jobRole: "Embedded engineer",
    photo: "placed-students/asha-k",
  });
  const gone = await addPlacedStudent(db, { name: "Left", company: "X", package: "1 LPA", jobRole: "Y" });
  await removePlacedStudent(db, gone.id);
  await addPlacedStudent(db, { name: tamil, company: "Zoho", package: "6 LPA", jobRole: "Developer", sortOrder: 2 });
  await recordAudit(db, {
    actor: "admin@example.in",
    action: "start-date.set",
    subject: "iot",
    detail: { from: null, to: "15 January 2027", nested: { list: [1, 2.5, true], text: tamil } },
  });
  await recordAudit(db, { actor: "admin@example.in", action: "user.remove", subject: "x@example.in" });
  await saveReviews(db, [{ name: tamil, course: "IoT, 2024 batch", rating: 5, text: 'Said "super"\nthanks' }], "a@x");
}

async function fillAuth(db: AppDatabase): Promise<void> {
  const at = new Date("2027-01-12T04:35:09.123Z");
  await db.insert(user).values([
    { id: "u1", name: "Admin", email: "admin@example.in", emailVerified: true, role: "admin" },
    { id: "u2", name: tamil, email: "iot@example.in", role: "iot", banned: true, banReason: "left", banExpires: at },
  ]);
  await db.insert(session).values({
    id: "s1",
    expiresAt: at,
    token: "token-1",
    userId: "u1",
    ipAddress: "203.0.113.9",
    userAgent: 'Mozilla/5.0 "quoted"',
  });
  await db.insert(account).values({
    id: "a1",
    accountId: "u1",
    providerId: "credential",
    userId: "u1",
    password: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  });
  await db.insert(verification).values({ id: "v1", identifier: "reset:iot@example.in", value: "abc", expiresAt: at });
  await db.insert(rateLimit).values({ id: "r1", key: "203.0.113.9/sign-in", count: 3, lastRequest: 1_799_999_999_123 });
}

function uploadPath(dataDir: string): string {
  return path.join(dataDir, "uploads", "placed-students", "asha-k-640.webp");
}

describeEachEngine("backup and restore with the command-line tool", (engine) => {
  let source: TestDatabase;
  let expected: Record<string, string[]>;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `institute-backup-${engine}-`));
  const backupFile = path.join(work, "backup.jsonl.gz");
  const targetDir = path.join(work, "restored");
  let dropTarget = async () => {};
  let targetUrl = "";
  const sourceEnv = () => ({ DATA_DIR: source.dataDir, DATABASE_URL: source.databaseUrl ?? "" });
  const targetEnv = () => ({ DATA_DIR: targetDir, DATABASE_URL: targetUrl });

  beforeAll(async () => {
    source = await createTestDatabase(engine);
    await fill(source.database.db);
    fs.mkdirSync(path.dirname(uploadPath(source.dataDir)), { recursive: true });
    fs.writeFileSync(uploadPath(source.dataDir), photoBytes);
    expected = await dump(source.database.db);
    if (engine === "postgres") {
      const created = await createPostgresDatabase();
      targetUrl = created.url;
      dropTarget = created.drop;
    }
  });

  afterAll(async () => {
    await source?.destroy();
    await dropTarget();
    fs.rmSync(work, { recursive: true, force: true });
  });

  if (engine === "pglite") {
    it("refuses to back up while another process has the embedded database open", async () => {
      const run = await cli(["backup", backupFile], sourceEnv());
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(/^The database in .+ is in use by another process \(pid \d+, a test run/);
      expect(fs.readdirSync(work)).toEqual([]);
    });
  }

  // Each of these opens new embedded databases (every migration) and runs the command line twice:
  // more than the default time on a busy machine.
  it("backs up every table and the uploads, and restores them exactly", async () => {
    await source.database.close();
    const derived = ["student_facts", "student_follow_ups"];
    const rows = Object.entries(expected)
      .filter(([table]) => !derived.includes(table))
      .reduce((sum, [, table]) => sum + table.length, 0);
    expect(rows).toBe(30);
    expect(expected.student_facts?.length).toBeGreaterThan(0);
    const backup = await withUmask(0, () => cli(["backup", backupFile], sourceEnv()));
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up 30 rows and 1 uploaded files to /);
    expect(fs.readdirSync(work)).toEqual(["backup.jsonl.gz"]);
    // Students' data and password hashes: readable by the owner only, even with umask 000.
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);

    const restore = await cli(["restore", backupFile], targetEnv());
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored 30 rows and 1 uploaded files from the backup of /);

    const again = await cli(["restore", backupFile], targetEnv());
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(/^(The target database is not empty|.+ already holds files)/);

    const target = await openTarget();
    try {
      const restored = await dump(target.db);
      for (const table of Object.keys(expected)) expect(restored[table], table).toEqual(expected[table]);
      expect(fs.readFileSync(uploadPath(targetDir)).equals(photoBytes)).toBe(true);
      const next = await createSubmission(target.db, "enquiry", student({ name: "After restore" }), {
        submissionToken: "after",
      });
      expect(next.id).toBe(5);
      const [audit] = await target.db.insert(auditLog).values({ actor: "a", action: "b" }).returning();
      expect(audit?.id).toBe(3);
    } finally {
      await target.close();
    }
  }, 120_000);

  it("refuses to restore into a database that already has rows", async () => {
    const filledDir = path.join(work, "filled");
    let database: Database | undefined = await openDatabase({
      dataDir: filledDir,
      databaseUrl: targetUrl || undefined,
      purpose: "test",
    });
    if (engine === "pglite")
      await createSubmission(database.db, "enquiry", student(), { submissionToken: "already-here" });
    await database.close();
    database = undefined;
    const run = await cli(["restore", backupFile], { DATA_DIR: filledDir, DATABASE_URL: targetUrl });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toMatch(
      /^The target database is not empty \(rows in .*enquiries.*\)\. Restore only into a fresh DATA_DIR or an empty PostgreSQL database\.$/,
    );
  }, 120_000);

  function openTarget(): Promise<Database> {
    return openDatabase({ dataDir: targetDir, databaseUrl: targetUrl || undefined, purpose: "test" });
  }
});

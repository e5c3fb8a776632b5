import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { enquiries } from "../../db/schema";
import { withUmask } from "../support/processes";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const cliEntry = path.resolve("cli/main.ts");

/** Runs the command-line tool as `npm run cli -- ...` does (without npm's own start-up). */
function cli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliEntry, ...args],
      { env: { ...process.env, DATABASE_URL: "", ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, "") });
      },
    );
  });
}

const enquiryHeader =
  "ID,Submitted (IST),Name,Email,Mobile,Stream,Major,State,District,Course asked about,Question,Under 18,Guardian,Guardian mobile,Status,Notes,Landing page,Campaign source,Campaign medium,Campaign";

describe("the command-line tool", () => {
  it("lists its commands", async () => {
    const run = await cli(["help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("export enquiries");
    expect(run.stdout).toContain("export registrations");
    // Staff accounts: the two roles, and a counsellor's courses.
    expect(run.stdout).toContain("user add --email E --role R [--courses C] [--branches B] [--name N]");
    expect(run.stdout).toContain("user set-role --email E --role R [--courses C]");
    expect(run.stdout).toContain("Roles: admin (everything), counsellor (the students of their courses).");
    expect(run.stdout).toContain("--courses embedded,iot");
  });

  it("answers an unknown command with its usage and exit code 2", async () => {
    const run = await cli(["launch", "rockets"], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Unknown command: launch rockets");
    expect(run.stderr).toContain("Usage:");
  });
});

describeEachEngine("exporting with the command-line tool", (engine) => {
  const test = useTestDatabase(engine);
  const env = () => ({ DATA_DIR: test.current.dataDir, DATABASE_URL: test.current.databaseUrl ?? "" });

  beforeAll(async () => {
    const { db } = test.current.database;
    const first = await createSubmission(db, "enquiry", student({ name: "Priya Raman" }), { submissionToken: "cli-1" });
    await db
      .update(enquiries)
      .set({ createdAt: new Date("2027-01-12T04:35:09Z") })
      .where(eq(enquiries.id, first.id));
    await createSubmission(
      db,
      "enquiry",
      student({ name: '=HYPERLINK("http://evil.example","Click")', mobile: "9123456780" }),
      {
        submissionToken: "cli-2",
      },
    );
    await createSubmission(db, "enquiry", student({ name: 'தமிழ்செல்வி, "Selvi"', district: "Chennai" }), {
      submissionToken: "cli-3",
    });
    await createSubmission(db, "registration", student({ name: "Arjun Nair", course: "iot" }), {
      submissionToken: "cli-4",
    });
  });

  if (engine === "pglite") {
    it("refuses plainly while another process has the embedded database open", async () => {
      const run = await cli(["export", "enquiries"], env());
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim()).toMatch(
        new RegExp(
          `^The database in .+ is in use by another process \\(pid ${process.pid}, a test run started at [^)]+\\)\\. Stop it first, or run this command while the site is stopped\\.$`,
        ),
      );
    });
  }

  it("writes every enquiry as CSV, oldest first", async () => {
    // The embedded database can only be read once this process lets go of it.
    if (engine === "pglite") await test.current.database.close();
    const run = await cli(["export", "enquiries"], env());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\r\n");
    expect(lines[0]).toBe(enquiryHeader);
    expect(lines[1]).toBe(
      "1,2027-01-12 10:05:09 +05:30,Priya Raman,priya.raman@example.in,9876543210,B.E,ECE,karnataka,Bengaluru Urban,embedded,,no,,,new,,,,,",
    );
    expect(lines[2]).toMatch(/^2,[^,]+,"'=HYPERLINK\(""http:\/\/evil.example"",""Click""\)",/);
    expect(lines[3]).toMatch(/^3,[^,]+,"தமிழ்செல்வி, ""Selvi""",.*,Chennai,[a-z ]*,,no,,,new,,,,,$/);
    expect(lines.slice(4)).toEqual([""]);
    expect(fs.existsSync(path.join(test.current.dataDir, "lock"))).toBe(false);
  });

  it("writes registrations to a file only its owner can read, whatever the umask", async () => {
    const file = path.join(test.current.dataDir, "registrations.csv");
    // An older export open to everyone, and a half-written one left by a run that was killed.
    fs.writeFileSync(file, "old\n", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}.partial`, "", { mode: 0o666 });
    fs.chmodSync(`${file}.partial`, 0o666);
    const run = await withUmask(0, () => cli(["export", "registrations", "--output", file], env()));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const lines = fs.readFileSync(file, "utf8").split("\r\n");
    expect(lines[0]).toBe(
      "ID,Submitted (IST),Course,Batch,Name,Email,Mobile,Stream,Major,State,District,Under 18,Guardian,Guardian mobile,Status,Notes,Landing page,Campaign source,Campaign medium,Campaign",
    );
    expect(lines[1]).toMatch(/^1,[^,]+,iot,,Arjun Nair,/);
    expect(lines.slice(2)).toEqual([""]);
  });
});

describeEachEngine("purging with the command-line tool", (engine) => {
  const test = useTestDatabase(engine);
  const env = () => ({ DATA_DIR: test.current.dataDir, DATABASE_URL: test.current.databaseUrl ?? "" });

  it("deletes entries older than the retention period and says how many", async () => {
    const { db } = test.current.database;
    const old = await createSubmission(db, "enquiry", student({ name: "Old Enquiry" }), { submissionToken: "purge-1" });
    await createSubmission(db, "enquiry", student({ name: "Recent Enquiry" }), { submissionToken: "purge-2" });
    await db
      .update(enquiries)
      .set({ createdAt: new Date(Date.now() - 3 * 365 * 24 * 60 * 60 * 1000) })
      .where(eq(enquiries.id, old.id));
    if (engine === "pglite") await test.current.database.close();

    const purged = await cli(["purge"], env());
    expect(purged.stderr).toBe("");
    expect(purged.code).toBe(0);
    expect(purged.stdout).toMatch(
      /^Deleted 1 enquiry and 0 registrations sent before \d{4}-\d{2}-\d{2} \(kept for 24 months\)\.\n$/,
    );
    const exported = await cli(["export", "enquiries"], env());
    expect(exported.stdout).toContain("Recent Enquiry");
    expect(exported.stdout).not.toContain("Old Enquiry");

    const again = await cli(["purge"], env());
    expect(again.stdout).toMatch(/^Nothing to delete: no enquiry or registration was sent before /);
  }, 120_000);
});

describeEachEngine("the database's upkeep from the command-line tool", (engine) => {
  const test = useTestDatabase(engine);
  const env = () => ({ DATA_DIR: test.current.dataDir, DATABASE_URL: test.current.databaseUrl ?? "" });

  it("vacuums and analyses every table and says so", async () => {
    await createSubmission(test.current.database.db, "enquiry", student(), { submissionToken: "upkeep-1" });
    if (engine === "pglite") await test.current.database.close();
    const run = await cli(["upkeep"], env());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Vacuumed and analysed every table in \d+\.\d s\.\n$/);
    const refused = await cli(["upkeep", "--now"], env());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("upkeep takes no options");
  }, 120_000);
});

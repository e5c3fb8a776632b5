// The counsellors the browser tests sign in with, made in one process (the first admin is
// made with the command-line tool by scripts/e2e-server.ts, as an operator would).
// Usage: DATA_DIR=... tsx scripts/e2e-staff.ts
import path from "node:path";
import { openDatabase } from "../app/platform/database.server";
import { createStaff } from "../app/staff/staff-accounts.server";
import { counsellorCourses, staffAccounts, staffPassword } from "../tests/e2e/staff-accounts.ts";

const database = await openDatabase({
  dataDir: path.resolve(process.env.DATA_DIR || "./data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  migrationsFolder: path.resolve("db/migrations"),
  purpose: "cli",
});
try {
  for (const [name, courses] of Object.entries(counsellorCourses)) {
    const email = staffAccounts[name as keyof typeof counsellorCourses];
    const created = await createStaff(
      database,
      { email, role: "counsellor", courses, password: staffPassword },
      "browser test setup",
    );
    if (!created.ok) throw new Error(`Creating ${email} failed: ${created.error}`);
  }
} finally {
  await database.close();
}

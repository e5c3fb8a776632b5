// Starts the production build on a fresh, throw-away data directory for the browser tests.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));
// The pages are tested with the demo placed students and start dates a trial install shows.
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", DEMO_CONTENT: "on" };

// The first admin is made the way an operator makes it: with the command-line tool, before
// the site ever started. The counsellors follow in one process (one tool run each is slow).
const { staffAccounts, staffPassword } = await import("../tests/e2e/staff-accounts.ts");
const steps = [
  {
    what: staffAccounts.admin,
    args: ["cli/main.ts", "user", "add", "--email", staffAccounts.admin, "--role", "admin"],
  },
  { what: "the counsellors", args: ["--import", "tsx", "scripts/e2e-staff.ts"] },
];
for (const step of steps) {
  const result = spawnSync(process.execPath, step.args, { input: `${staffPassword}\n`, env, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(`Creating ${step.what} failed:\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
}
const child = spawn(process.execPath, ["http/index.ts"], {
  stdio: "inherit",
  env,
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});

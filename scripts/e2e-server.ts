// Starts the production build on a fresh, throw-away data directory for the browser tests.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" };

// The first accounts are made the way an operator makes them: with the command-line tool.
const { staffAccounts, staffPassword } = await import("../tests/e2e/staff-accounts.ts");
for (const [role, email] of Object.entries(staffAccounts)) {
  const result = spawnSync("npx", ["tsx", "cli/index.ts", "user", "add", "--email", email, "--role", role], {
    input: `${staffPassword}\n`,
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    console.error(`Creating ${email} failed:\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
}
const child = spawn(process.execPath, ["server/index.ts"], {
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

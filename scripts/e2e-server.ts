// Starts the production build on a fresh, throw-away data directory for the browser tests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-"));
const child = spawn(process.execPath, ["server/index.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});

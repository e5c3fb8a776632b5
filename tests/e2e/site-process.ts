// A second copy of the production site in its own process, for browser tests that need other
// settings than the main test server (e-mail on, an analytics property) or a fresh database.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addStaffAccount, spawnSite, stopChild, waitForSite } from "../support/processes";
import { staffPassword } from "./staff-accounts";

export interface SiteProcess {
  origin: string;
  dataDir: string;
  /** Resolves once this process (not some other one on the port) answers its health check. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `http/index.ts` on a fresh embedded database, with an admin made by the CLI first.
 * Answers at once, so a hook that times out while waiting for `ready` can still stop it.
 */
export function startSiteProcess(options: { port: number; env?: Record<string, string>; admin?: string }): SiteProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-process-"));
  const env = { ...process.env, ...options.env, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(options.port) };
  const origin = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let stopped = false;
  const killOnExit = () => child?.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    stopped = true;
    process.off("exit", killOnExit);
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = (async () => {
    if (options.admin) await addStaffAccount(env, options.admin, "admin", staffPassword);
    if (stopped) return;
    child = spawnSite(env, "inherit");
    await waitForSite(origin, child);
  })();
  return { origin, dataDir, ready, stop };
}

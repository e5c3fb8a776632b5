// A second copy of the production site in its own process, for browser tests that need other
// settings than the main test server (e-mail on, an analytics property) or a fresh database.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = (async () => {
    if (options.admin) {
      const made = spawnSync(
        "npx",
        ["tsx", "cli/index.ts", "user", "add", "--email", options.admin, "--role", "admin"],
        {
          input: `${staffPassword}\n`,
          env,
          encoding: "utf8",
        },
      );
      if (made.status !== 0) throw new Error(`Creating ${options.admin} failed: ${made.stderr}`);
    }
    if (stopped) return;
    const started = spawn(process.execPath, ["http/index.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
    child = started;
    for (let i = 0; i < 480; i++) {
      if (started.exitCode !== null)
        throw new Error(`The site on port ${options.port} stopped at start (port in use?)`);
      const up = await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The site on port ${options.port} did not start`);
  })();
  return { origin, dataDir, ready, stop };
}

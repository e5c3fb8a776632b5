// What a benchmark starts, it stops: every child process and every clean-up step (folders,
// PostgreSQL databases) is registered here and undone at the end, on Ctrl-C and when the run's
// time limit is reached. Only the processes the benchmark started itself, by their handle.
import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "./figures.ts";

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;

/** Keeps a started process to stop at the end (and to kill if the benchmark itself exits). */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  return child;
}

/** A step to run at the end (after the processes are stopped), last registered first. */
export function atCleanUp(step: () => Promise<void> | void): void {
  cleanups.push(step);
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of children) await stopProcess(child);
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => {});
  })();
  return cleaning;
}

/** Stops the run after `limitMs` (cleaning up first), and on SIGINT or SIGTERM. Answers the timer. */
export function limitRun(limitMs: number): NodeJS.Timeout {
  process.on("exit", () => {
    for (const child of children) child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      console.error(`${signal}: cleaning up.`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  const hardLimit = setTimeout(() => {
    console.error("The benchmark ran out of time: cleaning up.");
    void cleanUp().finally(() => process.exit(2));
  }, limitMs);
  hardLimit.unref();
  return hardLimit;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(killer);
}

/** A folder under the OS's temporary directory, removed at the end. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  atCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** bench/pipeline.ts, which writes its own section of bench/results.md. */
export function runPipeline(root: string, minutes: number): void {
  log("The admissions desk at scale (bench/pipeline.ts)");
  // The app's modules (the ~/ path alias) load through tsx, in a process of their own.
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "pipeline.ts")], {
    cwd: root,
    stdio: "inherit",
    timeout: minutes * 60_000,
  });
  if (run.status !== 0) throw new Error("The admissions desk benchmark failed");
}

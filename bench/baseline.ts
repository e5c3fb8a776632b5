// The kept baseline: the version of the site the current tree is compared with, built from git
// into a folder under the OS's temporary directory (`git archive` of the commit, then `npm ci` and
// the production build there), reused by later runs while the folder is there. By default the
// commit recorded below; BENCH_BASELINE=<git ref> (a branch, a tag, a commit) chooses another.
// The comparisons run the baseline and the current tree alternately in one run (baseline,
// current, baseline, current...), each on a fresh database, so that the machine's drift falls on
// both alike and a change shows as a ratio (current / baseline), not as a figure from another day.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "./figures.ts";
import { root } from "./site.ts";

/** The version before the work on form throughput, memory and the home page's main thread (issue 29). */
export const recordedBaseline = "aa865e4";

/** A version of the site that a comparison starts: its folder (with node_modules and a build). */
export interface Version {
  /** "baseline" or "current". */
  role: "baseline" | "current";
  /** How a report names it: "aa865e4" or "current tree". */
  label: string;
  root: string;
}

/** The folder the builds of baselines are kept in. */
export const baselineCache = path.join(os.tmpdir(), "institute-site-bench-baselines");
const readyMark = ".bench-baseline-ready";

function git(args: string[]): string {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr || run.stdout}`);
  return run.stdout.trim();
}

function step(what: string, command: string, args: string[], cwd: string, minutes: number): void {
  log(`baseline: ${what}`);
  const run = spawnSync(command, args, {
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    timeout: minutes * 60_000,
  });
  if (run.status !== 0) {
    throw new Error(
      `baseline: ${what} failed (${run.error?.message ?? `exit ${run.status}`}): ${(run.stderr ?? "").slice(-2_000)}`,
    );
  }
}

/**
 * The baseline's folder, built when it is not in the cache yet: the commit's files from git,
 * its own dependencies (npm ci) and its production build. A build is made in a folder of its
 * own and renamed into place only when complete, so an interrupted one is never reused.
 */
export function baselineVersion(): Version {
  const ref = process.env.BENCH_BASELINE?.trim() || recordedBaseline;
  const commit = git(["rev-parse", "--verify", `${ref}^{commit}`]);
  const short = commit.slice(0, 7);
  const label = ref === short || commit.startsWith(ref) ? short : `${ref} (${short})`;
  const folder = path.join(baselineCache, commit);
  if (existsSync(path.join(folder, readyMark))) {
    log(`baseline ${label}: reusing the build in ${folder}`);
    return { role: "baseline", label, root: folder };
  }
  mkdirSync(baselineCache, { recursive: true });
  const building = `${folder}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building);
  try {
    const archive = path.join(building, ".source.tar");
    step(`the files of ${label} from git`, "git", ["archive", "--format=tar", "-o", archive, commit], root, 2);
    step("unpacking them", "tar", ["-xf", archive, "-C", building], building, 2);
    rmSync(archive);
    step("npm ci", "npm", ["ci", "--no-audit", "--no-fund"], building, 10);
    step("npm run build", "npm", ["run", "build"], building, 5);
    writeFileSync(path.join(building, readyMark), `${commit}\n`);
    if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
    renameSync(building, folder);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  log(`baseline ${label}: built in ${folder}`);
  return { role: "baseline", label, root: folder };
}

export const currentVersion: Version = { role: "current", label: "current tree", root };

/** Baseline, current, baseline, current...: each version once per round, the baseline first. */
export function alternately<T>(
  rounds: number,
  versions: Version[],
  work: (version: Version, round: number) => Promise<T>,
) {
  return (async () => {
    const out: { version: Version; round: number; result: T }[] = [];
    for (let round = 0; round < rounds; round++)
      for (const version of versions) out.push({ version, round, result: await work(version, round) });
    return out;
  })();
}

/** Rounds per comparison: BENCH_ROUNDS, or the comparison's own default. */
export function roundsOf(fallback: number): number {
  const given = Number(process.env.BENCH_ROUNDS);
  return Number.isInteger(given) && given >= 1 && given <= 20 ? given : fallback;
}

/** current / baseline, two decimals ("–" when either is missing). */
export function ratio(current: number, baseline: number): string {
  return Number.isFinite(current) && Number.isFinite(baseline) && baseline > 0 ? (current / baseline).toFixed(2) : "–";
}

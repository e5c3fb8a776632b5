// The current tree against the kept baseline (bench/baseline.ts), in one run: `npm run bench --
// forms`, `-- memory`, `-- main-thread`, or `-- compare` for all three (which a full `npm run bench`
// runs too). Each writes its own section of bench/results.md and prints it.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { baselineVersion, currentVersion, type Version } from "./baseline.ts";
import { log } from "./figures.ts";
import { compareForms, formsHeading, formsReport } from "./forms-baseline.ts";
import { compareMainThread, mainThreadHeading, mainThreadReport } from "./main-thread.ts";
import { compareMemory, memoryComparisonReport, memoryHeading } from "./memory-baseline.ts";
import { withSection } from "./results-file.ts";
import { resultsFile } from "./site.ts";

export type Comparison = "forms" | "memory" | "main-thread";
export const comparisons: Comparison[] = ["forms", "memory", "main-thread"];

/** When and where, with the machine's load: a shared machine's figures are noisy, and this says how busy it was. */
function when(startedAt: Date, loadAtStart: number): string {
  const load = (value: number | undefined) => (value ?? 0).toFixed(1);
  return (
    `${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), ` +
    `Node ${process.version}; the machine's load average (1 min) was ${load(loadAtStart)} at the start and ` +
    `${load(os.loadavg()[0])} at the end (over ${os.cpus().length} means other work was waiting for the cores, and ` +
    "every figure is noisier: read the ratios, taken from the same minutes, rather than the figures themselves)"
  );
}

function writeSection(heading: string, lines: string[]): void {
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  writeFileSync(resultsFile, withSection(previous, heading, lines));
  console.log(`\n${lines.join("\n")}`);
  log(`Written to ${path.relative(process.cwd(), resultsFile)} (${heading.slice(3)})`);
}

/** Builds (or reuses) the baseline, then runs each comparison asked for, baseline and current alternately. */
export async function runComparisons(which: Comparison[]): Promise<void> {
  const versions: Version[] = [baselineVersion(), currentVersion];
  for (const comparison of which) {
    const startedAt = new Date();
    const loadAtStart = os.loadavg()[0] ?? 0;
    if (comparison === "forms") {
      const result = await compareForms(versions);
      writeSection(formsHeading, formsReport(versions, result, when(startedAt, loadAtStart)));
    } else if (comparison === "memory") {
      const result = await compareMemory(versions);
      writeSection(memoryHeading, memoryComparisonReport(versions, result, when(startedAt, loadAtStart)));
    } else {
      const result = await compareMainThread(versions);
      writeSection(mainThreadHeading, mainThreadReport(versions, result, when(startedAt, loadAtStart)));
    }
  }
}

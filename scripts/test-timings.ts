// The slowest test files of a run, as a Markdown table for bench/results.md ("## Test suite").
//
//   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json
//   npx playwright test --reporter=list,json   (PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/playwright.json)
//   node scripts/test-timings.ts /tmp/vitest.json [/tmp/vitest-before.json] [--top 20]
//
// With a second report, the table shows it as "before" beside the first. Vitest's report gives
// each file's time from its start to its end; Playwright's the sum of its tests' times.
import { readFileSync } from "node:fs";
import path from "node:path";

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}
interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file: string; tests: { results: { duration: number }[] }[] }[];
}

/** Seconds per file (relative to the repository) and the tests counted in it. */
function timings(file: string): Map<string, { seconds: number; tests: number }> {
  const report = JSON.parse(readFileSync(file, "utf8")) as Partial<VitestReport> & { suites?: PlaywrightSuite[] };
  const byFile = new Map<string, { seconds: number; tests: number }>();
  if (report.testResults) {
    for (const result of report.testResults) {
      byFile.set(path.relative(process.cwd(), result.name), {
        seconds: (result.endTime - result.startTime) / 1000,
        tests: result.assertionResults.length,
      });
    }
    return byFile;
  }
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const name = path.join("tests/e2e", spec.file);
      const entry = byFile.get(name) ?? { seconds: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        entry.seconds += test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
      }
      byFile.set(name, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return byFile;
}

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 20;
const [afterFile, beforeFile] = args;
if (!afterFile) {
  console.error("Usage: node scripts/test-timings.ts <report.json> [<before.json>] [--top 20]");
  process.exit(2);
}
const after = timings(afterFile);
const before = beforeFile ? timings(beforeFile) : undefined;
const total = (map: Map<string, { seconds: number }>) => [...map.values()].reduce((sum, t) => sum + t.seconds, 0);
const rows = [...after].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, top);
const lines = before
  ? ["| File | Tests | Before | After |", "| --- | ---: | ---: | ---: |"]
  : ["| File | Tests | Seconds |", "| --- | ---: | ---: |"];
for (const [name, { seconds, tests }] of rows) {
  const was = before?.get(name);
  lines.push(
    before
      ? `| ${name} | ${tests} | ${was ? was.seconds.toFixed(1) : "-"} | ${seconds.toFixed(1)} |`
      : `| ${name} | ${tests} | ${seconds.toFixed(1)} |`,
  );
}
lines.push(
  before
    ? `| All ${after.size} files (sum of file times) | | ${total(before).toFixed(0)} | ${total(after).toFixed(0)} |`
    : `| All ${after.size} files (sum of file times) | | ${total(after).toFixed(0)} |`,
);
console.log(lines.join("\n"));

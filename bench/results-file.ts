// bench/results.md is written by more than one command: `npm run bench` writes most of it, and
// the soak and `npm run lighthouse` each keep a section of their own there. A section runs from
// its "## " heading to the next one; each command replaces its own and carries the others over.

/** The lines of the section under `heading` ("## Soak"), or none. */
export function sectionOf(file: string, heading: string): string[] {
  const start = file.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const rest = file.slice(start + 1);
  const end = rest.indexOf("\n## ", heading.length);
  return (end < 0 ? rest : rest.slice(0, end + 1)).trimEnd().split("\n").concat("");
}

/** The file with the section under `heading` replaced by these lines (or added at the end). */
export function withSection(file: string, heading: string, lines: string[]): string {
  const old = sectionOf(file, heading).join("\n").trimEnd();
  const text = lines.join("\n").trimEnd();
  if (old && file.includes(old)) return file.replace(old, text);
  return `${file.trimEnd()}\n\n${text}\n`;
}

/** Sections that other commands write, carried over when `npm run bench` writes the rest. */
export const carriedHeadings = [
  "## Soak",
  "## Lighthouse (mobile)",
  "## Admissions desk at scale",
  "## Owner's report at scale",
  "## Settings against settings",
  "## Forms against the baseline",
  "## Memory against the baseline (PSS and RSS)",
  "## Main thread against the baseline (Lighthouse mobile)",
  // Written by hand from scripts/test-timings.ts: the test suite's slowest files, before and after.
  "## Test suite",
  "## Lists of leads",
];

// `npm run bench -- lead-import`: a list of 10,000 leads (an .xlsx as Excel saves it, and the same
// as CSV) uploaded, previewed and imported on each engine, through the functions the import page
// calls, on a database that already holds 20,000 students (a tenth of the list's rows join them).
// Goals (issue "Every door in"): the preview under 5 s and the import under 30 s on the embedded
// database, with memory that does not grow with the file. Prints the times and the process's
// resident memory before and after, and writes them to bench/results.md under "## Lists of leads".
// LEAD_ROWS changes the list's size. Run with tsx (the app's ~/ path alias): node --import tsx bench/lead-import.ts
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { guessLeadColumns } from "../app/admissions/intake/lead-columns.ts";
import { importLeads, previewLeadImport, stageLeadFile } from "../app/admissions/intake/lead-import.server.ts";
import { type Database, openDatabase } from "../app/platform/database.server.ts";
import { mb } from "./figures.ts";
import { postgresDatabase, postgresReachable } from "./postgres.ts";
import { cleanUp } from "./processes.ts";
import { withSection } from "./results-file.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsFile = path.join(root, "bench", "results.md");
const rows = Number(process.env.LEAD_ROWS ?? 10_000);
const existing = 20_000;
const goals = { previewMs: 5_000, importMs: 30_000 };

const log = (message: string) => console.log(`[lead-import] ${message}`);

const courses = ["Embedded", "IoT", "Python Fullstack", "AI", "MATLAB", ""];
const names = ["ಅನಿತಾ ಕೆ", "தமிழ் செல்வி", "അനു ജോർജ്", "सुनीता शर्मा", "Rahul Verma", "Meena R"];

/** Row n of the list: a tenth are students already on the desk, a fiftieth repeat an earlier row, a fiftieth are refused. */
function leadRow(n: number): string[] {
  const mobile =
    n % 10 === 0
      ? `8${String(n % existing).padStart(9, "0")}`
      : n % 50 === 7
        ? `7${String(n - 1).padStart(9, "0")}`
        : `7${String(n).padStart(9, "0")}`;
  return [
    `${names[n % names.length]} ${n}`,
    n % 50 === 3 ? "12345" : `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    n % 3 === 0 ? `lead${n}@example.in` : "",
    courses[n % courses.length] ?? "",
    "Bengaluru Urban",
    n % 4 === 0 ? "Asked about weekend batches and fees" : "",
    `SH-${n}`,
  ];
}
const header = ["Student Name", "Mobile No", "Email ID", "Interested In", "City", "Remarks", "Lead ID"];

async function xlsxList(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Leads");
  sheet.addRow(header);
  for (let n = 1; n <= rows; n++) sheet.addRow(leadRow(n));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function csvList(): Uint8Array {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [header, ...Array.from({ length: rows }, (_, index) => leadRow(index + 1))].map((row) =>
    row.map(quote).join(","),
  );
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

async function fill(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into students (name, email, mobile, mobiles, emails, courses)
    select 'Existing ' || n, '', '8' || lpad(n::text, 9, '0'), array['8' || lpad(n::text, 9, '0')], '{}', '{embedded}'
    from generate_series(0, ${existing - 1}) as n`);
  await database.db.execute(sql`
    insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, student_id)
    select name, 'existing' || id || '@example.in', mobile, 'B.E', 'ECE', 'karnataka', 'Bengaluru Urban', 'bench-' || id, id
    from students`);
  await database.db.execute(sql`analyze`);
}

interface Figures {
  engine: string;
  kind: string;
  bytes: number;
  stageMs: number;
  previewMs: number;
  importMs: number;
  counts: Record<string, number>;
  rssBefore: number;
  rssPeak: number;
}

async function onEngine(engine: "pglite" | "postgres", kind: "xlsx" | "csv", bytes: Uint8Array): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-leads-"));
  // A throw-away PostgreSQL database, dropped when the run ends.
  const databaseUrl = engine === "postgres" ? await postgresDatabase() : undefined;
  const database = await openDatabase({
    dataDir,
    databaseUrl,
    purpose: "test",
    timeouts: { connectMs: 5_000, queryMs: 0 },
  });
  try {
    await fill(database);
    const actor = { id: "bench", email: "bench.admin@example.org" };
    await database.db.execute(
      sql`insert into "user" (id, name, email, role) values ('bench', 'Bench', 'bench.admin@example.org', 'admin')`,
    );
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    try {
      let started = performance.now();
      const staged = await stageLeadFile(database.db, { name: `bench.${kind}`, bytes }, actor);
      if (!staged.ok) throw new Error(staged.message);
      const stageMs = performance.now() - started;
      const columns = guessLeadColumns(staged.headers);
      started = performance.now();
      const preview = await previewLeadImport(database.db, staged.upload, columns);
      const previewMs = performance.now() - started;
      started = performance.now();
      const result = await importLeads(
        database.db,
        staged.upload.id,
        { columns, source: "Shiksha", how: "aggregator", assignment: { mode: "unassigned" } },
        actor,
      );
      const importMs = performance.now() - started;
      if (!result.ok) throw new Error(result.message);
      log(
        `${engine} ${kind}: upload ${stageMs.toFixed(0)} ms, preview ${previewMs.toFixed(0)} ms, import ${importMs.toFixed(0)} ms; ` +
          `${preview.newStudents} new, ${preview.joining} joining, ${preview.repeated} repeated, ${preview.refused} refused; ` +
          `memory ${mb(rssBefore)} -> peak ${mb(rssPeak)}`,
      );
      return {
        engine,
        kind,
        bytes: bytes.byteLength,
        stageMs,
        previewMs,
        importMs,
        counts: result.counts,
        rssBefore,
        rssPeak,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

log(`making a list of ${rows.toLocaleString("en-IN")} rows (.xlsx and CSV)`);
const lists = { xlsx: await xlsxList(), csv: csvList() };
const figures: Figures[] = [];
// LEAD_ENGINES=pglite measures the embedded database only (the PostgreSQL import is slow: decision 030).
const onlyEmbedded = process.env.LEAD_ENGINES === "pglite";
try {
  for (const engine of [
    "pglite",
    ...(!onlyEmbedded && (await postgresReachable()) === undefined ? ["postgres" as const] : []),
  ] as const) {
    for (const kind of ["xlsx", "csv"] as const) figures.push(await onEngine(engine, kind, lists[kind]));
  }
} finally {
  await cleanUp();
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const lines = [
  "## Lists of leads",
  "",
  `${rows.toLocaleString("en-IN")} rows (${figures[0]?.counts.newStudents ?? "?"} new, ${figures[0]?.counts.joining ?? "?"} joining ${existing.toLocaleString("en-IN")} students already on the desk, ${figures[0]?.counts.repeated ?? "?"} repeated, ${figures[0]?.counts.refused ?? "?"} refused); goals on the embedded database: preview under ${seconds(goals.previewMs)}, import under ${seconds(goals.importMs)}. Measured ${new Date().toISOString().slice(0, 16)}Z on ${os.cpus().length} cores (load average ${os.loadavg()[0]?.toFixed(1)}).`,
  "",
  "| engine | file | size | upload (read once) | preview | import | resident memory before → peak |",
  "|---|---|---|---|---|---|---|",
  ...figures.map(
    (figure) =>
      `| ${figure.engine} | ${figure.kind} | ${mb(figure.bytes)} | ${seconds(figure.stageMs)} | ${seconds(figure.previewMs)}${figure.engine === "pglite" && figure.previewMs > goals.previewMs ? " (over goal)" : ""} | ${seconds(figure.importMs)}${figure.engine === "pglite" && figure.importMs > goals.importMs ? " (over goal)" : ""} | ${mb(figure.rssBefore)} → ${mb(figure.rssPeak)} |`,
  ),
];
console.log(lines.join("\n"));
const before = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "";
writeFileSync(resultsFile, withSection(before, "## Lists of leads", lines));
log(`written to ${path.relative(process.cwd(), resultsFile)}`);

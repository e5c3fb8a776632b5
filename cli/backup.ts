// `backup FILE` and `restore FILE`: every table and the uploaded images in one gzipped JSON Lines file.
//
// The file, one JSON value a line:
//   {"format":"institute-site-backup","version":1,"createdAt":…,"engine":…,"migrations":{…}}
//   {"table":"user","columns":["id",…]}           then batches of its rows:
//   {"table":"user","rows":[{…},…]}
//   {"upload":"placed-students/asha-640.webp","data":"<base64>"}
//   {"end":{"tables":{"user":2,…},"uploads":1}}
// Rows are PostgreSQL's own to_jsonb() text, and restore hands each batch line back to PostgreSQL
// (jsonb_populate_recordset) without parsing it in JavaScript, so timestamps (microseconds),
// jsonb, booleans and big integers come back exactly.
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { fileURLToPath } from "node:url";
import { createGunzip, createGzip } from "node:zlib";
import { is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { type AppDatabase, type Database, openDatabase } from "../app/platform/database.server";
import * as schema from "../db/schema";
import { cliEnvironment, withDatabase } from "./database";
import { CliError } from "./errors";
import { createPrivateFile } from "./output";

const formatName = "institute-site-backup";
const formatVersion = 1;
const batchSize = 500;
const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

interface BackupTable {
  name: string;
  columns: string[];
  primaryKey: string[];
}

interface MigrationLevel {
  applied: number;
  /** The `when` of the newest applied migration (db/migrations/meta/_journal.json). */
  latest: number | null;
}

interface Header {
  format: string;
  version: number;
  createdAt: string;
  engine: Database["engine"];
  migrations: MigrationLevel;
}

export type Executor = Pick<AppDatabase, "execute">;

export function backupFileArgument(args: string[], command: "backup" | "restore"): string {
  const [file, ...rest] = args;
  if (!file || file.startsWith("-")) {
    throw new CliError(`${command} needs a file name, e.g. ${command} institute-backup.jsonl.gz`, 2);
  }
  if (rest.length > 0) throw new CliError(`Unknown option: ${rest.join(" ")}`, 2);
  return file;
}

// ---------------------------------------------------------------- backup

export async function backupCommand(args: string[]): Promise<void> {
  const file = path.resolve(backupFileArgument(args, "backup"));
  if (!fs.existsSync(path.dirname(file))) throw new CliError(`The folder ${path.dirname(file)} does not exist.`);
  const { dataDir } = cliEnvironment();
  const counts = await withDatabase((database) => writeBackup(database, path.join(dataDir, "uploads"), file));
  const rows = Object.values(counts.tables).reduce((sum, count) => sum + count, 0);
  process.stdout.write(`Backed up ${rows} rows and ${counts.uploads} uploaded files to ${file}\n`);
}

interface Counts {
  tables: Record<string, number>;
  uploads: number;
}

/** Writes to a temporary file beside the target and renames it only once it is complete. */
async function writeBackup(database: Database, uploadsDir: string, file: string): Promise<Counts> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const counts: Counts = { tables: {}, uploads: 0 };
  try {
    // One snapshot for every table, so a PostgreSQL backup taken while the site runs is consistent.
    await database.db.transaction(
      async (tx) => {
        await pipeline(
          backupLines(tx, database.engine, uploadsDir, counts),
          createGzip(),
          // Students' data and password hashes: for the owner's eyes only.
          createPrivateFile(partial),
        );
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    fs.renameSync(partial, file);
    return counts;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function* backupLines(
  tx: Executor,
  engine: Database["engine"],
  uploadsDir: string,
  counts: Counts,
): AsyncGenerator<string> {
  const header: Header = {
    format: formatName,
    version: formatVersion,
    createdAt: new Date().toISOString(),
    engine,
    migrations: await migrationLevel(tx),
  };
  yield `${JSON.stringify(header)}\n`;
  for (const table of backupTables()) {
    yield `${JSON.stringify({ table: table.name, columns: table.columns })}\n`;
    counts.tables[table.name] = 0;
    for await (const batch of tableBatches(tx, table)) {
      counts.tables[table.name] = (counts.tables[table.name] ?? 0) + batch.length;
      yield `{"table":${JSON.stringify(table.name)},"rows":[${batch.join(",")}]}\n`;
    }
  }
  for (const relative of uploadFiles(uploadsDir)) {
    const data = fs.readFileSync(path.join(uploadsDir, relative)).toString("base64");
    counts.uploads++;
    yield `${JSON.stringify({ upload: relative, data })}\n`;
  }
  yield `${JSON.stringify({ end: counts })}\n`;
}

/** A table's rows as JSON text, in primary-key order, read through a cursor batch by batch. */
export async function* tableBatches(tx: Executor, table: BackupTable): AsyncGenerator<string[]> {
  const cursor = `backup_${table.name}`;
  const order = table.primaryKey.map(quoted).join(", ");
  await run(
    tx,
    `declare ${cursor} no scroll cursor for select to_jsonb(t)::text as row from ${quoted(table.name)} t order by ${order}`,
  );
  try {
    for (;;) {
      const rows = await query<{ row: string }>(tx, sql.raw(`fetch ${batchSize} from ${cursor}`));
      if (rows.length > 0) yield rows.map((row) => row.row);
      if (rows.length < batchSize) return;
    }
  } finally {
    await run(tx, `close ${cursor}`);
  }
}

/** Every file under the uploads folder, as paths relative to it with "/" between folders. */
function uploadFiles(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return fs
    .readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

// ---------------------------------------------------------------- restore

export async function restoreCommand(args: string[]): Promise<void> {
  const file = path.resolve(backupFileArgument(args, "restore"));
  if (!fs.existsSync(file)) throw new CliError(`There is no file ${file}.`);
  const lines = backupFileLines(file);
  // Read before opening the database, so a wrong file does not create an empty one.
  const header = await readHeader(lines);
  const { dataDir, databaseUrl } = cliEnvironment();
  const uploadsDir = path.join(dataDir, "uploads");
  if (uploadFiles(uploadsDir).length > 0) {
    throw new CliError(`${uploadsDir} already holds files. Restore only into a fresh DATA_DIR.`);
  }
  const database = await openDatabase({ dataDir, databaseUrl, migrationsFolder, purpose: "cli" });
  let counts: Counts;
  try {
    counts = await restoreInto(database, header, lines, uploadsDir);
  } finally {
    await database.close();
  }
  const rows = Object.values(counts.tables).reduce((sum, count) => sum + count, 0);
  process.stdout.write(
    `Restored ${rows} rows and ${counts.uploads} uploaded files from the backup of ${header.createdAt}.\n`,
  );
}

async function readHeader(lines: AsyncIterator<string>): Promise<Header> {
  const first = await lines.next().catch(() => ({ done: true as const, value: undefined }));
  const header = first.done ? undefined : parseLine(first.value);
  if (header?.format !== formatName) throw new CliError("This file is not a backup made by `backup`.");
  if (header.version !== formatVersion) {
    throw new CliError(`This backup has format version ${header.version}; this tool reads version ${formatVersion}.`);
  }
  return header as unknown as Header;
}

async function restoreInto(
  database: Database,
  header: Header,
  lines: AsyncIterator<string>,
  uploadsDir: string,
): Promise<Counts> {
  const staging = `${uploadsDir}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const counts = await database.db.transaction(async (tx) => {
      await checkTarget(tx, header);
      const counts = await restoreLines(tx, lines, staging);
      await resetIdentities(tx);
      return counts;
    });
    if (fs.existsSync(staging)) {
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      fs.renameSync(staging, uploadsDir);
    }
    return counts;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Refuses a database that is not empty, or older than the backup. */
export async function checkTarget(
  tx: Executor,
  header: Pick<Header, "migrations">,
  advice = "Restore only into a fresh DATA_DIR or an empty PostgreSQL database.",
): Promise<void> {
  const tables = backupTables().map((table) => quoted(table.name));
  // Nobody may write while we look and fill: the check would be stale, and ids would collide.
  await run(tx, `lock table ${tables.join(", ")} in exclusive mode`);
  const filled: string[] = [];
  for (const table of backupTables()) {
    const rows = await query(tx, sql.raw(`select 1 from ${quoted(table.name)} limit 1`));
    if (rows.length > 0) filled.push(table.name);
  }
  if (filled.length > 0) {
    throw new CliError(`The target database is not empty (rows in ${filled.join(", ")}). ${advice}`);
  }
  const here = await migrationLevel(tx);
  if ((header.migrations.latest ?? 0) > (here.latest ?? 0)) {
    throw new CliError("This backup was made by a newer version of the site. Install that version, then restore.");
  }
}

async function restoreLines(tx: Executor, lines: AsyncIterator<string>, staging: string): Promise<Counts> {
  const known = new Map(backupTables().map((table) => [table.name, table]));
  const columns = new Map<string, string[]>();
  const counts: Counts = { tables: {}, uploads: 0 };
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new CliError("The backup file is incomplete (it ends before its last line).");
    const line = parseLine(next.value);
    if (line?.end) {
      checkCounts(line.end as Counts, counts);
      return counts;
    }
    if (typeof line?.upload === "string" && typeof line.data === "string") {
      writeUpload(staging, line.upload, line.data);
      counts.uploads++;
    } else if (typeof line?.table === "string" && Array.isArray(line.columns)) {
      columns.set(line.table, tableColumns(known.get(line.table), line.table, line.columns as string[]));
      counts.tables[line.table] = 0;
    } else if (typeof line?.table === "string" && Array.isArray(line.rows)) {
      const names = columns.get(line.table);
      if (!names) throw new CliError(`The backup file is damaged: rows of ${line.table} before its columns.`);
      await insertBatch(tx, line.table, names, next.value);
      counts.tables[line.table] = (counts.tables[line.table] ?? 0) + line.rows.length;
    } else {
      throw new CliError("The backup file is damaged: a line is not one this tool wrote.");
    }
  }
}

/** The backup's columns of a table, all of which must exist here (missing ones take their defaults). */
function tableColumns(table: BackupTable | undefined, name: string, columns: string[]): string[] {
  if (!table) throw new CliError(`The backup has a table ${name} that this version does not know.`);
  const unknown = columns.filter((column) => !table.columns.includes(column));
  if (unknown.length > 0) {
    throw new CliError(`The backup has columns this version does not know: ${name}.${unknown.join(", ")}.`);
  }
  return columns;
}

/** Inserts one batch line as it is: PostgreSQL reads the JSON, with ids as stored. */
export async function insertBatch(tx: Executor, table: string, columns: string[], line: string): Promise<void> {
  const list = columns.map(quoted).join(", ");
  const target = quoted(table);
  await tx.execute(
    sql`insert into ${sql.raw(target)} (${sql.raw(list)}) overriding system value select ${sql.raw(list)} from jsonb_populate_recordset(null::${sql.raw(target)}, ${line}::jsonb -> 'rows')`,
  );
}

/** Identity columns continue after the highest restored id. */
export async function resetIdentities(tx: Executor): Promise<void> {
  const identities = await query<{ table_name: string; column_name: string }>(
    tx,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of identities) {
    await run(
      tx,
      `select setval(pg_get_serial_sequence('${quoted(table)}', '${column}'), coalesce(max(${quoted(column)}), 0) + 1, false) from ${quoted(table)}`,
    );
  }
}

function writeUpload(staging: string, relative: string, data: string): void {
  const target = path.resolve(staging, relative);
  // Names come from the file: never let one write outside the uploads folder.
  if (!target.startsWith(path.resolve(staging) + path.sep)) {
    throw new CliError(`The backup file is damaged: the upload name ${relative} leaves the uploads folder.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, Buffer.from(data, "base64"));
}

function checkCounts(expected: Counts, found: Counts): void {
  const same =
    expected.uploads === found.uploads &&
    JSON.stringify(Object.entries(expected.tables).sort()) === JSON.stringify(Object.entries(found.tables).sort());
  if (!same) throw new CliError("The backup file is damaged: its row or file counts do not match its contents.");
}

// ---------------------------------------------------------------- shared

/**
 * Tables the database derives from others by itself (migrations 0018 and 0021: the owner's
 * report's facts, kept by triggers whenever records, timeline entries or forms are written). They
 * are left out of a backup and of a copy: restoring the records, timeline and forms rebuilds them,
 * exactly.
 */
const derivedTables = new Set(["student_facts", "student_follow_ups"]);

/** Every table of the schema but the derived ones, each after the tables its foreign keys point to. */
export function backupTables(): BackupTable[] {
  const configs = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => !derivedTables.has(config.name));
  const byName = new Map(configs.map((config) => [config.name, config]));
  const ordered: BackupTable[] = [];
  const visit = (name: string) => {
    const config = byName.get(name);
    if (!config || ordered.some((table) => table.name === name)) return;
    byName.delete(name);
    for (const key of config.foreignKeys) visit(getTableConfig(key.reference().foreignTable).name);
    const columns = config.columns.map((column) => column.name);
    const single = config.columns.filter((column) => column.primary).map((column) => column.name);
    const composite = config.primaryKeys[0]?.columns.map((column) => column.name);
    ordered.push({ name, columns, primaryKey: composite ?? (single.length > 0 ? single : columns) });
  };
  for (const config of configs) visit(config.name);
  return ordered;
}

export async function migrationLevel(tx: Executor): Promise<MigrationLevel> {
  const rows = await query<{ applied: number | string; latest: number | string | null }>(
    tx,
    sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  const row = rows[0];
  return { applied: Number(row?.applied ?? 0), latest: row?.latest == null ? null : Number(row.latest) };
}

/** The lines of a gzipped backup file, read as they are needed. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const reading = pipeline(fs.createReadStream(file), gunzip);
  reading.catch(() => {});
  const decoder = new StringDecoder("utf8");
  let pieces: string[] = [];
  try {
    for await (const chunk of gunzip) {
      const parts = decoder.write(chunk as Buffer).split("\n");
      if (parts.length === 1) {
        pieces.push(parts[0] ?? "");
        continue;
      }
      yield pieces.join("") + (parts[0] ?? "");
      yield* parts.slice(1, -1);
      pieces = [parts.at(-1) ?? ""];
    }
  } catch (error) {
    throw new CliError(`${file} is not a complete backup file (${(error as Error).message}).`);
  }
  const rest = pieces.join("") + decoder.end();
  if (rest !== "") yield rest;
}

function backupFileLines(file: string): AsyncIterator<string> {
  return linesOf(file)[Symbol.asyncIterator]();
}

function parseLine(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

async function query<Row = Record<string, unknown>>(tx: Executor, statement: SQL): Promise<Row[]> {
  const result = await tx.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

async function run(tx: Executor, statement: string): Promise<void> {
  await tx.execute(sql.raw(statement));
}

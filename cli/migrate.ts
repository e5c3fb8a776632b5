// `migrate-to-postgres URL`: copies the embedded database in DATA_DIR, every table and row,
// into an empty PostgreSQL database, in one transaction on the target. Uploaded images stay
// where they are (DATA_DIR/uploads): the site on PostgreSQL serves them from the same folder.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/platform/database.server";
import { backupTables, checkTarget, insertBatch, migrationLevel, resetIdentities, tableBatches } from "./backup";
import { cliEnvironment } from "./database";
import { CliError } from "./errors";

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

export function postgresUrlArgument(args: string[]): string {
  const [url, ...rest] = args;
  if (!url || url.startsWith("-")) {
    throw new CliError(
      "migrate-to-postgres needs the PostgreSQL URL, e.g. postgres://site@127.0.0.1:5432/institute",
      2,
    );
  }
  if (rest.length > 0) throw new CliError(`Unknown option: ${rest.join(" ")}`, 2);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`${url} is not a URL. Write it as postgres://user:password@host:5432/database`, 2);
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new CliError("The URL must start with postgres:// (or postgresql://).", 2);
  }
  return url;
}

export async function migrateToPostgresCommand(args: string[]): Promise<void> {
  const url = postgresUrlArgument(args);
  const { dataDir } = cliEnvironment();
  if (!fs.existsSync(path.join(dataDir, "pglite"))) {
    throw new CliError(`There is no embedded database in ${dataDir}. Set DATA_DIR to the folder the site uses.`);
  }
  // Taking the data-directory lock refuses to run while the site has the database open.
  const source = await openDatabase({ dataDir, migrationsFolder, purpose: "cli" });
  const copied: Record<string, number> = {};
  try {
    const target = await openDatabase({ dataDir, databaseUrl: url, migrationsFolder, purpose: "cli" });
    try {
      await target.db.transaction(async (tx) => {
        await checkTarget(
          tx,
          { migrations: await migrationLevel(source.db) },
          "Give migrate-to-postgres a new, empty database (createdb), so nothing in it is overwritten.",
        );
        await source.db.transaction(
          async (reading) => {
            for (const table of backupTables()) {
              copied[table.name] = 0;
              for await (const batch of tableBatches(reading, table)) {
                await insertBatch(tx, table.name, table.columns, `{"rows":[${batch.join(",")}]}`);
                copied[table.name] = (copied[table.name] ?? 0) + batch.length;
              }
            }
          },
          { isolationLevel: "repeatable read", accessMode: "read only" },
        );
        await resetIdentities(tx);
        // Checked before committing: every table holds exactly what was read.
        for (const [table, count] of Object.entries(copied)) {
          const result = await tx.execute(sql.raw(`select count(*)::int as n from "${table}"`));
          const found = (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
          if (found !== count) throw new Error(`Copying ${table} went wrong: ${count} rows read, ${found} written.`);
        }
      });
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  const rows = Object.values(copied).reduce((sum, count) => sum + count, 0);
  const where = new URL(url);
  where.password = "";
  process.stdout.write(
    `Copied ${rows} rows in ${Object.keys(copied).length} tables to ${where.host}${where.pathname}.
Uploaded images stay in ${path.join(dataDir, "uploads")}; keep DATA_DIR pointing there.
Next: set DATABASE_URL to this database (and keep DATA_DIR), then start the site.
The embedded database in ${path.join(dataDir, "pglite")} is left as it was: keep it until you are satisfied.
`,
  );
}

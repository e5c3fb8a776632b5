import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, openDatabase, postgresTimeoutsFromEnv } from "../app/platform/database.server";
import { CliError } from "./errors";

/** The migrations beside this tool, wherever it is run from. */
const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

/** The site's data folder and database, from the same environment the server reads. */
export function cliEnvironment() {
  return {
    dataDir: path.resolve(process.env.DATA_DIR || "./data"),
    databaseUrl: process.env.DATABASE_URL || undefined,
  };
}

/**
 * Runs work with the site's database open. The embedded database is locked first,
 * so while the site runs this throws DataDirLockedError instead of opening it
 * beside the server.
 */
export async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const { dataDir, databaseUrl } = cliEnvironment();
  if (!databaseUrl && !fs.existsSync(path.join(dataDir, "pglite"))) {
    throw new CliError(
      `There is no database in ${dataDir} yet. Set DATA_DIR to the folder the site uses (default ./data), or DATABASE_URL for PostgreSQL.`,
    );
  }
  // A command may read or write every row in one statement: only the connection is timed.
  const timeouts = { connectMs: postgresTimeoutsFromEnv().connectMs, queryMs: 0 };
  const database = await openDatabase({ dataDir, databaseUrl, migrationsFolder, purpose: "cli", timeouts });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

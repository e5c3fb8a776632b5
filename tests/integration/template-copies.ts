// Copies of the run's template databases (made once by tests/integration/template-databases.ts):
// a new test database in a fraction of a second instead of an initdb and every migration.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

/**
 * Puts an embedded database in `dataDir/pglite`: "migrated", the empty database every migration
 * makes (as if the site had started there once), or "initialised", a new database cluster with no
 * migration applied yet (for tests that migrate it themselves, from an older version say).
 */
export async function copyPgliteTemplate(dataDir: string, state: "migrated" | "initialised" = "migrated") {
  const template = inject(state === "migrated" ? "pgliteTemplateDir" : "pgliteClusterDir");
  await fs.cp(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

/** A new temporary data directory whose embedded database is already made and migrated. */
export async function dataDirWithDatabase(prefix: string): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await copyPgliteTemplate(dataDir);
  return dataDir;
}

/** The name of the migrated template database on the tests' PostgreSQL ("" when unreachable). */
export function postgresTemplateDatabase(): string {
  return inject("postgresTemplateDatabase");
}

// Vitest global setup: one migrated, empty database per engine, made once per run, that every
// test database starts as a copy of (tests/integration/databases.ts). A new embedded database
// costs an initdb and every migration, some seconds each time; a copy of its files, or
// PostgreSQL's `create database ... template`, a fraction of a second. The copies are the very
// database the migrations make: the migrations themselves are tested from an empty database and
// from older versions in migrations.test.ts.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/platform/database.server";
import { postgresQuery, postgresUrlOf } from "../support/processes";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose pglite/ holds a new embedded database cluster, no migration applied. */
    pgliteClusterDir: string;
    /** A data directory whose pglite/ holds a migrated, empty embedded database. */
    pgliteTemplateDir: string;
    /** A migrated, empty database on the tests' PostgreSQL server, or "" when it is not reachable. */
    postgresTemplateDatabase: string;
  }
}

/** Names of the tests' databases start with this (TEST_DATABASE_PREFIX, e.g. to share one server). */
export const databasePrefix = /^[a-z0-9_-]{1,40}$/i.test(process.env.TEST_DATABASE_PREFIX ?? "")
  ? (process.env.TEST_DATABASE_PREFIX as string)
  : "it_";

/** A new embedded database cluster (initdb), in a child process as the site makes one. */
async function makePgliteCluster(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-cluster-"));
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script =
    "const [entry, pgdata] = process.argv.slice(1); require(entry).PGlite.create(pgdata).then((db) => db.close());";
  const child = spawn(process.execPath, ["--liftoff-only", "-e", script, entry, path.join(dataDir, "pglite")], {
    stdio: "inherit",
  });
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Making the tests' embedded database cluster failed (exit ${code})`);
  return dataDir;
}

/** The cluster with every migration applied. */
async function makePgliteTemplate(clusterDir: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-template-"));
  fs.cpSync(path.join(clusterDir, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  const database = await openDatabase({ dataDir, purpose: "test" });
  await database.close();
  return dataDir;
}

/** The template on PostgreSQL, or "" when the server is not reachable (databases.ts says so). */
async function makePostgresTemplate(): Promise<string> {
  const name = `${databasePrefix}template_${randomBytes(4).toString("hex")}`;
  try {
    await postgresQuery(`create database "${name}"`);
  } catch {
    return "";
  }
  const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: postgresUrlOf(name), purpose: "test" });
  await database.close();
  return name;
}

export default async function setup(project: TestProject) {
  const [pgliteClusterDir, postgresTemplateDatabase] = await Promise.all([makePgliteCluster(), makePostgresTemplate()]);
  const pgliteTemplateDir = await makePgliteTemplate(pgliteClusterDir);
  project.provide("pgliteClusterDir", pgliteClusterDir);
  project.provide("pgliteTemplateDir", pgliteTemplateDir);
  project.provide("postgresTemplateDatabase", postgresTemplateDatabase);
  return async () => {
    fs.rmSync(pgliteClusterDir, { recursive: true, force: true });
    fs.rmSync(pgliteTemplateDir, { recursive: true, force: true });
    if (postgresTemplateDatabase) {
      await postgresQuery(`drop database if exists "${postgresTemplateDatabase}" with (force)`).catch(() => {});
    }
  };
}

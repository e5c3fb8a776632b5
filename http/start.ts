// The production server's process: started by http/index.ts (which chose its memory settings) as
// build/server/start.js, the build's JavaScript of this file, so that Node never loads its
// TypeScript compiler in it (decision 016). Loads the app's server bundle and starts the site.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { speedUpModuleLoading } from "./module-loading.ts";

// Without the compile cache: it would save some 0.1-0.3 s of a start, but holds about 8 MB more.
speedUpModuleLoading();

/** The project's folder: this file runs as build/server/start.js. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// What the operator set, before the default below: demo content is on by default only without it.
const operatorNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";

const buildEntry = path.join(root, "build/server/index.js");
const { startServer, mailSettingsFromEnv, demoContentFromEnv } = (await import(buildEntry).catch((error: unknown) => {
  console.error(`No production build found at ${buildEntry}. Run "npm run build" first.`);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
})) as typeof import("./app.ts");

/** A whole number of seconds from a setting, or undefined (the default) when unset. */
function positiveSeconds(setting: string | undefined): number | undefined {
  if (!setting?.trim()) return undefined;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 1) {
    console.error(`REQUEST_TIMEOUT must be a whole number of seconds, 1 or more (it is "${setting}").`);
    process.exit(1);
  }
  return seconds;
}

let demoContent: boolean;
try {
  demoContent = demoContentFromEnv(process.env, operatorNodeEnv);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = await startServer({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? "0.0.0.0",
  clientDir: path.join(root, "build/client"),
  dataDir: path.resolve(process.env.DATA_DIR ?? "./data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  migrationsFolder: path.join(root, "db/migrations"),
  trustedProxyHeader: process.env.TRUST_PROXY_HEADER || undefined,
  requestTimeoutSeconds: positiveSeconds(process.env.REQUEST_TIMEOUT),
  mail: mailSettingsFromEnv(),
  demoContent,
  // A site whose embedded database is gone answers nothing but errors: it ends, and the
  // supervisor (systemd, Docker's restart policy) starts it again on the same data.
  onDatabaseLost: (error) => {
    console.error(`${error.message} The site stops, to be started again.`);
    process.exit(1);
  },
}).catch((error: unknown) => {
  // Plain words for the operator (e.g. the data directory is locked by another process).
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(`Site running at ${server.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    try {
      await server.close();
    } catch (error) {
      // Exit anyway, and say so: a supervisor restarting the site must not wait on a stuck close.
      console.error("Stopping cleanly failed:", error instanceof Error ? error.message : error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  });
}

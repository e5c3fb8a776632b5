// Vitest global setup: the tests that start the real server (http/index.ts) need the
// production build. It is made once per run, and only when a source file is newer than it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The server bundle and the server process's script (build/server/start.js, from http/start.ts). */
const built = ["build/server/index.js", "build/server/start.js"];
const sources = ["app", "http", "db", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === "node_modules" || child === ".react-router") continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

export default function setup(): void {
  const builtAt = Math.min(...built.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  if (builtAt > Math.max(...sources.map(newestChange))) return;
  const started = Date.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`The production build failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`Production build for the server tests made in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

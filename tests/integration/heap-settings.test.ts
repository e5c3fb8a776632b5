// The server sizes Node's heap for a small server (decision 016): it starts itself again, same
// pid, with a young generation and an old-generation limit of its own, two malloc arenas and
// malloc's thresholds held at 32 kB (mapping) and 128 kB (trim), unless the operator chose them in
// NODE_OPTIONS or MALLOC_*.
// The process it becomes runs the build's JavaScript (build/server/start.js), never a .ts file,
// so Node's TypeScript compiler is not loaded in it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/processes";
import { startSite } from "./site-process";

function commandLine(pid: number | undefined): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

function environment(pid: number | undefined): string[] {
  return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
}

describe.skipIf(process.platform !== "linux")("heap settings of the server process", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heap-settings-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("runs with the small-server sizes, in the process that was started", async () => {
    // The default compiler (the suite's own sites run the baseline one: vitest.config.ts).
    const site = await startSite({ dataDir, env: { PGLITE_WASM_COMPILER: "" } });
    try {
      const args = commandLine(site.child.pid);
      expect(args).toContain("--max-semi-space-size=8");
      expect(args).toContain("--max-old-space-size=256");
      expect(args).not.toContain("--liftoff-only");
      expect(args.at(-1)).toMatch(/\/build\/server\/start\.js$/);
      const env = environment(site.child.pid);
      expect(env).toContain("MALLOC_ARENA_MAX=2");
      expect(env).toContain("MALLOC_MMAP_THRESHOLD_=32768");
      expect(env).toContain("MALLOC_TRIM_THRESHOLD_=131072");
      expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("compiles PGlite with the baseline compiler only when the operator asks for it", async () => {
    const site = await startSite({ dataDir, env: { PGLITE_WASM_COMPILER: "baseline" } });
    try {
      expect(commandLine(site.child.pid)).toContain("--liftoff-only");
      expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("runs the build's JavaScript when the operator chose every size", async () => {
    const site = await startSite({
      dataDir,
      env: {
        NODE_OPTIONS: "--max-old-space-size=300 --max-semi-space-size=16",
        MALLOC_ARENA_MAX: "4",
        GLIBC_TUNABLES: "glibc.malloc.trim_threshold=1048576",
      },
    });
    try {
      const args = commandLine(site.child.pid);
      expect(args.some((arg) => arg.startsWith("--max-"))).toBe(false);
      expect(args.at(-1)).toMatch(/\/build\/server\/start\.js$/);
      expect(environment(site.child.pid)).not.toContain("MALLOC_MMAP_THRESHOLD_=32768");
      expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("keeps the sizes an operator chose and adds only the one left out", async () => {
    const site = await startSite({
      dataDir,
      env: { NODE_OPTIONS: "--max-old-space-size=300", MALLOC_ARENA_MAX: "4", MALLOC_TRIM_THRESHOLD_: "1048576" },
    });
    try {
      const args = commandLine(site.child.pid);
      expect(args).toContain("--max-semi-space-size=8");
      expect(args.some((arg) => arg.startsWith("--max-old-space-size"))).toBe(false);
      const env = environment(site.child.pid);
      expect(env).toContain("MALLOC_ARENA_MAX=4");
      expect(env).toContain("MALLOC_TRIM_THRESHOLD_=1048576");
      expect(env).toContain("MALLOC_MMAP_THRESHOLD_=32768");
      expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("gives the command-line tool the compiler the operator chose for the site", async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    // `user add` waits for the password on its standard input: its command line can be read then.
    const add = spawn(
      process.execPath,
      ["cli/main.ts", "user", "add", "--email", "flags@example.in", "--role", "admin"],
      {
        env: { ...env, PGLITE_WASM_COMPILER: "baseline" },
        stdio: ["pipe", "ignore", "ignore"],
      },
    );
    try {
      await expect
        .poll(() => commandLine(add.pid).join(" "), { timeout: 20_000 })
        .toMatch(/--liftoff-only .*cli\/main\.ts user add/);
    } finally {
      add.kill();
    }
    const refused = await runCli(["user", "list"], { ...env, PGLITE_WASM_COMPILER: "fast" });
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe('PGLITE_WASM_COMPILER must be "baseline" or "optimising", not "fast".\n');
  });
});

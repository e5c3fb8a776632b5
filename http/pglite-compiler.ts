// PGLITE_WASM_COMPILER=baseline: PGlite's WebAssembly is compiled by V8's baseline compiler only,
// never optimised. The site on PGlite then holds some 20-35 MB less after every page (the
// optimising compiler's code and what compiling leaves behind), starts sooner, and runs its
// queries on slower code (decision 016). Unset or "optimising": V8's own choice. The site
// (http/index.ts) and the command-line tool (cli/main.ts) read the same setting, so an operator
// who chose it for a small server gets it for both; a short command then also spends less of
// its time compiling (0.8 CPU-s for `user list` instead of 1.3).

/**
 * The Node options that carry out the operator's PGLITE_WASM_COMPILER for a process started with
 * `execArgv` (none where they are there already, or where the database is PostgreSQL), or the
 * message for a value that is neither choice.
 */
export function pgliteCompilerFlags(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
): { flags: string[] } | { error: string } {
  const compiler = env.PGLITE_WASM_COMPILER?.trim() || "optimising";
  if (compiler !== "optimising" && compiler !== "baseline") {
    return { error: `PGLITE_WASM_COMPILER must be "baseline" or "optimising", not "${compiler}".` };
  }
  const wanted = compiler === "baseline" && !env.DATABASE_URL && !execArgv.includes("--liftoff-only");
  return { flags: wanted ? ["--liftoff-only"] : [] };
}

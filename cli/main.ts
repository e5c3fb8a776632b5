// `npm run cli`: runs the command-line tool from its TypeScript sources with Node's own type
// stripping, resolving the project's imports as the build does (http/module-loading.ts).
import { speedUpModuleLoading } from "../http/module-loading.ts";
import { pgliteCompilerFlags } from "../http/pglite-compiler.ts";

// The operator's PGLITE_WASM_COMPILER, as the site reads it: the tool starts again at once (the
// same process) with the compiler's flag, where it has one to add.
const compiler = pgliteCompilerFlags(process.env, process.execArgv);
if ("error" in compiler) {
  console.error(compiler.error);
  process.exit(1);
}
if (compiler.flags.length > 0 && typeof process.execve === "function") {
  process.execve(process.execPath, [
    process.execPath,
    ...compiler.flags,
    ...process.execArgv,
    ...process.argv.slice(1),
  ]);
}

speedUpModuleLoading({ sources: true, compileCache: true });
await import("./index.ts");

// Faster module loading for the site's and the command-line tool's processes (decision 016).
//
// Node works out the format of every ES module it resolves by reading the package.json of its
// package, and it parses that file's "exports" again each time: drizzle-orm's is 179 KB, and
// its 100-odd files cost some 0.5 s of a start (measured with --cpu-prof). A relative import
// inside a package with "type": "module" needs none of that: its address is the parent's
// address joined with the specifier, and its format is the package's. This hook answers those
// itself and leaves everything else (bare names, CommonJS, require()) to Node. The compile
// cache keeps V8's compiled code between starts, in the system's temporary folder
// (NODE_DISABLE_COMPILE_CACHE=1 turns it off): the command-line tool uses it; the site does not,
// as the compiled code it loads at once stays resident.
import { existsSync, readFileSync, statSync } from "node:fs";
import { enableCompileCache, registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Whether a folder is inside a package whose .js files are ES modules, found once per folder. */
const esmFolders = new Map<string, boolean>();

function inEsmPackage(folder: string): boolean {
  const known = esmFolders.get(folder);
  if (known !== undefined) return known;
  let answer: boolean;
  const manifest = path.join(folder, "package.json");
  if (existsSync(manifest) && path.basename(folder) !== "node_modules") {
    try {
      answer = (JSON.parse(readFileSync(manifest, "utf8")) as { type?: unknown }).type === "module";
    } catch {
      answer = false;
    }
  } else {
    const parent = path.dirname(folder);
    answer = parent !== folder && inEsmPackage(parent);
  }
  esmFolders.set(folder, answer);
  return answer;
}

const relative = (specifier: string) => specifier.startsWith("./") || specifier.startsWith("../");

/**
 * Registers the hook, and with `compileCache` the compile cache. `sources`: resolve the project's
 * TypeScript imports as the bundler does (`~/` for app/, no file extension), for running the
 * sources without a build (the command-line tool).
 */
export function speedUpModuleLoading(options: { sources?: boolean; compileCache?: boolean } = {}): void {
  if (options.compileCache) enableCompileCache();
  const appFolder = fileURLToPath(new URL("../app/", import.meta.url));
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (!parent?.startsWith("file:") || context.conditions.includes("require")) {
        return nextResolve(specifier, context);
      }
      const inPackage = parent.includes("/node_modules/");
      if (inPackage && relative(specifier) && /\.m?js$/.test(specifier)) {
        const url = new URL(specifier, parent);
        const file = fileURLToPath(url);
        if ((file.endsWith(".mjs") || inEsmPackage(path.dirname(file))) && existsSync(file)) {
          return { url: url.href, format: "module", shortCircuit: true };
        }
      }
      if (options.sources && !inPackage) {
        let target: string | undefined;
        if (specifier.startsWith("~/")) target = path.join(appFolder, specifier.slice(2));
        else if (relative(specifier) && !/\.(m?js|cjs|ts|tsx|json)$/.test(specifier)) {
          target = path.resolve(path.dirname(fileURLToPath(parent)), specifier);
        }
        if (target !== undefined) {
          const file = [target, `${target}.ts`, path.join(target, "index.ts")].find(isFile);
          if (file) return nextResolve(pathToFileURL(file).href, context);
        }
      }
      return nextResolve(specifier, context);
    },
  });
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

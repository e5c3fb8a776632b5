import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * A file of the sources built as an entry of its own into one environment's output, by the name
 * given (at build time only: the dev server serves sources as they are).
 */
function extraEntry(environment: "client" | "ssr", source: string, fileName: string): Plugin {
  return {
    name: `extra-entry:${fileName}`,
    applyToEnvironment: (candidate) => candidate.name === environment,
    buildStart() {
      if (this.environment.mode !== "build") return;
      this.emitFile({ type: "chunk", id: path.resolve(source), fileName });
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Public form pages load one small script instead of React (docs/decisions/005), built with
    // the client bundle as assets/enhance.js; the server adds a content hash to its URL so it can
    // be cached for long.
    extraEntry("client", "app/client/enhance.ts", "assets/enhance.js"),
    // The server's process runs build/server/start.js, this build's JavaScript of http/start.ts:
    // http/index.ts starts it, so that Node's TypeScript compiler stays out of the server's memory
    // (docs/decisions/016). Its only import besides Node's own is the module-loading hook; it
    // loads the server bundle (index.js) by its path.
    extraEntry("ssr", "http/start.ts", "start.js"),
  ],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build bundles the HTTP server with the app, so both share one
    // instance of every module (router contexts, the database, the event bus). V8 keeps a
    // module's source text for as long as the process runs, one byte a character when all are
    // Latin-1 and two otherwise: the bundle is written in ASCII (a "₹" or "…" escaped) and without
    // its doc comments, which also held such characters (decision 016).
    ssr: {
      build: {
        rollupOptions: {
          input: "./http/app.ts",
          output: { charset: "ascii", comments: { jsdoc: false, legal: true, annotation: true } },
        },
      },
    },
  },
});

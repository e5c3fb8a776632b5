import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Public form pages load one small script instead of React (docs/decisions/005).
 * It is built with the client bundle as assets/enhance.js; the server adds a
 * content hash to its URL so it can be cached for long.
 */
function formEnhancement(): Plugin {
  return {
    name: "form-enhancement",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      if (this.environment.mode !== "build") return;
      this.emitFile({ type: "chunk", id: path.resolve("app/client/enhance.ts"), fileName: "assets/enhance.js" });
    },
  };
}

/**
 * The server's process runs build/server/start.js, this build's JavaScript of http/start.ts:
 * http/index.ts starts it, so that Node's TypeScript compiler stays out of the server's memory
 * (docs/decisions/016). Its only import besides Node's own is the module-loading hook; it loads
 * the server bundle (index.js) by its path.
 */
function serverStart(): Plugin {
  return {
    name: "server-start",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      if (this.environment.mode !== "build") return;
      this.emitFile({ type: "chunk", id: path.resolve("http/start.ts"), fileName: "start.js" });
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), formEnhancement(), serverStart()],
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

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build bundles the HTTP server with the app, so both share one
    // instance of every module (router contexts, the database, the event bus).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});

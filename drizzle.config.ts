import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes a new migration after a schema change; the app applies
// migrations itself when it opens the database (PGlite or PostgreSQL), so no `migrate` step.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});

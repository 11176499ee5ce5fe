import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are applied by lib/db/migrate.ts
// when the app or a test opens the database, so no connection is configured here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./drizzle",
});

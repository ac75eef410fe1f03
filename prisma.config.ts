import path from "node:path";
import { defineConfig } from "prisma/config";

// The CLI wants a native schema engine at start-up even for `generate`, which never runs it.
// Machines without Prisma's binary host get a harmless stand-in; migrations use our own runner
// (scripts/db-migrate.ts) on the WebAssembly-free path of applying committed SQL.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(process.cwd(), "scripts", "prisma-engine-stub.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});

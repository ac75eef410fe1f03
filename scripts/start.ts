/**
 * npm start: one command from a fresh clone to a served production build.
 * Starts the embedded PostgreSQL (unless DATABASE_URL is set), applies migrations, seeds on first
 * start (demo data unless TRIPJUDGE_DEMO=0), builds when the sources changed, serves on PORT.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { closeDb, createDb } from "../lib/db/client";
import { seed } from "../lib/db/seed";
import { randomToken } from "../lib/auth/password";

const root = process.cwd();
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function sourceStamp(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        h.update(`${p}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of ["app", "components", "lib", "public"]) walk(path.join(root, d));
  for (const f of ["next.config.js", "package.json", "tsconfig.json"]) if (existsSync(f)) h.update(readFileSync(f));
  return h.digest("hex");
}

/** A stable NEXTAUTH_SECRET for this installation when none is configured. */
function authSecret(): string {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(root, ".data", "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomToken(32), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

async function main() {
  if (await import("../lib/db/embedded").then((m) => m.portInUse(port))) {
    throw new Error(`Port ${port} is already in use. Stop the program using it or set PORT.`);
  }
  const database = await openDatabase({
    database: process.env.EMBEDDED_PG_DATABASE,
    fresh: process.argv.includes("--fresh-db"),
    log: process.env.TRIPJUDGE_PG_LOG ? console.log : undefined,
  });
  console.log(database.embedded ? `Embedded PostgreSQL running (${database.url.replace(/:[^:@]*@/, ":***@")})` : "Using DATABASE_URL");
  let child: ReturnType<typeof spawn> | null = null;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child!.once("exit", r));
    }
    await database.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    const m = await migrate(database.url);
    if (m.applied.length) console.log(`Applied migrations: ${m.applied.join(", ")}`);
    const client = createDb(database.url);
    const demo = process.env.TRIPJUDGE_DEMO !== "0";
    const created = await seed(client, {
      demo,
      adminEmail: process.env.ADMIN_EMAIL,
      adminPassword: process.env.ADMIN_PASSWORD,
      demoPassword: process.env.DEMO_PASSWORD,
    });
    await closeDb(client);
    if (created.length) {
      console.log("\nAccounts created on this first start (shown once):");
      for (const c of created) console.log(`  ${c.role.padEnd(6)} ${c.email.padEnd(28)} password: ${c.password}`);
      console.log("");
    }
    const env = { ...process.env, DATABASE_URL: database.url, NEXTAUTH_SECRET: authSecret(), NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`, PORT: String(port) };
    if (!dev) {
      const stampFile = path.join(root, ".next", "tripjudge-source-stamp");
      const stamp = sourceStamp();
      if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) {
        console.log("Building the production bundle (first start or changed sources)…");
        const b = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } });
        if (b.status !== 0) throw new Error("next build failed");
        writeFileSync(stampFile, stamp);
      }
    }
    // TRIPJUDGE_NODE_ARGS: extra flags for the server's Node (e.g. --cpu-prof when profiling).
    const nodeArgs = (process.env.TRIPJUDGE_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const serve = dev ? [nextBin, "dev", "-p", String(port)] : ["--import", "tsx", path.join(root, "scripts", "serve.ts")];
    child = spawn(process.execPath, [...nodeArgs, ...serve], { stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1", ...(dev ? {} : { NODE_ENV: "production" }) } });
    console.log(`TripJudge on http://localhost:${port}`);
    child.on("exit", (code) => void shutdown(code ?? 0));
  } catch (e) {
    console.error(`\nTripJudge could not start: ${e instanceof Error ? e.message : e}`);
    await shutdown(1);
  }
}

main().catch((e) => {
  console.error(`\nTripJudge could not start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});

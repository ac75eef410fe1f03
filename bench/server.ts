/** Shared by the HTTP benchmarks: a fresh embedded database, a production server on it, signed-in sessions. */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { browserLaunchOptions } from "../lib/testing/chromium";
import { hashPassword } from "../lib/accounts";
import { closeDb, createDb, type Db, startEmbeddedPostgres, type RunningDatabase, migrate } from "../lib/platform/db";
import { importBundle } from "../lib/datasets/store";
import { textFiles } from "../lib/datasets/importers";
import { loadGeneratorPids } from "./cpu-threads";

export async function freshDatabase(name: string, port: number, postgresFlags?: string[]): Promise<RunningDatabase> {
  const pg = await startEmbeddedPostgres({
    dataDir: `.data/bench/${name}-pg`,
    port,
    database: name,
    fresh: true,
    postgresFlags,
  });
  await migrate(pg.url);
  return pg;
}

/** The database a previous run of the same benchmark left (`.data/bench/NAME-pg`), started again as it was. */
export async function keptDatabase(name: string, port: number): Promise<RunningDatabase> {
  const pg = await startEmbeddedPostgres({ dataDir: `.data/bench/${name}-pg`, port, database: name, fresh: false });
  await migrate(pg.url);
  return pg;
}

/** Starts the app exactly like `npm start` (building if needed) against the given database. */
export async function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      TRIPJUDGE_DEMO: "0",
      NEXTAUTH_SECRET: "bench-secret",
      NEXTAUTH_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // If the benchmark dies, the server must not outlive it.
  const orphan = () => child.kill("SIGTERM");
  process.once("exit", orphan);
  // Its output is not shown, but read: a full pipe would block the server's writes (synchronous on Linux).
  child.stdout?.resume();
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping)
      console.error(`The server (npm start) exited during the benchmark: ${signal ?? `exit code ${code}`}.`);
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        process.off("exit", orphan);
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Signs in through next-auth's credentials flow; returns the Cookie header of the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  keep(csrfRes);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes("session-token")))
    throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return cookie();
}

/** CPU seconds used so far by every process, grouped: PostgreSQL, this process and the clients it starts (the load generator), other Node processes (the server). */
export function cpuByRole(): { postgres: number; loadGenerator: number; server: number } {
  const tick = 100; // USER_HZ on Linux
  const out = { postgres: 0, loadGenerator: 0, server: 0 };
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(f[11]) + Number(f[12])) / tick; // utime + stime
    if (loadGeneratorPids.has(Number(pid))) out.loadGenerator += seconds;
    else if (comm === "postgres") out.postgres += seconds;
    else if (comm.startsWith("node") || comm.startsWith("next")) out.server += seconds;
  }
  return out;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The browser benchmarks' set-up: a fresh database with `files` imported, an expert for `destination`
 * signed in to the production server in Chromium (1280×800); `run` gets the page; everything stops after.
 */
export async function withSignedInExpert(
  name: string,
  ports: { pg: number; http: number },
  files: Record<string, string>,
  destination: string,
  run: (page: Page, ctx: { db: Db; url: string }) => Promise<void>,
): Promise<void> {
  const pg = await freshDatabase(name, ports.pg);
  const db = createDb(pg.url);
  const r = await importBundle(db, textFiles(files));
  if (!r.ok) throw new Error(r.message);
  const dest = await db.destination.findFirstOrThrow({ where: { name: destination } });
  const email = `${name}@bench.test`;
  const u = await db.user.create({
    data: { email, name, role: "EXPERT", passwordHash: await hashPassword("bench-password-1") },
  });
  await db.expertDestination.create({ data: { userId: u.id, destinationId: dest.id, familiarity: 5 } });
  const server = await startServer(pg.url, ports.http);
  const browser = await chromium.launch(browserLaunchOptions());
  try {
    // A context of its own (not browser.newPage's implicit one): axe's Playwright binding needs one.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("bench-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/expert/);
    await run(page, { db, url: server.url });
  } finally {
    await browser.close();
    await server.stop();
    await closeDb(db);
    await pg.stop();
  }
}

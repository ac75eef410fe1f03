/** Faults: `npm start`'s web server killed with SIGKILL comes back; a stop still stops PostgreSQL. */
import { execFileSync, spawn } from "node:child_process";
import net from "node:net";
import { expect, test } from "@playwright/test";

const PORT = 3190;
const PG_PORT = 54379;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://localhost:${PORT}/api/health`)).ok;
  } catch {
    return false;
  }
}
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
async function until(what: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
/** The web server process under start.ts (the one running scripts/serve.ts). */
function serverPid(startPid: number): number | null {
  const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(startPid)], { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.includes("scripts/serve.ts"));
  return line ? Number(line.trim().split(/\s+/)[0]) : null;
}

test("kill -9 of the web server: start.ts starts it again; SIGTERM then stops everything", async () => {
  test.setTimeout(240_000);
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--fresh-db"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      EMBEDDED_PG_DIR: ".data/fault-postgres",
      EMBEDDED_PG_PORT: String(PG_PORT),
      DATABASE_URL: "",
      TRIPJUDGE_DEMO: "0",
      ADMIN_PASSWORD: "fault-admin-password-1",
      NEXTAUTH_SECRET: "fault-secret",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  start.stdout.on("data", (d) => (log += d));
  start.stderr.on("data", (d) => (log += d));
  try {
    expect(await until(healthy, 180_000), log.slice(-2000)).toBe(true);
    const pid = serverPid(start.pid!);
    expect(pid, log.slice(-2000)).not.toBeNull();
    process.kill(pid!, "SIGKILL");
    expect(await until(async () => !(await healthy()), 10_000)).toBe(true);
    // Back within the back-off, as a new process.
    expect(await until(healthy, 60_000), log.slice(-2000)).toBe(true);
    expect(serverPid(start.pid!)).not.toBe(pid);
    expect(log).toContain("The web server stopped (SIGKILL); starting it again");
    // Now PostgreSQL: while it is down the health answer says why (503, an error text); it comes back by itself.
    const postgres = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(start.pid!)], { encoding: "utf8" })
      .split("\n")
      .find((l) => /bin\/postgres -D/.test(l));
    expect(postgres, log.slice(-2000)).toBeTruthy();
    process.kill(Number(postgres!.trim().split(/\s+/)[0]), "SIGKILL");
    let down: { status: number; body: { database?: { error?: string } } } | null = null;
    await until(async () => {
      const r = await fetch(`http://localhost:${PORT}/api/health`).catch(() => null);
      if (r && r.status === 503) down = { status: r.status, body: await r.json() };
      return down !== null;
    }, 10_000);
    expect(down, "the health answer while PostgreSQL is down").not.toBeNull();
    expect(down!.body.database?.error?.length ?? 0).toBeGreaterThan(0);
    expect(await until(healthy, 60_000), log.slice(-2000)).toBe(true);
    expect(log).toContain("PostgreSQL stopped (SIGKILL); starting it again");
  } finally {
    const exited = new Promise<number | null>((r) => start.once("exit", (code) => r(code)));
    start.kill("SIGTERM");
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("hung"), 30_000))])).toBe(0);
  }
  expect(await portOpen(PG_PORT)).toBe(false);
  expect(await healthy()).toBe(false);
});

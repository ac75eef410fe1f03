/**
 * npm test: type-check, lint, unit tests, integration tests on a real PostgreSQL (embedded
 * unless DATABASE_URL is set), and Playwright browser tests against the production build.
 * Finds a browser itself. Ends with one "tests: N passed, N failed" line.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { systemChromium } from "../e2e/browser";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { TEST_PG_PORT } from "../lib/db/testing";

interface Step {
  name: string;
  cmd: string;
  env?: Record<string, string>;
}

function run(step: Step): Promise<{ code: number; out: string }> {
  console.log(`\n━━ ${step.name} ━━ ${step.cmd}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, { shell: true, env: { ...process.env, ...step.env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const tee = (s: NodeJS.WriteStream) => (d: Buffer) => {
      out += d.toString();
      s.write(d);
    };
    child.stdout.on("data", tee(process.stdout));
    child.stderr.on("data", tee(process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

function counts(out: string): { passed: number; failed: number } {
  const num = (re: RegExp) => [...out.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  return {
    passed: num(/^ℹ pass (\d+)$/gm) + num(/^\s+(\d+) passed/gm),
    failed: num(/^ℹ fail (\d+)$/gm) + num(/^\s+(\d+) failed/gm),
  };
}

/** A system Chromium, else Playwright's own, else (root on Debian) the chromium package. */
async function ensureBrowser(): Promise<void> {
  if (systemChromium()) return;
  const { chromium } = await import("@playwright/test");
  if (existsSync(chromium.executablePath())) return;
  if (spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" }).status === 0) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Installing Debian's chromium for the browser tests…");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (systemChromium()) return;
  }
  throw new Error("No browser for Playwright: install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.");
}

async function main() {
  const only = process.argv.slice(2);
  const want = (s: string) => only.length === 0 || only.includes(s);
  const results: { name: string; code: number }[] = [];
  let passed = 0;
  let failed = 0;
  const record = async (key: string, step: Step) => {
    if (!want(key)) return;
    const r = await run(step);
    const c = counts(r.out);
    passed += c.passed;
    failed += c.failed + (r.code !== 0 && c.failed === 0 ? 1 : 0);
    results.push({ name: step.name, code: r.code });
  };

  await record("typecheck", { name: "Type-check", cmd: "npx tsc --noEmit" });
  await record("lint", { name: "Lint", cmd: "npx eslint ." });
  await record("unit", { name: "Unit tests", cmd: "npm run --silent test:unit" });
  if (want("integration")) {
    // One embedded server for all integration files (each creates its own database on it).
    const pg = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: ".data/test-postgres", port: TEST_PG_PORT, database: "postgres" });
    try {
      await record("integration", { name: `Integration tests (${pg ? "embedded PostgreSQL" : "DATABASE_URL"})`, cmd: "npm run --silent test:integration", env: pg ? { TRIPJUDGE_TEST_PG_URL: pg.adminUrl! } : {} });
    } finally {
      await pg?.stop();
    }
  }
  if (want("e2e")) {
    await ensureBrowser();
    await record("e2e", { name: "Browser tests (Playwright, production build)", cmd: "npx playwright test", env: { DATABASE_URL: "" } });
  }

  console.log("\n━━ Summary ━━");
  for (const r of results) console.log(`${r.code === 0 ? "ok  " : "FAIL"}  ${r.name}`);
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

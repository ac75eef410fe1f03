/**
 * npm test: type-check, lint, unit tests, integration tests on a real PostgreSQL (embedded
 * unless DATABASE_URL is set), and Playwright browser tests against the production build.
 * Finds a browser itself. Ends with one "tests: N passed, N failed" line, counted from each runner's
 * machine-readable report (written to .data/test-results/).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { systemChromium } from "../lib/testing/chromium";
import { startEmbeddedPostgres } from "../lib/platform/db";
import { TEST_PG_PORT } from "../lib/testing/database";

interface Step {
  name: string;
  cmd: string;
  env?: Record<string, string>;
  /** Where the step's runner writes its machine-readable results. */
  report?: string;
}

function run(step: Step): Promise<number> {
  console.log(`\n━━ ${step.name} ━━ ${step.cmd}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, { shell: true, env: { ...process.env, ...step.env }, stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const RESULTS = ".data/test-results";

/**
 * A step's counts from its runner's machine-readable report (node's test runner: scripts/test-counts.mjs;
 * Playwright: its JSON reporter); null for steps that count nothing (type-check, lint) or wrote no report.
 */
function counts(report: string | undefined): { passed: number; failed: number } | null {
  if (!report || !existsSync(report)) return null;
  const r = JSON.parse(readFileSync(report, "utf8"));
  // Playwright: "expected" passed, "unexpected" failed, "flaky" passed on a retry (none: retries are 0).
  if (r.stats) return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
  return { passed: r.passed, failed: r.failed };
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
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-cjk"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (systemChromium()) return;
  }
  throw new Error(
    "No browser for Playwright: install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
  );
}

async function main() {
  const only = process.argv.slice(2);
  const want = (s: string) => only.length === 0 || only.includes(s);
  const results: { name: string; code: number }[] = [];
  let passed = 0;
  let failed = 0;
  const record = async (key: string, step: Step) => {
    if (!want(key)) return;
    if (step.report) rmSync(step.report, { force: true });
    const code = await run(step);
    const c = counts(step.report);
    passed += c?.passed ?? 0;
    // A step that failed without a failing test (a crash, a type error) counts as one failure.
    failed += (c?.failed ?? 0) + (code !== 0 && !c?.failed ? 1 : 0);
    results.push({ name: step.name, code });
  };

  await record("typecheck", { name: "Type-check", cmd: "npx tsc --noEmit" });
  await record("lint", { name: "Lint", cmd: "npm run lint" });
  mkdirSync(RESULTS, { recursive: true });
  await record("unit", { name: "Unit tests", cmd: "npm run --silent test:unit", report: `${RESULTS}/unit.json` });
  if (want("integration")) {
    // One embedded server for all integration files (each creates its own database on it).
    const pg = process.env.DATABASE_URL
      ? null
      : await startEmbeddedPostgres({ dataDir: ".data/test-postgres", port: TEST_PG_PORT, database: "postgres" });
    try {
      await record("integration", {
        name: `Integration tests (${pg ? "embedded PostgreSQL" : "DATABASE_URL"})`,
        cmd: "npm run --silent test:integration",
        env: pg ? { TRIPJUDGE_TEST_PG_URL: pg.adminUrl! } : {},
        report: `${RESULTS}/integration.json`,
      });
    } finally {
      await pg?.stop();
    }
  }
  if (want("e2e")) {
    await ensureBrowser();
    await record("e2e", {
      name: "Browser tests (Playwright, production build)",
      cmd: "npx playwright test --reporter=list,json",
      env: { DATABASE_URL: "", PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/e2e.json` },
      report: `${RESULTS}/e2e.json`,
    });
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

import { defineConfig } from "@playwright/test";
import { browserLaunchOptions } from "./e2e/browser";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: browserLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    trace: "off",
  },
  webServer: {
    // The same start path as `npm start`, on its own embedded database, recreated for each run.
    command: "npx tsx scripts/start.ts --fresh-db",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      EMBEDDED_PG_DIR: ".data/e2e-postgres",
      EMBEDDED_PG_PORT: "54349",
      EMBEDDED_PG_DATABASE: "tripjudge_e2e",
      DEMO_PASSWORD: "demo-password-e2e",
      ADMIN_PASSWORD: "admin-password-e2e",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production",
      DATABASE_URL: "",
    },
  },
});

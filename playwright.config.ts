import { defineConfig } from "@playwright/test";
import { browserLaunchOptions } from "./lib/testing/chromium";
import { E2E_SERVER_ENV } from "./e2e/server-env";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  // The OpenID provider the server is configured with (e2e/oidc-provider.ts).
  globalSetup: "./e2e/global-setup.ts",
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
    // The specs read English texts: the browser asks for English (Accept-Language), as most do (docs/languages.md).
    locale: "en-US",
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
    env: { PORT: String(PORT), ...E2E_SERVER_ENV },
  },
});

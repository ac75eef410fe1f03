/** The environment of the browser tests' server (playwright.config.ts), shared with specs that start a second one. */
export const E2E_SERVER_ENV = {
  EMBEDDED_PG_DIR: ".data/e2e-postgres",
  EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54349",
  EMBEDDED_PG_DATABASE: "tripjudge_e2e",
  DEMO_PASSWORD: "demo-password-e2e",
  ADMIN_PASSWORD: "admin-password-e2e",
  NEXTAUTH_SECRET: "e2e-secret-not-for-production",
  DATABASE_URL: "",
  // Specs write judgments straight into the database and read the figures at once; the sharing of
  // one computation between reloads is covered by lib/kernel/cache.test.ts.
  ADMIN_FIGURES_MAX_AGE_SECONDS: "0",
};

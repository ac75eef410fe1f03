/** The port of the browser tests' OpenID provider (e2e/oidc-provider.ts, started by e2e/global-setup.ts). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3571);

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
  // Single sign-on against the tests' own provider (e2e/oidc.spec.ts); its domain's unknown users become experts.
  TRIPJUDGE_OIDC_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  TRIPJUDGE_OIDC_CLIENT_ID: "tripjudge-e2e",
  TRIPJUDGE_OIDC_CLIENT_SECRET: "e2e-client-secret-not-for-production",
  TRIPJUDGE_OIDC_ALLOWED_DOMAINS: "sso-lab.example.org",
  TRIPJUDGE_OIDC_NAME: "Lab ID",
};

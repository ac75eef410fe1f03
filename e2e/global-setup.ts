/** Before the browser tests: the OpenID provider the app under test is configured with (e2e/server-env.ts). */
import { startOidcProvider } from "./oidc-provider";
import { E2E_OIDC_PORT } from "./server-env";

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const running = await startOidcProvider(E2E_OIDC_PORT, `http://localhost:${port}/api/auth/callback/oidc`);
  return () => running.close();
}

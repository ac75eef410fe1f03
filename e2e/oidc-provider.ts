/**
 * A real OpenID provider for the browser tests (oidc-provider, the certified Node implementation), started by
 * e2e/global-setup.ts before any test signs in. Its development login page accepts any login: the login is the
 * account's email, and its claims are what the tests need — an email containing "unverified" is not verified.
 * POST /__e2e/impostor/on makes the same address answer as another provider (another issuer and keys): the
 * "wrong issuer" walk of e2e/oidc.spec.ts; /off restores the real one.
 */
import http from "node:http";
import Provider from "oidc-provider";
import { E2E_SERVER_ENV } from "./server-env";

function provider(issuer: string, redirectUri: string): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: E2E_SERVER_ENV.TRIPJUDGE_OIDC_CLIENT_ID,
        client_secret: E2E_SERVER_ENV.TRIPJUDGE_OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    cookies: { keys: ["e2e-cookie-key-not-for-production"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // next-auth reads who signs in from the ID token alone (idToken: true), as most providers send it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const email = sub.toLowerCase();
          return {
            sub,
            email,
            email_verified: !email.includes("unverified"),
            name: email.split("@")[0].replace(/[._-]+/g, " "),
          };
        },
      };
    },
  });
}

export interface RunningProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(port: number, redirectUri: string): Promise<RunningProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const real = provider(issuer, redirectUri);
  const impostor = provider("http://impostor.invalid", redirectUri);
  let impostorOn = false;
  const realApp = real.callback();
  const impostorApp = impostor.callback();
  const server = http.createServer((req, res) => {
    const m = req.method === "POST" && /^\/__e2e\/impostor\/(on|off)$/.exec(req.url ?? "");
    if (m) {
      impostorOn = m[1] === "on";
      res.writeHead(204).end();
      return;
    }
    (impostorOn ? impostorApp : realApp)(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

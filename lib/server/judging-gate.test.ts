import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { encode } from "next-auth/jwt";
import { reloadConfig } from "../config";
import { claimsOfToken } from "./session";
import { pauseForJudging } from "./judging-gate";

delete process.env.NEXTAUTH_URL;
process.env.NEXTAUTH_SECRET = "judging-gate-test-secret";
reloadConfig();
const secret = process.env.NEXTAUTH_SECRET;

/** A gate that counts: calls entered, and how many are in flight now. */
const gate = { entered: 0, inFlight: 0, enter: () => (gate.entered++, gate.inFlight++), leave: () => gate.inFlight-- };
// A real node:http server that pauses as scripts/serve.ts does and answers 100 ms later, like a call in flight.
const server = createServer((req, res) => {
  pauseForJudging(gate, req, res);
  setTimeout(() => res.end("{}"), 100);
});
let base = "";
const tokens: Record<string, string> = {};
before(async () => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const role of ["EXPERT", "ADMIN"]) {
    tokens[role] = await encode({ token: { uid: `u-${role}`, role, sv: 1 }, secret });
    await claimsOfToken(tokens[role]); // decoded once, as an expert's first call does
  }
});
after(() => server.close());

/** How many times `path` paused the admin processes, and whether the pause ended with the answer. */
async function pauses(path: string, method: string, cookie?: string): Promise<number> {
  const before = gate.entered;
  const r = await fetch(`${base}${path}`, {
    method,
    headers: cookie ? { cookie: `next-auth.session-token=${cookie}` } : {},
  });
  await r.text();
  await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(gate.inFlight, 0, `${method} ${path}: every pause ended with its answer`);
  return gate.entered - before;
}

test("only an expert's judging call pauses the admin processes: not the health check, pages, anonymous or admin calls (issue 48 item 6)", async () => {
  assert.equal(await pauses("/api/health", "GET"), 0, "the health check");
  assert.equal(await pauses("/", "GET"), 0, "a page");
  assert.equal(await pauses("/api/auth/session", "GET"), 0, "sign-in's calls");
  assert.equal(await pauses("/api/health", "GET", tokens.EXPERT), 0, "an expert's call that is not judging");
  assert.equal(await pauses("/api/judge/next", "POST"), 0, "a judging route without a session");
  assert.equal(
    await pauses("/api/judge/next", "POST", "forged.token.value"),
    0,
    "a judging route with a forged session",
  );
  assert.equal(await pauses("/api/judge/next", "POST", tokens.ADMIN), 0, "an admin on a judging route");
  assert.equal(await pauses("/api/judge/next", "POST", tokens.EXPERT), 1, "an expert's claim");
  assert.equal(await pauses("/api/judge/a1/submit", "POST", tokens.EXPERT), 1, "an expert's submit");
  assert.equal(await pauses("/api/judge/a1/skip", "POST", tokens.EXPERT), 1, "an expert's skip");
});

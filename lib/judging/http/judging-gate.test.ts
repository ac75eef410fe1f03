import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { encode } from "next-auth/jwt";
import { reloadConfig } from "../../kernel";
import { claimsOfToken } from "../../platform/http";
import { pauseForJudging, throughAdminDoor } from "./judging-gate";

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
/**
 * A door that lets calls in only when the test says (lib/platform/offload/gate.ts's door decides when in the server), and
 * counts the admissions that ended.
 */
const door = {
  waiting: [] as (() => void)[],
  ended: 0,
  admit: () => new Promise<{ done(): void }>((ok) => door.waiting.push(() => ok({ done: () => void door.ended++ }))),
};
const handled: string[] = [];
let closedUnanswered = 0; // answers whose client left first

// As scripts/serve.ts hands requests on: an admin's call through the door, anything else at once.
const doorServer = createServer((req, res) => {
  res.once("close", () => void (res.writableEnded || closedUnanswered++));
  throughAdminDoor(door, req, res, () => {
    handled.push(req.url!);
    setTimeout(() => res.end("{}"), 20);
  });
});
let doorBase = "";
const tokens: Record<string, string> = {};
before(async () => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((ok) => doorServer.listen(0, "127.0.0.1", ok));
  doorBase = `http://127.0.0.1:${(doorServer.address() as AddressInfo).port}`;
  for (const role of ["EXPERT", "ADMIN"]) {
    tokens[role] = await encode({ token: { uid: `u-${role}`, role, sv: 1 }, secret });
    await claimsOfToken(tokens[role]); // decoded once, as an expert's first call does
  }
});
after(() => {
  server.close();
  doorServer.close();
});

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

test("an admin's calls to the admin pages and their API wait at the door until it lets them in, and their admission ends with the answer; nobody else's wait (decision 015)", async () => {
  const get = (path: string, token?: string, signal?: AbortSignal) =>
    fetch(`${doorBase}${path}`, {
      headers: token ? { cookie: `next-auth.session-token=${token}` } : {},
      signal,
    }).then((r) => r.text());
  const until = async (what: () => boolean) => {
    while (!what()) await new Promise((ok) => setTimeout(ok, 5));
  };
  // Not an admin's call: handled at once, the door never asked.
  for (const [path, token] of [
    ["/api/admin/quality", undefined],
    ["/api/admin/quality", tokens.EXPERT],
    ["/api/admin/quality", "forged.token.value"],
    ["/api/judge/next", tokens.ADMIN],
    ["/api/health", tokens.ADMIN],
    ["/administrators", tokens.ADMIN],
  ] as const)
    await get(path, token);
  assert.equal(door.waiting.length, 0);
  assert.equal(handled.length, 6);
  // An admin's API call and page: held at the door until it lets them in, one admission ended per answer.
  const call = get("/api/admin/quality", tokens.ADMIN);
  const page = get("/admin/quality?x=1", tokens.ADMIN);
  await until(() => door.waiting.length === 2);
  await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(handled.length, 6, "not handled while waiting at the door");
  door.waiting.shift()!();
  door.waiting.shift()!();
  await Promise.all([call, page]);
  assert.deepEqual(handled.slice(6), ["/api/admin/quality", "/admin/quality?x=1"]);
  await until(() => door.ended === 2);
  // A client that leaves while waiting is not handled once let in, and its admission ends at once.
  const gone = new AbortController();
  const left = get("/api/admin/judges", tokens.ADMIN, gone.signal).catch(() => "aborted");
  await until(() => door.waiting.length === 1);
  gone.abort();
  assert.equal(await left, "aborted");
  await until(() => closedUnanswered === 1);
  door.waiting.shift()!();
  await until(() => door.ended === 3);
  assert.equal(handled.length, 8);
});

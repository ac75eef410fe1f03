import assert from "node:assert/strict";
import { test } from "node:test";
import { API_BODY_CAP, AUTH_BODY_CAP, JUDGE_BODY_CAP, bodyCap, clientAddressOf, crossSiteRefusal } from "./guards";

test("body caps: none for GET, small for sign-in, the bundle limit for uploads, 2 MiB for the rest", () => {
  assert.equal(bodyCap("GET", "/api/admin/datasets", 100), 0);
  assert.equal(bodyCap("POST", "/api/auth/callback/credentials", 100), AUTH_BODY_CAP);
  assert.equal(bodyCap("POST", "/api/admin/datasets", 100), 100 + 1024 * 1024);
  assert.equal(bodyCap("PUT", "/api/admin/settings", 100), API_BODY_CAP);
  // A judges' file of 2 MiB travels inside a JSON string, its quotes escaped: room for that.
  assert.equal(bodyCap("POST", "/api/admin/judges", 100), JUDGE_BODY_CAP);
  assert.ok(JUDGE_BODY_CAP > 2 * 2 * 1024 * 1024);
});

test("X-Forwarded-For counts only with TRUST_PROXY, and then from the right", () => {
  assert.equal(clientAddressOf("127.0.0.1", "6.6.6.6", 0), "127.0.0.1"); // forged, no proxy: ignored
  assert.equal(clientAddressOf("::ffff:10.0.0.5", undefined, 0), "10.0.0.5");
  assert.equal(clientAddressOf("10.0.0.1", "6.6.6.6, 203.0.113.9", 1), "203.0.113.9"); // the proxy appended the real one
  assert.equal(clientAddressOf("10.0.0.1", "203.0.113.9", 2), "203.0.113.9");
  assert.equal(clientAddressOf("10.0.0.1", "garbage", 1), null);
  assert.equal(clientAddressOf("10.0.0.1", undefined, 3), "10.0.0.1");
});

test("cross-site state changes are refused, same-origin ones and non-browser clients pass", () => {
  const h = (m: Record<string, string>) => (n: string) => m[n];
  assert.equal(crossSiteRefusal("GET", h({ "sec-fetch-site": "cross-site" })), null);
  assert.equal(
    crossSiteRefusal(
      "POST",
      h({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000", host: "localhost:3000" }),
    ),
    null,
  );
  assert.match(
    crossSiteRefusal("POST", h({ "sec-fetch-site": "same-site", host: "localhost:3000" }))!,
    /same-site request/,
  );
  assert.match(
    crossSiteRefusal("PUT", h({ origin: "http://localhost:4000", host: "localhost:3000" }))!,
    /from http:\/\/localhost:4000/,
  );
  assert.match(crossSiteRefusal("POST", h({ origin: "null", host: "localhost:3000" }))!, /opaque origin/);
  assert.equal(
    crossSiteRefusal(
      "POST",
      h({ origin: "https://judge.example.org", host: "10.0.0.2:3000" }),
      "https://judge.example.org",
    ),
    null,
  );
  assert.equal(crossSiteRefusal("DELETE", h({ host: "localhost:3000" })), null); // curl, scripts: no browser, no CSRF
});

test("an unreachable database is a 503 with a retry hint, never a 500", async () => {
  const { answerFor } = await import("./answers");
  const a = answerFor(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
  assert.deepEqual([a.status, a.retryAfter], [503, 5]);
  assert.match(JSON.parse(a.body).error, /cannot be reached right now/);
  const prisma = answerFor(
    Object.assign(
      new Error("\nInvalid `prisma.user.findUnique()` invocation:\n\nCan't reach database server at `localhost:5432`"),
      { code: "P1001" },
    ),
  );
  assert.equal(prisma.status, 503);
});

test("behind a proxy that rewrites Host, a same-origin request (Sec-Fetch-Site) still passes", () => {
  const h = (m: Record<string, string>) => (n: string) => m[n];
  assert.equal(
    crossSiteRefusal(
      "POST",
      h({ "sec-fetch-site": "same-origin", origin: "https://judge.example.org", host: "127.0.0.1:3000" }),
    ),
    null,
  );
  assert.match(
    crossSiteRefusal(
      "POST",
      h({ "sec-fetch-site": "cross-site", origin: "https://judge.example.org", host: "judge.example.org" }),
    )!,
    /cross-site/,
  );
});

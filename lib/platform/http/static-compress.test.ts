import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chooseEncoding, compressedStatic } from "./static-compress";

test("brotli before gzip; identity, q=0 and nothing at all get neither", () => {
  assert.equal(chooseEncoding("gzip, deflate, br, zstd"), "br");
  assert.equal(chooseEncoding("gzip"), "gzip");
  assert.equal(chooseEncoding("br;q=0, gzip;q=0.5"), "gzip");
  assert.equal(chooseEncoding("*"), "br");
  assert.equal(chooseEncoding("identity"), null);
  assert.equal(chooseEncoding(undefined), null);
});

/** The handler in front of a stand-in for Next.js that answers 299 "next". */
async function withServer(run: (get: (url: string, accept?: string) => Promise<Answer>) => Promise<void>) {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "static-")), "static");
  mkdirSync(path.join(dir, "chunks"), { recursive: true });
  writeFileSync(path.join(dir, "chunks", "app.js"), "console.log('tripjudge');\n".repeat(2000));
  writeFileSync(path.join(dir, "chunks", "logo.png"), "not text");
  writeFileSync(path.join(dir, "..", "secret.js"), "the secret");
  const handle = compressedStatic(dir, { "X-Content-Type-Options": "nosniff" });
  const server = createServer((req, res) => {
    if (!handle(req, res)) {
      res.writeHead(299);
      res.end("next");
    }
  }).listen(0);
  const port = (server.address() as AddressInfo).port;
  try {
    await run(
      (url, accept) =>
        new Promise((resolve, reject) => {
          const req = request(
            { port, path: url, headers: accept === undefined ? {} : { "accept-encoding": accept } },
            (res) => {
              const parts: Buffer[] = [];
              res.on("data", (c: Buffer) => parts.push(c));
              res.on("end", () =>
                resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
              );
            },
          );
          req.on("error", reject);
          req.end();
        }),
    );
  } finally {
    server.close();
  }
}
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

test("a static script goes out compressed, the same bytes after decoding, cacheable for good", async () => {
  await withServer(async (get) => {
    const original = "console.log('tripjudge');\n".repeat(2000);
    const br = await get("/_next/static/chunks/app.js", "gzip, deflate, br");
    assert.equal(br.status, 200);
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(br.headers["content-type"], "application/javascript; charset=utf-8");
    assert.equal(br.headers["vary"], "Accept-Encoding");
    assert.equal(br.headers["x-content-type-options"], "nosniff");
    assert.match(String(br.headers["cache-control"]), /immutable/);
    assert.ok(br.body.length < original.length / 10, `${br.body.length} bytes`);
    assert.equal(brotliDecompressSync(br.body).toString(), original);
    const gz = await get("/_next/static/chunks/app.js?v=1", "gzip");
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(gz.body).toString(), original);
  });
});

test("Next.js answers the rest: no compression asked, images, missing files, paths out of the folder, other paths", async () => {
  await withServer(async (get) => {
    for (const [url, accept] of [
      ["/_next/static/chunks/app.js", undefined],
      ["/_next/static/chunks/app.js", "identity"],
      ["/_next/static/chunks/logo.png", "br"],
      ["/_next/static/chunks/missing.js", "br"],
      ["/_next/static/../secret.js", "br"],
      ["/_next/static/%2e%2e/secret.js", "br"],
      ["/_next/static/%E0%A4%A.js", "br"],
      ["/api/judge/next", "br"],
    ] as const)
      assert.equal((await get(url, accept)).status, 299, `${url} (${accept})`);
  });
});

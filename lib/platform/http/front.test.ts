import assert from "node:assert/strict";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { frontGuard } from "./front";

const options = { headers: { "x-content-type-options": "nosniff" }, importMaxBytes: 1 << 20, trustProxy: 0 };

function post(port: number, path: string, chunks: number, chunk: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, path, method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", (e) =>
      e.message.includes("EPIPE") || e.message.includes("ECONNRESET") ? resolve({ status: -1, body: "" }) : reject(e),
    );
    for (let i = 0; i < chunks; i++) req.write(chunk);
    req.end();
  });
}

test("an endless chunked body is cut off with 413 and nothing throws once the connection is gone", async () => {
  const thrown: unknown[] = [];
  const onThrow = (e: unknown) => thrown.push(e);
  process.on("uncaughtException", onThrow);
  const server = createServer((req, res) => {
    if (frontGuard(req, res, options)) return;
    // Behind the guard a handler reads the body up to its own, smaller limit and refuses the rest, closing
    // the connection (as the judging fast path does).
    let n = 0;
    req.on("data", (d: Buffer) => {
      n += d.length;
      if (n > 64 * 1024 && !res.headersSent)
        res.writeHead(413, { connection: "close" }).end(JSON.stringify({ code: "too_large" }));
    });
    req.on("end", () => !res.headersSent && res.end("{}"));
  }).listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    const r = await post(port, "/api/judge/x/submit", 40, "y".repeat(10_000));
    assert.ok(r.status === 413 || r.status === -1, `status ${r.status}`);
    if (r.status === 413) assert.equal(JSON.parse(r.body).code, "too_large");
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(thrown, []);
    // A malformed escape is refused with its own code.
    const bad = await new Promise<{ status: number; body: string }>((resolve) =>
      request({ port, path: "/api/judge/%E0%A4%A/submit", method: "GET" }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      }).end(),
    );
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.body).code, "malformed_address");
  } finally {
    process.off("uncaughtException", onThrow);
    server.close();
  }
});

test("an answer given before the body is read closes the connection instead of reading the rest of the body", async () => {
  let received = 0;
  const server = createServer((req, res) => {
    if (frontGuard(req, res, { ...options, importMaxBytes: 1 << 30 })) return;
    req.socket.on("data", (d: Buffer) => (received += d.length));
    // A handler that refuses without looking at the body (as an unauthenticated API route does).
    res.statusCode = 401;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ code: "unauthenticated" }));
  }).listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    const r = await new Promise<{ status: number; connection: string | undefined; sent: number }>((resolve, reject) => {
      let sent = 0;
      let status = 0,
        connection: string | undefined;
      const req = request(
        {
          port,
          path: "/api/admin/datasets",
          method: "POST",
          headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        },
        (res) => {
          status = res.statusCode ?? 0;
          connection = res.headers.connection;
          res.resume();
        },
      );
      const chunk = Buffer.alloc(64 * 1024, 120);
      // Up to 400 MB, as fast as the server takes it: the answer must end this long before.
      const pump = () => {
        while (sent < 400 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("error", () => resolve({ status, connection, sent }));
      req.on("close", () => resolve({ status, connection, sent }));
      pump();
      setTimeout(() => reject(new Error("the connection stayed open")), 20_000).unref();
    });
    assert.equal(r.status, 401);
    assert.equal(r.connection, "close");
    assert.ok(received < 32 * 1024 * 1024, `the server read ${received} bytes of a body it answered before reading`);
  } finally {
    server.close();
  }
});

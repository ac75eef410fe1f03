import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";
import { z } from "zod";
import { closeDb, createDb } from "../db/client";
import { AppError } from "../../kernel";
import { answerFor, databaseUnreachable } from "./answers";

/** A server that speaks just enough of PostgreSQL's protocol to refuse every connection with `code`, as a restarting postmaster does. */
async function refusingServer(code: string, message: string): Promise<{ port: number; close(): void }> {
  const field = (t: string, v: string) => Buffer.concat([Buffer.from(t), Buffer.from(v), Buffer.from([0])]);
  const body = Buffer.concat([
    field("S", "FATAL"),
    field("V", "FATAL"),
    field("C", code),
    field("M", message),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  const server = net.createServer((socket) => {
    socket.once("data", (first) => {
      // An SSLRequest first: say no, then wait for the startup message.
      if (first.length === 8 && first.readInt32BE(4) === 80877103) {
        socket.write("N");
        socket.once("data", () => socket.end(Buffer.concat([header, body])));
      } else socket.end(Buffer.concat([header, body]));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

test("PostgreSQL restarting (57P03, wrapped by Prisma's driver adapter) answers 503 with Retry-After, not 500", async () => {
  const srv = await refusingServer("57P03", "the database system is not yet accepting connections");
  const db = createDb(`postgresql://u:p@127.0.0.1:${srv.port}/x?sslmode=disable`);
  try {
    const e = await db.user.count().then(
      () => null,
      (err: unknown) => err,
    );
    assert.ok(e, "the query fails");
    assert.ok(databaseUnreachable(e), `recognised: ${String((e as Error).message).slice(0, 300)}`);
    const a = answerFor(e);
    assert.equal(a.status, 503);
    assert.equal(a.retryAfter, 5);
    assert.equal(JSON.parse(a.body).code, "unavailable");
  } finally {
    await closeDb(db).catch(() => {});
    srv.close();
  }
});

test("the shapes a database outage arrives in are all recognised; a wrong request is not", () => {
  const wrapped = {
    name: "PrismaClientKnownRequestError",
    code: "P2039",
    message: "Database error",
    meta: {
      driverAdapterError: {
        name: "DriverAdapterError",
        cause: {
          originalCode: "57P03",
          originalMessage: "the database system is not yet accepting connections",
          kind: "postgres",
        },
      },
    },
  };
  assert.ok(databaseUnreachable(wrapped));
  assert.ok(
    databaseUnreachable({
      message: "x",
      cause: { code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" },
    }),
  );
  assert.ok(databaseUnreachable({ message: "the database system is in recovery mode" }));
  assert.equal(
    databaseUnreachable({
      code: "P2002",
      message: "Unique constraint failed",
      meta: { driverAdapterError: { cause: { originalCode: "23505" } } },
    }),
    null,
  );
  assert.equal(answerFor(wrapped).status, 503);
});

test("a refusal from another copy of lib/kernel/errors.ts (the admin pool's, loaded beside Next.js's bundle) answers as itself: busy is 503 with Retry-After, not 500 (issue 48 item 8)", async () => {
  // A second instance of the module, as scripts/serve.ts's pool has beside the route handlers' bundled one.
  const other = (await import(
    new URL("../../kernel/errors.ts?another-copy", import.meta.url).href
  )) as typeof import("../../kernel");
  assert.notEqual(other.AppError, AppError);
  const busy = answerFor(new other.AppError("unavailable", "The server is busy.", undefined, 60));
  assert.equal(busy.status, 503);
  assert.equal(busy.retryAfter, 60);
  assert.deepEqual(JSON.parse(busy.body), { error: "The server is busy.", code: "unavailable" });
  const missing = answerFor(new other.AppError("not_found", "Nothing to export.", { kind: "judgments" }));
  assert.equal(missing.status, 404);
  assert.equal(missing.retryAfter, undefined);
  assert.equal(JSON.parse(missing.body).kind, "judgments");
  // Every unavailable refusal says when to try again; a subclass is still told apart from its base.
  assert.equal(answerFor(new AppError("unavailable", "restarting")).retryAfter, 5);
  class Sub extends AppError {}
  assert.equal(new AppError("conflict", "x") instanceof Sub, false);
  assert.equal(new Sub("conflict", "x") instanceof AppError, true);
  assert.equal(answerFor(new Error("boom")).status, 500);
});

test("invalid input names each field by its whole path, a nested body's too, and the first problem in the sentence", () => {
  const body = z.strictObject({
    settings: z.strictObject({
      alpha: z.number().lt(0.5, "alpha must be below 0.5"),
      calibrationPairs: z.number().min(30, "calibrationPairs must be at least 30"),
    }),
    name: z.string(),
  });
  const r = body.safeParse({ settings: { alpha: 0.7, calibrationPairs: 3 }, name: 1 });
  assert.equal(r.success, false);
  const a = answerFor(r.error);
  assert.equal(a.status, 400);
  const parsed = JSON.parse(a.body);
  assert.equal(parsed.code, "invalid_request");
  assert.equal(
    parsed.error,
    "The request is not valid: settings.alpha: alpha must be below 0.5 (and 2 more, in details).",
  );
  assert.deepEqual(parsed.details, {
    formErrors: [],
    fieldErrors: {
      "settings.alpha": ["alpha must be below 0.5"],
      "settings.calibrationPairs": ["calibrationPairs must be at least 30"],
      name: ["Invalid input: expected string, received number"],
    },
  });
  // A flat body's fields are named as zod's flattenError names them.
  const flat = z.object({ choice: z.enum(["left", "right"]), timeOnTaskMs: z.number() }).safeParse({});
  assert.deepEqual(
    Object.keys(JSON.parse(answerFor(flat.error).body).details.fieldErrors),
    Object.keys(z.flattenError(flat.error!).fieldErrors),
  );
});

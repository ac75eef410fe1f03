import assert from "node:assert/strict";
import { test } from "node:test";
import { AppError } from "../../kernel";
import { answerFor } from "../http/answers";
import { failureOf, rebuildError } from "./errors";

/** What crosses the thread is what structured clone keeps: plain data. */
const across = (e: unknown) => rebuildError(structuredClone(failureOf(e)));

test("an AppError crosses a thread with its code and extra, and is answered the same", () => {
  const e = new AppError("conflict", "A newer version exists.", { latest: 4 });
  assert.deepEqual(answerFor(across(e)), answerFor(e));
  assert.equal(answerFor(across(e)).status, 409);
});

test("a database outage wrapped by Prisma's driver adapter still answers 503 after crossing", () => {
  const wrapped = Object.assign(new Error("Invalid invocation"), {
    code: "P2039",
    meta: {
      driverAdapterError: {
        cause: { originalCode: "57P03", originalMessage: "the database system is not yet accepting connections" },
      },
    },
  });
  const a = answerFor(across(wrapped));
  assert.equal(a.status, 503);
  assert.equal(a.retryAfter, 5);
});

test("a deadlock answers 503 (try again) after crossing, anything else 500", () => {
  const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
  assert.equal(answerFor(across(deadlock)).status, 503);
  const original = console.error;
  console.error = () => {};
  try {
    assert.equal(answerFor(across(new TypeError("x is undefined"))).status, 500);
    assert.equal(answerFor(across("a thrown string")).status, 500);
  } finally {
    console.error = original;
  }
});

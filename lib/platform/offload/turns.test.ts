import assert from "node:assert/strict";
import { test } from "node:test";
import { turns } from "./turns";

const tick = () => new Promise((r) => setTimeout(r, 5));

test("units of work run one at a time, in the order they came, a failed one not stopping the next", async () => {
  const inTurn = turns();
  const log: string[] = [];
  let running = 0;
  const unit = (name: string, fail = false) =>
    inTurn(async () => {
      running++;
      assert.equal(running, 1, `${name} began while another ran`);
      log.push(`${name}:start`);
      await tick();
      await tick();
      log.push(`${name}:end`);
      running--;
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([unit("a"), unit("b", true), unit("c")]);
  assert.deepEqual(log, ["a:start", "a:end", "b:start", "b:end", "c:start", "c:end"]);
  assert.deepEqual(
    results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message)),
    ["a", "b", "c"],
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { binomLowerTail, lowerTailBoundary } from "./binomial";

test("lowerTailBoundary gives, for every n, the largest count the exact lower tail rejects at the level", () => {
  for (const [p, level] of [
    [0.2, 0.1],
    [0.1, 0.05],
    [0.02, 0.1],
    [0.5, 0.01],
    [0.9, 0.2],
  ]) {
    const b = lowerTailBoundary(400, p, level);
    for (let n = 0; n <= 400; n++) {
      let k = -1;
      while (k + 1 <= n && binomLowerTail(k + 1, n, p) <= level) k++;
      assert.equal(b[n], k, `p ${p}, level ${level}, n ${n}`);
    }
  }
  // Thirty successes in thirty trials reject a 10 % failure rate at 0.05 (0.9^30 ≈ 0.042), not at 0.04.
  assert.equal(lowerTailBoundary(30, 0.1, 0.05)[30], 0);
  assert.equal(lowerTailBoundary(30, 0.1, 0.04)[30], -1);
});

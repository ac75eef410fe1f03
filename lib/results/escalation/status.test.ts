/**
 * The Judges page's wording of a cascade (status.ts): why a judge has no threshold, and coverage with audit pairs;
 * and the command line's (text.ts) for a later judge that no calibration item reached.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { coverage, thresholdText } from "./status";
import { formatEscalation } from "./text";

test("a later judge no calibration pair reached says so; one that failed its test or had too few pairs says why", () => {
  assert.equal(
    thresholdText({ threshold: null, calibrationItems: 0 }, 1),
    "no pair reached this judge (the earlier judges decided every calibration pair)",
  );
  assert.equal(
    thresholdText({ threshold: null, calibrationItems: 12 }, 1),
    "abstains on all (only 12 calibration pairs reached it; a threshold is tested on 30 or more)",
  );
  assert.equal(
    thresholdText({ threshold: null, calibrationItems: 200 }, 0),
    "abstains on all (no threshold kept the promise)",
  );
  // The first judge always has the whole sample: an empty one is too few, not "reached by none".
  assert.match(thresholdText({ threshold: null, calibrationItems: 0 }, 0), /^abstains on all \(only 0/);
  assert.equal(thresholdText({ threshold: 0, calibrationItems: 80 }, 0), "0 (decides all it has a call on)");
  assert.equal(thresholdText({ threshold: 0.91234567, calibrationItems: 80 }, 0), "0.9123");
});

test("coverage counts the audit pairs a judge decided; none decided is 0, and no pair outside the sample no share", () => {
  assert.deepEqual(coverage({ decided: 90, audit: 10 }, 400), { pairs: 100, share: 0.25 });
  assert.deepEqual(coverage(undefined, 400), { pairs: 0, share: 0 });
  assert.deepEqual(coverage({ decided: 0, audit: 0 }, 0), { pairs: 0, share: null });
});

test("tripjudge escalate's text says when no calibration item reached a later judge, apart from a failed test", () => {
  const stage = (judge: string, threshold: number | null, calibrationItems: number) => ({
    judge,
    threshold,
    calibrationItems,
    decided: threshold === null ? 0 : calibrationItems,
    disagreements: 0,
    pValue: null,
    upperBound: threshold === null ? null : 0.05,
  });
  const text = formatEscalation([stage("cheap", 0, 120), stage("strong", null, 0)], [], [], { alpha: 0.1, delta: 0.1 });
  assert.match(
    text,
    /\nstrong: no calibration item reached this judge \(the earlier judges decided every one\), so it decides nothing/,
  );
  assert.doesNotMatch(text, /— no threshold/);
  const failed = formatEscalation([stage("cheap", null, 120), stage("strong", null, 120)], [], [], {
    alpha: 0.1,
    delta: 0.1,
  });
  assert.match(failed, /— no threshold: the highest one tested already failed/);
  assert.doesNotMatch(failed, /no calibration item reached/);
});

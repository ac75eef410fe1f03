import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_WEIGHTS, FEATURE_NAMES, reward, type PlanFeatures, type Weights } from "../features";
import { DEFAULT_DIMENSIONS, DIMENSION_SIGNALS } from "./set";
import { SIGNAL_FEATURES, dimensionDifferences, signalDifference, signalOf, signalsOf } from "./signals";

const plan = (over: Partial<PlanFeatures> = {}): PlanFeatures => ({
  format: 1,
  commonsense: 1,
  schedule_density: 0.8,
  hotel_consistency: 1,
  daytime_utilization: 0.5,
  unique_attractions: 1,
  location_clustering: 0.6,
  iconic_landmarks: 0.75,
  attraction_diversity: 0.5,
  attraction_prioritization: 0.4,
  pacing: 1,
  budget: 0.5,
  physical_effort: null,
  user_request: 0.75,
  ...over,
});

test("every default dimension has a signal, and every feature but the gates belongs to exactly one signal", () => {
  assert.deepEqual(
    DEFAULT_DIMENSIONS.map((d) => d.signal),
    [...DIMENSION_SIGNALS],
  );
  const used = Object.values(SIGNAL_FEATURES).flat();
  assert.equal(new Set(used).size, used.length, "no feature in two signals");
  assert.deepEqual([...used].sort(), FEATURE_NAMES.filter((f) => f !== "format" && f !== "commonsense").sort());
});

test("feasibility is the reward's gate: −3 format failure < commonsense failure (fewer violations better) < pass", () => {
  const w = DEFAULT_WEIGHTS;
  assert.equal(signalOf("feasibility", plan({ format: -3 }), w, { violations: ["the plan has 2 day(s)"] }), -3);
  assert.equal(signalOf("feasibility", plan({ commonsense: -1 }), w), 0, "without the list: the gate alone");
  const one = signalOf("feasibility", plan({ commonsense: -1 }), w, { violations: ["a"] })!;
  const three = signalOf("feasibility", plan({ commonsense: -1 }), w, { violations: ["a", "b", "c"] })!;
  assert.equal(one, -0.5);
  assert.equal(three, -0.75);
  assert.equal(signalOf("feasibility", plan(), w, { violations: [] }), 2);
  // The order of the gates agrees with the reward's: a failing format below a failing commonsense below a pass.
  assert.ok(reward(plan({ format: -3 }), w) < reward(plan({ commonsense: -1 }), w));
  assert.ok(-3 < three && three < one && one < 0);
});

test("request fulfilment: the DSL pass share when known, else the user-request score; a share outside 0–1 is refused", () => {
  const w = DEFAULT_WEIGHTS;
  assert.equal(signalOf("request_fulfilment", plan(), w, { dslPassShare: 0.6 }), 0.6);
  assert.equal(signalOf("request_fulfilment", plan(), w, { dslPassShare: null }), 0.75);
  assert.equal(signalOf("request_fulfilment", plan({ user_request: null }), w), null);
  assert.throws(() => signalOf("request_fulfilment", plan(), w, { dslPassShare: 1.5 }), /1.5, not a share/);
});

test("the other signals: the weighted mean of their known sub-scores with the reward's weights", () => {
  const w = DEFAULT_WEIGHTS;
  // attraction 0.2·0.4, pacing 0.6·1, budget 0.6·0.5; effort unknown, left out as the reward leaves it out.
  assert.ok(Math.abs(signalOf("preference_fit", plan(), w)! - (0.08 + 0.6 + 0.3) / 1.4) < 1e-15);
  assert.ok(Math.abs(signalOf("route_efficiency", plan(), w)! - (0.7 * 0.6 + 0.5 * 1) / 1.2) < 1e-15);
  assert.ok(Math.abs(signalOf("pacing_timing", plan(), w)! - (0.7 * 0.8 + 0.4 * 0.5) / 1.1) < 1e-15);
  assert.ok(Math.abs(signalOf("attractions", plan(), w)! - (0.2 * 1 + 0.1 * 0.75 + 0.2 * 0.5) / 0.5) < 1e-15);
  assert.equal(
    signalOf("attractions", plan({ unique_attractions: null, iconic_landmarks: null, attraction_diversity: null }), w),
    null,
  );
  // The weights in use, not the defaults: a fit that zeroes clustering leaves hotel consistency alone.
  const fitted: Weights = { ...w, soft: { ...w.soft, location_clustering: 0 } };
  assert.equal(signalOf("route_efficiency", plan(), fitted), 1);
  const none: Weights = { ...w, soft: { ...w.soft, location_clustering: 0, hotel_consistency: 0 } };
  assert.equal(signalOf("route_efficiency", plan(), none), null, "the reward in use does not look at it");
  // Not gated: a plan that fails its format still has a route.
  assert.equal(signalOf("route_efficiency", plan({ format: -3 }), w), signalOf("route_efficiency", plan(), w));
});

test("signalsOf gives every signal; the difference is A − B, null when either is unknown", () => {
  const s = signalsOf(plan(), DEFAULT_WEIGHTS, { dslPassShare: 1 });
  assert.deepEqual(Object.keys(s), [...DIMENSION_SIGNALS]);
  assert.equal(s.request_fulfilment, 1);
  assert.equal(signalDifference(0.75, 0.5), 0.25);
  assert.equal(signalDifference(-3, 2), -5);
  assert.equal(signalDifference(null, 0.5), null);
  assert.equal(signalDifference(0.5, null), null);
});

test("a pair's differences per dimension of the set: by each dimension's signal; a dimension of the admin's own has none", () => {
  const a = signalsOf(plan(), DEFAULT_WEIGHTS, { violations: [] });
  const b = signalsOf(plan({ commonsense: -1, location_clustering: 0.1 }), DEFAULT_WEIGHTS, { violations: ["x"] });
  const diff = dimensionDifferences([...DEFAULT_DIMENSIONS, { key: "food", signal: null }], a, b);
  assert.deepEqual(Object.keys(diff), ["feasibility", "request", "preferences", "route", "pacing", "attractions"]);
  assert.equal(diff.feasibility, 2.5);
  assert.ok(diff.route! > 0);
  assert.equal(diff.pacing, 0);
});

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  calibrateCascade,
  clopperPearsonUpper,
  decideItems,
  EscalationInputError,
  fixedSequenceThreshold,
  judgeCall,
  MIN_ITEMS_AT_THRESHOLD,
  parseEscalationItems,
} from ".";

const dir = "lib/results/escalation/fixtures";
const ref = JSON.parse(readFileSync(`${dir}/reference.json`, "utf8"));
const calibration = parseEscalationItems(readFileSync(`${dir}/calibration.jsonl`, "utf8"), "calibration.jsonl", {
  needHuman: true,
});
const items = parseEscalationItems(readFileSync(`${dir}/items.jsonl`, "utf8"), "items.jsonl", { needHuman: false });

test("thresholds, p-values, Clopper–Pearson bounds and decisions equal the scipy reference's, case by case", () => {
  assert.equal(ref.min_items, MIN_ITEMS_AT_THRESHOLD);
  assert.equal(ref.cases.length, 9);
  let nulls = 0,
    twoStages = 0;
  for (const c of ref.cases) {
    const what = `${c.judges.join(" → ")} at α ${c.alpha}, δ ${c.delta}`;
    const stages = calibrateCascade(calibration, c.judges, { alpha: c.alpha, delta: c.delta });
    assert.equal(stages.length, c.thresholds.length);
    stages.forEach((s, i) => {
      const want = c.thresholds[i];
      assert.equal(s.judge, want.judge);
      assert.equal(s.threshold, want.threshold, `${what}: ${s.judge}'s threshold`);
      assert.equal(s.calibrationItems, want.calibration_items, `${what}: ${s.judge}'s calibration items`);
      assert.equal(s.decided, want.decided);
      assert.equal(s.disagreements, want.disagreements);
      if (want.p_value === null) assert.equal(s.pValue, null);
      else assert.ok(Math.abs(s.pValue! - want.p_value) <= 1e-12 + 1e-9 * want.p_value, `${what}: p ${s.pValue}`);
      if (want.upper_bound === null) assert.equal(s.upperBound, null);
      else assert.ok(Math.abs(s.upperBound! - want.upper_bound) < 1e-9, `${what}: bound ${s.upperBound}`);
      if (s.threshold === null) nulls++;
    });
    if (stages.filter((s) => s.threshold !== null).length >= 2) twoStages++;
    assert.deepEqual(decideItems(items, stages), c.decisions, what);
  }
  // The fixture reaches the cases that matter: judges abstaining on everything, and cascades where two decide.
  assert.ok(nulls >= 4 && twoStages >= 1);
});

test("a judge's confidence: the largest probability, or the majority's share of its samples; ties to A, then B", () => {
  assert.deepEqual(judgeCall({ p_a: 0.2, p_b: 0.8 }), { verdict: "B", confidence: 0.8 });
  assert.deepEqual(judgeCall({ p_a: 0.2, p_b: 0.3, p_neither: 0.5 }), { verdict: "NEITHER", confidence: 0.5 });
  assert.deepEqual(judgeCall({ p_a: 0.5, p_b: 0.5 }), { verdict: "A", confidence: 0.5 });
  assert.deepEqual(judgeCall({ samples: ["b", "A", "B", "NEITHER"] }), { verdict: "B", confidence: 0.5 });
  assert.deepEqual(judgeCall({ samples: ["NEITHER", "B"] }), { verdict: "B", confidence: 0.5 });
  // Rounded to three places still passes; further off does not.
  assert.deepEqual(judgeCall({ p_a: 0.333, p_b: 0.333, p_neither: 0.333 }), { verdict: "A", confidence: 0.333 });
  assert.match(judgeCall({ p_a: 0.6, p_b: 0.6 }) as string, /p_a \+ p_b is 1\.2, not 1/);
  assert.match(judgeCall({ p_a: 0.6 }) as string, /p_b: /);
  assert.match(judgeCall({ samples: [] }) as string, /samples: /);
  assert.match(judgeCall({ samples: ["C"] }) as string, /samples\.0: must be one of A, B, NEITHER/);
  assert.match(judgeCall({ p_a: 1, p_b: 0, verdict: "A" }) as string, /Unrecognized key/);
});

test("a bad items file names each wrong line and what is wrong with it", () => {
  const text = [
    '{"id": "a", "human": "A", "judges": {"j": {"p_a": 0.9, "p_b": 0.1}}}',
    "not json",
    '{"id": "b", "judges": {"j": {"p_a": 0.9, "p_b": 0.1}}}',
    '{"id": "a", "human": "B", "judges": {"j": {"p_a": 0.9, "p_b": 0.1}}}',
    '{"id": "c", "human": "maybe", "judges": {}}',
    '{"id": "d", "human": "A", "judges": {"j": {"p_a": 0.9, "p_b": 0.9}}}',
  ].join("\n");
  assert.throws(
    () => parseEscalationItems(text, "cal.jsonl", { needHuman: true }),
    (e: Error) => {
      assert.ok(e instanceof EscalationInputError);
      const lines = e.message.split("\n");
      assert.match(lines[0], /^cal\.jsonl:2: not valid JSON/);
      assert.match(lines[1], /^cal\.jsonl:3: human: a calibration item needs the experts' verdict/);
      assert.match(lines[2], /^cal\.jsonl:4: id "a" is already on line 1$/);
      assert.match(lines[3], /^cal\.jsonl:5: human: must be one of A, B, NEITHER$/);
      assert.match(lines[4], /^cal\.jsonl:6: judges\.j: p_a \+ p_b is 1\.8, not 1$/);
      return true;
    },
  );
  // An items file may leave out the experts' verdict; numeric ids are read as text.
  const ok = parseEscalationItems('{"id": 7, "judges": {"j": {"samples": ["A"]}}}\n', "items.jsonl", {
    needHuman: false,
  });
  assert.deepEqual(ok, [{ id: "7", human: null, judges: new Map([["j", { verdict: "A", confidence: 1 }]]) }]);
  const many = Array.from({ length: 25 }, () => "{").join("\n");
  assert.throws(() => parseEscalationItems(many, "x", { needHuman: false }), /x:20: [^]*… and 5 more problem\(s\)$/);
});

test("fixed-sequence testing on the grid stops at the first threshold that fails, even if a lower one would pass", () => {
  // 40 items at confidence 0.99, all right; then 20 at 0.9, all wrong; then 400 at 0.8, all right.
  const calls = [
    ...Array.from({ length: 40 }, () => ({ confidence: 0.99, wrong: false })),
    ...Array.from({ length: 20 }, () => ({ confidence: 0.9, wrong: true })),
    ...Array.from({ length: 400 }, () => ({ confidence: 0.8, wrong: false })),
  ];
  const r = fixedSequenceThreshold(calls, { alpha: 0.2, delta: 0.1 });
  // From 0.99 down to 0.9002 the same 40 items pass; at 0.9, 20 of 60 are wrong, P(Bin(60, 0.2) ≤ 20) > 0.1, so
  // the scan stops there, though at 0.8 (20 of 460) it would pass.
  assert.deepEqual({ ...r, pValue: null }, { threshold: 0.9002, decided: 40, disagreements: 0, pValue: null });
  assert.ok(Math.abs(r.pValue! - 0.8 ** 40) < 1e-15);
  // Fewer than 30 items at or above every threshold: nothing is tested, the judge abstains on everything.
  const few = fixedSequenceThreshold(calls.slice(0, 29), { alpha: 0.2, delta: 0.1 });
  assert.equal(few.threshold, null);
  // Thirty right answers reject at α 0.1 only if 0.9^30 ≤ δ (0.042): at δ 0.05 yes, at δ 0.04 no.
  // (No lower threshold adds an item, so the last rejected is the grid's lowest, 0.)
  assert.equal(fixedSequenceThreshold(calls.slice(0, 30), { alpha: 0.1, delta: 0.05 }).threshold, 0);
  assert.equal(fixedSequenceThreshold(calls.slice(0, 30), { alpha: 0.1, delta: 0.04 }).threshold, null);
  // The Clopper–Pearson bound at zero errors is 1 − δ^(1/n).
  assert.ok(Math.abs(clopperPearsonUpper(0, 40, 0.1) - (1 - 0.1 ** (1 / 40))) < 1e-12);
  assert.equal(clopperPearsonUpper(5, 5, 0.1), 1);
});

test("a cascade calibrates each judge on what the earlier left; a judge without a verdict on an item abstains there", () => {
  const item = (id: number, human: "A" | "B", cheap: number | null, cheapRight: boolean, strong: number) => ({
    id: String(id),
    human,
    judges: new Map([
      ...(cheap === null
        ? []
        : [["cheap", { verdict: cheapRight ? human : human === "A" ? "B" : "A", confidence: cheap }] as const]),
      ["strong", { verdict: human, confidence: strong }] as const,
    ]),
  });
  const cal = [
    ...Array.from({ length: 100 }, (_, i) => item(i, "A", 0.95, true, 0.9)),
    ...Array.from({ length: 50 }, (_, i) => item(100 + i, "B", 0.6, i % 2 === 0, 0.9)),
    ...Array.from({ length: 10 }, (_, i) => item(150 + i, "B", null, true, 0.9)),
  ];
  const stages = calibrateCascade(cal, ["cheap", "strong"], { alpha: 0.1, delta: 0.1 });
  assert.deepEqual(
    stages.map(({ judge, threshold, calibrationItems, decided }) => ({ judge, threshold, calibrationItems, decided })),
    [
      { judge: "cheap", threshold: 0.6002, calibrationItems: 160, decided: 100 },
      { judge: "strong", threshold: 0, calibrationItems: 60, decided: 60 },
    ],
  );
  assert.deepEqual(decideItems([cal[0], cal[100], cal[150]], stages), [
    { id: "0", judge: "cheap", verdict: "A" },
    { id: "100", judge: "strong", verdict: "B" },
    { id: "150", judge: "strong", verdict: "B" },
  ]);
  assert.throws(
    () => calibrateCascade(cal, ["cheap"], { alpha: 0, delta: 0.1 }),
    /alpha must be above 0 and below 0\.5/,
  );
  // The range is the app's (limits.ts): α = 0.5 is kept by a coin tossed between A and B.
  assert.throws(
    () => calibrateCascade(cal, ["cheap"], { alpha: 0.5, delta: 0.1 }),
    /alpha must be above 0 and below 0\.5/,
  );
  assert.throws(
    () => calibrateCascade(cal, ["cheap"], { alpha: 0.1, delta: 0.5 }),
    /delta must be above 0 and below 0\.5/,
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../../kernel";
import type { Verdict } from "../../judging/verdict";
import {
  auditDraw,
  auditJudge,
  escalationSettings,
  escalationStep,
  MIN_AUDITS,
  pauseReason,
  type EscalationPair,
} from "./dataset";
import { calibrateCascade } from "./calibrate";

const settings = escalationSettings.parse({ judges: ["j"], calibrationPairs: 60, auditShare: 0.2 });

/** 60 calibration pairs and 200 others; the judge is right where it is sure (0.95), a coin where it is not (0.55). */
function population(opts: { labelled?: number } = {}): EscalationPair[] {
  const rng = seededRandom(11);
  const out: EscalationPair[] = [];
  for (let i = 0; i < 260; i++) {
    const truth: Verdict = rng() < 0.5 ? "A" : "B";
    const sure = rng() < 0.7;
    const verdict: Verdict = sure || rng() < 0.5 ? truth : truth === "A" ? "B" : "A";
    const calibration = i < 60;
    const complete = calibration && i < (opts.labelled ?? 60);
    out.push({
      id: `p${i}`,
      calibration,
      complete,
      human: complete ? truth : null,
      untouched: !calibration,
      judges: new Map([["j", { verdict, confidence: sure ? 0.95 : 0.55 }]]),
    });
  }
  return out;
}

test("the settings: defaults, and what is refused", () => {
  assert.deepEqual(escalationSettings.parse({ judges: ["a"] }), {
    judges: ["a"],
    alpha: 0.1,
    delta: 0.1,
    calibrationPairs: 200,
    auditShare: 0.05,
  });
  for (const bad of [
    { judges: [] },
    { judges: ["a", "a"] },
    { judges: ["a"], alpha: 0 },
    { judges: ["a"], calibrationPairs: 10 },
  ])
    assert.equal(escalationSettings.safeParse(bad).success, false, JSON.stringify(bad));
});

test("while a calibration pair is still open, nothing is decided", () => {
  const r = escalationStep(population({ labelled: 59 }), settings);
  assert.deepEqual(r.phase, { phase: "calibrating", labelled: 59, sample: 60 });
  assert.equal(r.decisions.length, 0);
});

test("once the sample is labelled: the cascade's own calibration, decisions above the threshold only, a fixed audit draw", () => {
  const pairs = population();
  const r = escalationStep(pairs, settings);
  assert.equal(r.phase.phase, "deciding");
  if (r.phase.phase !== "deciding") return;
  // The same threshold calibrateCascade gives on the labelled sample alone.
  const expected = calibrateCascade(
    pairs.filter((p) => p.calibration).map((p) => ({ id: p.id, human: p.human, judges: p.judges })),
    ["j"],
    settings,
  );
  assert.deepEqual(r.phase.stages, expected);
  const threshold = expected[0].threshold;
  assert.ok(threshold !== null && threshold > 0.55 && threshold <= 0.95, String(threshold));
  const sure = pairs.filter((p) => !p.calibration && p.judges.get("j")!.confidence >= threshold);
  assert.deepEqual(
    r.decisions.map((d) => d.pairId),
    sure.map((p) => p.id),
  );
  for (const d of r.decisions) {
    assert.equal(d.audit, auditDraw(d.pairId) < 0.2);
    assert.equal(d.threshold, threshold);
  }
  const audits = r.decisions.filter((d) => d.audit).length;
  assert.ok(audits > 0.1 * r.decisions.length && audits < 0.3 * r.decisions.length, `${audits} audits`);
  // Repeating the step decides the same way.
  assert.deepEqual(escalationStep(pairs, settings).decisions, r.decisions);
});

test("a judge that is never sure enough abstains and decides nothing", () => {
  const pairs = population().map((p) => ({
    ...p,
    judges: new Map([["j", { verdict: "A" as Verdict, confidence: 0.6 }]]),
  }));
  const r = escalationStep(pairs, settings);
  assert.equal(r.decisions.length, 0);
  assert.equal(r.phase.phase === "deciding" && r.phase.stages[0].threshold, null);
});

test("the audit pauses only when it shows the judge below the promise (exact binomial test at δ)", () => {
  const agreeing = Array.from({ length: 40 }, (_, i) => ({
    verdict: "A" as Verdict,
    human: (i < 37 ? "A" : "B") as Verdict,
  }));
  const a = auditJudge("j", agreeing, settings);
  assert.equal(a.agreed, 37);
  assert.ok(a.agreement && a.agreement.ci95[0] < 0.925 && a.agreement.ci95[1] > 0.925);
  assert.equal(pauseReason([a], settings), null);
  // 30 of 40 (75 %) against a promise of 90 %: P(Binomial(40, 0.1) ≥ 10) ≤ δ (scipy.stats.binom.sf(9, 40, 0.1)).
  const poor = auditJudge(
    "j",
    Array.from({ length: 40 }, (_, i) => ({ verdict: "A" as Verdict, human: (i < 30 ? "A" : "B") as Verdict })),
    settings,
  );
  assert.ok(Math.abs(poor.pValue! - 0.005063053657834403) < 1e-12, String(poor.pValue));
  assert.match(
    pauseReason([poor], settings)!,
    /j agreed with the experts on 30 of 40 audit pairs \(75\.0 %\), below the promised 90 %/,
  );
  // Too few audits to say anything, however poor.
  const few = auditJudge(
    "j",
    Array.from({ length: MIN_AUDITS - 1 }, () => ({ verdict: "A" as Verdict, human: "B" as Verdict })),
    settings,
  );
  assert.equal(pauseReason([few], settings), null);
});

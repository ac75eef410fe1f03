/** Logistic regression against statsmodels' Logit (fixtures/logit-reference.json, written by logistic_reference.py). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { logit } from "./logistic";

const cases = JSON.parse(readFileSync(path.resolve("lib/kernel/stats/fixtures/logit-reference.json"), "utf8")) as {
  name: string;
  x: number[][];
  y: (0 | 1)[];
  coef: number[];
  se: number[];
}[];

test("coefficients and standard errors equal statsmodels' Logit to 1e-6", () => {
  for (const c of cases) {
    const fit = logit(c.x, c.y);
    assert.ok(fit.coef, `${c.name}: ${"reason" in fit ? fit.reason : ""}`);
    if (!fit.coef) continue;
    fit.coef.forEach((b, j) => assert.ok(Math.abs(b - c.coef[j]) < 1e-6, `${c.name} coef ${j}: ${b} vs ${c.coef[j]}`));
    fit.se.forEach((s, j) => assert.ok(Math.abs(s - c.se[j]) < 1e-6, `${c.name} se ${j}: ${s} vs ${c.se[j]}`));
  }
});

test("no estimate: separated outcomes, a constant predictor, too few observations — each says why", () => {
  const x = [[-1], [-1], [-2], [1], [2], [1]];
  assert.match((logit(x, [0, 0, 0, 1, 1, 1]) as { reason: string }).reason, /separated/);
  assert.match((logit([[1], [1], [1], [1]], [0, 1, 0, 1]) as { reason: string }).reason, /constant/);
  assert.match((logit([[1], [2]], [0, 1]) as { reason: string }).reason, /2 observations for 2 coefficients/);
});

test("frequency weights: a row counted w times fits as the row repeated w times, standard errors included", () => {
  const c = cases[0];
  const weight = c.y.map((_, i) => 1 + (i % 3));
  const fit = logit(c.x, c.y, 100, weight);
  const rows = c.x.flatMap((r, i) => Array.from({ length: weight[i] }, () => r));
  const ys = c.y.flatMap((v, i) => Array.from({ length: weight[i] }, () => v));
  const repeated = logit(rows, ys);
  assert.ok(fit.coef && repeated.coef);
  if (!fit.coef || !repeated.coef) return;
  fit.coef.forEach((b, j) => assert.ok(Math.abs(b - repeated.coef![j]) < 1e-9, `coef ${j}`));
  fit.se.forEach((s, j) => assert.ok(Math.abs(s - (repeated as { se: number[] }).se[j]) < 1e-9, `se ${j}`));
  assert.match((logit([[1], [2], [3]], [0, 1, 0], 100, [1, 0, 1]) as { reason: string }).reason, /2 observations/);
});

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { binomTest, wilson } from "../../kernel";
import { BattleSetBuilder, parseBattleLine, type PlanStyle } from "./battles";
import { fitBradleyTerry, GRADIENT_TOLERANCE, unboundedModels } from "./bradley-terry";
import { fitPairs } from "./replicate-fit";
import { leaderboard } from "./leaderboard";

const dir = new URL("./fixtures/", import.meta.url);
const ref = JSON.parse(readFileSync(new URL("reference.json", dir), "utf8"));
const lines = readFileSync(new URL("battles.jsonl", dir), "utf8").trim().split("\n");

function fixtureSet(withStyle = false) {
  const builder = new BattleSetBuilder(withStyle);
  lines.forEach((l, i) => {
    const parsed = parseBattleLine(l, "battles.jsonl", i + 1);
    if (!withStyle) return builder.addLine(parsed);
    const raw = JSON.parse(l) as { style_a: PlanStyle; style_b: PlanStyle };
    const outcome = parsed.winner === "model_a" ? 0 : parsed.winner === "model_b" ? 1 : 2;
    builder.add(
      parsed.model_a,
      parsed.model_b,
      outcome,
      parsed.query_id,
      parsed.left === "model_a" ? 1 : 0,
      1,
      raw.style_a,
      raw.style_b,
    );
  });
  return builder.build();
}

test("ratings equal a direct maximum-likelihood solve of FastChat's model to 1e-6 Elo points, mean 1000", () => {
  const lb = leaderboard(fixtureSet(), { bootstrap: 50 });
  assert.ok(lb.gradientNorm <= GRADIENT_TOLERANCE, `gradient ${lb.gradientNorm}`);
  let sum = 0;
  for (const m of lb.models) {
    assert.ok(
      Math.abs(m.rating - ref.ratings_newton[m.model]) < 1e-6,
      `${m.model}: ${m.rating} vs ${ref.ratings_newton[m.model]}`,
    );
    // scikit-learn's L-BFGS stops about a thousandth of a point short even at tol 1e-12.
    assert.ok(Math.abs(m.rating - ref.ratings_sklearn[m.model]) < 0.01);
    sum += m.rating;
  }
  assert.ok(Math.abs(sum / lb.models.length - 1000) < 1e-9);
  assert.deepEqual(
    lb.models.map((m) => m.model),
    Object.entries(ref.ratings_newton as Record<string, number>)
      .sort((a, b) => b[1] - a[1])
      .map(([m]) => m),
  );
});

test("the win table equals statsmodels' Wilson intervals and scipy's exact tests to 1e-12", () => {
  const lb = leaderboard(fixtureSet(), { bootstrap: 10 });
  assert.equal(lb.pairs.length, ref.pairs.length);
  for (const [i, want] of (
    ref.pairs as {
      model_a: string;
      model_b: string;
      n: number;
      wins_a: number;
      wins_b: number;
      ties: number;
      share_a: number;
      ci95: number[];
      p_value: number;
    }[]
  ).entries()) {
    const got = lb.pairs[i];
    assert.equal(got.model_a, want.model_a);
    assert.equal(got.model_b, want.model_b);
    assert.deepEqual([got.n, got.wins_a, got.wins_b, got.ties], [want.n, want.wins_a, want.wins_b, want.ties]);
    assert.ok(Math.abs(got.share_a - want.share_a) < 1e-12);
    assert.ok(
      Math.abs(got.ci95[0] - want.ci95[0]) < 1e-12 && Math.abs(got.ci95[1] - want.ci95[1]) < 1e-12,
      `${got.ci95} vs ${want.ci95}`,
    );
    assert.ok(Math.abs(got.p_value - want.p_value) < 1e-12, `${got.p_value} vs ${want.p_value}`);
  }
});

test("Wilson intervals and exact binomial tests over a spread of counts equal statsmodels / scipy to 1e-12", () => {
  for (const { count, n, ci95 } of ref.proportions as { count: number; n: number; ci95: number[] }[]) {
    const w = wilson(count, n)!;
    assert.ok(
      Math.abs(w.ci95[0] - ci95[0]) < 1e-12 && Math.abs(w.ci95[1] - ci95[1]) < 1e-12,
      `${count}/${n}: ${w.ci95} vs ${ci95}`,
    );
  }
  for (const { k, n, p_value } of ref.binomial_tests as { k: number; n: number; p_value: number }[]) {
    assert.ok(Math.abs(binomTest(k, n) - p_value) < 1e-12, `${k}/${n}: ${binomTest(k, n)} vs ${p_value}`);
  }
  // Large and skewed cases (scipy 1.x `binomtest(k, n, p).pvalue`, computed once): the terms are ordered by merging
  // the two sides of the mode, not by a sort, and must sum to the same tail.
  for (const [k, n, p, want] of [
    [49700, 100000, 0.5, 0.05819735311019034],
    [50123, 100000, 0.5, 0.43848280819414465],
    [330, 1000, 1 / 3, 0.840550939296476],
    [2, 5001, 0.01, 4.2599019047670457e-19],
  ])
    assert.ok(Math.abs(binomTest(k, n, p) - want) <= 1e-9 * want, `${k}/${n}: ${binomTest(k, n, p)} vs ${want}`);
  assert.equal(wilson(0, 0), null);
  assert.throws(() => binomTest(3, 2), /0 ≤ k ≤ n/);
});

test("style control equals a direct solve (and scikit-learn on FastChat's rows) and finds the planted length preference", () => {
  const lb = leaderboard(fixtureSet(true), { bootstrap: 30, style: true });
  assert.ok(lb.style);
  for (const r of lb.style.ratings)
    assert.ok(
      Math.abs(r.rating - ref.style.ratings[r.model]) < 1e-6,
      `${r.model}: ${r.rating} vs ${ref.style.ratings[r.model]}`,
    );
  lb.style.covariates.forEach((c, k) => {
    assert.ok(
      Math.abs(c.coefficient! - ref.style.coefficients[k]) < 1e-8,
      `${c.name}: ${c.coefficient} vs ${ref.style.coefficients[k]}`,
    );
    assert.ok(Math.abs(c.coefficient! - ref.style.coefficients_sklearn[k]) < 1e-3);
  });
  // The fixture's plans all last three days, so items and items per day move together: the page says
  // so, and only their sum (the planted preference for longer plans) is determined.
  assert.deepEqual(
    lb.style.collinear.map((c) => [c.a, c.b]),
    [["items", "items_per_day"]],
  );
  const [items, perDay] = lb.style.covariates;
  assert.ok(
    items.coefficient! + perDay.coefficient! > 0.1,
    `items ${items.coefficient} + per day ${perDay.coefficient}`,
  );
});

test("style control fits a pair's judgments as one row: the same ratings, coefficients and intervals as apart", () => {
  // Each battle twice, once per outcome of a win and a loss; side by side (one run, folded into one row) and
  // apart (each copy after the whole file, never folded). The likelihoods are the same, so every figure is.
  const rows = lines.map((l, i) => ({ p: parseBattleLine(l, "battles.jsonl", i + 1), raw: JSON.parse(l) }));
  const build = (together: boolean) => {
    const builder = new BattleSetBuilder(true);
    const add = (r: (typeof rows)[number], outcome: number) =>
      builder.add(r.p.model_a, r.p.model_b, outcome, r.p.query_id, 1, 1, r.raw.style_a, r.raw.style_b);
    if (together) for (const r of rows) [0, 1, 2].forEach((o) => add(r, o));
    else for (const o of [0, 1, 2]) for (const r of rows) add(r, o);
    return builder.build();
  };
  const [together, apart] = [build(true), build(false)].map((set) =>
    leaderboard(set, { bootstrap: 20, seed: 3, style: true }),
  );
  assert.ok(together.style && apart.style);
  together.style.ratings.forEach((r, i) => {
    const o = apart.style!.ratings[i];
    assert.equal(r.model, o.model);
    assert.ok(Math.abs(r.rating - o.rating) < 1e-9, `${r.model}: ${r.rating} vs ${o.rating}`);
    r.ci95.forEach((v, k) => assert.ok(Math.abs(v - o.ci95[k]) < 1e-9, `${r.model} interval: ${r.ci95} vs ${o.ci95}`));
  });
  together.style.covariates.forEach((c, k) =>
    assert.ok(Math.abs(c.coefficient! - apart.style!.covariates[k].coefficient!) < 1e-12, c.name),
  );
});

test("rank follows FastChat's rule and the counts add up", () => {
  const lb = leaderboard(fixtureSet(), { bootstrap: 200, seed: 7 });
  for (const m of lb.models) {
    const above = lb.models.filter((o) => o !== m && o.ci95[0] > m.ci95[1]).length;
    assert.equal(m.rank, 1 + above);
    assert.equal(m.wins + m.losses + m.ties, m.battles);
    assert.ok(m.ci95[0] <= m.rating + 1e-9 && m.rating <= m.ci95[1] + 20);
  }
  assert.equal(lb.battles, lines.length);
  assert.equal(lb.bootstrap.unit, "query");
  // Same seed, same intervals; another seed, other intervals.
  assert.deepEqual(leaderboard(fixtureSet(), { bootstrap: 200, seed: 7 }).models, lb.models);
  assert.notDeepEqual(
    leaderboard(fixtureSet(), { bootstrap: 200, seed: 8 }).models.map((m) => m.ci95),
    lb.models.map((m) => m.ci95),
  );
});

test("the left plan's wins are counted from the recorded side", () => {
  const b = new BattleSetBuilder();
  b.add("x", "y", 0, "q1", 1);
  b.add("x", "y", 0, "q1", 0);
  b.add("x", "y", 1, "q2", 0);
  b.add("x", "y", 2, "q2", 1);
  b.add("x", "y", 1, "q3");
  const left = leaderboard(b.build(), { bootstrap: 5 }).left;
  assert.deepEqual([left.n, left.left, left.neither], [3, 2, 1]);
});

test("a planner that never won or tied has no finite rating and is named", () => {
  const b = new BattleSetBuilder();
  for (let i = 0; i < 5; i++) b.add("strong", "weak", 0, `q${i}`);
  b.add("strong", "mid", 2, "q9");
  const set = b.build();
  const lb = leaderboard(set, { bootstrap: 5 });
  assert.deepEqual(lb.unbounded, ["weak"]);
  const credit = new Float64Array([0, 2, 0, 0]);
  assert.deepEqual(unboundedModels(credit, 2), [1]);
  assert.deepEqual(unboundedModels(new Float64Array([0, 2, 1, 0]), 2), []);
});

test("battle lines are parsed strictly, naming file and line", () => {
  assert.throws(
    () => parseBattleLine('{"model_a":"x","model_b":"y","winner":"draw"}', "f.jsonl", 3),
    /f\.jsonl:3: winner/,
  );
  assert.throws(() => parseBattleLine("{oops", "f.jsonl", 4), /f\.jsonl:4: not valid JSON/);
  assert.equal(
    parseBattleLine('{"model_a":"x","model_b":"y","winner":"tie (bothbad)","query_id":7}', "f", 1).query_id,
    "7",
  );
  const b = new BattleSetBuilder();
  b.add("x", "x", 0, null);
  assert.equal(b.selfBattles, 1);
  assert.equal(b.build().size, 0);
});

test("Newton's fit converges from a warm start and on weighted observations alike", () => {
  const obs = {
    a: Int32Array.from([0, 1, 0]),
    b: Int32Array.from([1, 2, 2]),
    wA: Float64Array.from([30, 20, 25]),
    wB: Float64Array.from([10, 22, 5]),
  };
  const cold = fitBradleyTerry(obs, 3);
  const warm = fitBradleyTerry(obs, 3, { init: cold });
  assert.ok(cold.converged && warm.converged);
  assert.ok(warm.iterations <= 1);
  const doubled = fitBradleyTerry(obs, 3, { scale: Float64Array.from([2, 2, 2]) });
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(doubled.beta[i] - cold.beta[i]) < 1e-12);
});

test("every bootstrap replicate is fitted over the planners present in it (the outside check's eleven battles)", async () => {
  const { seededRandom } = await import("../../kernel");
  // Each battle its own query: x beats y six times, y beats x four times, one z–x tie.
  const battles: [string, string, number][] = [
    ...Array(6).fill(["x", "y", 0]),
    ...Array(4).fill(["x", "y", 1]),
    ["z", "x", 2],
  ];
  const build = (rows: [string, string, number][]) => {
    const b = new BattleSetBuilder();
    rows.forEach(([a, c, o], i) => b.add(a, c, o, `q${i}`));
    return b.build();
  };
  const set = build(battles);
  const gaps = new Set<string>();
  let zAbsent = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const lb = leaderboard(set, { bootstrap: 1, seed });
    assert.equal(lb.bootstrap.unconverged, 0);
    const row = (m: string) => lb.models.find((r) => r.model === m)!;
    const gap = row("x").ci95[0] - row("y").ci95[0];
    gaps.add(gap.toFixed(9));
    // The same replicate, drawn as the leaderboard draws it, as a set of its own fitted from scratch.
    const rng = seededRandom(seed);
    const m = new Int32Array(battles.length);
    for (let i = 0; i < battles.length; i++) m[Math.floor(rng() * battles.length)]++;
    const resample = battles.flatMap((b, i) => Array(m[i]).fill(b));
    const wins = (w: string) => resample.filter(([a, c, o]) => (o === 0 && a === w) || (o === 1 && c === w)).length;
    if (m[10] === 0) {
      zAbsent++;
      assert.equal(row("z").absentReplicates, 1);
      assert.ok(Number.isNaN(row("z").ci95[0]));
      // Two planners: the gap is 400·log10(wins of x / wins of y) exactly.
      if (wins("x") > 0 && wins("y") > 0)
        assert.ok(Math.abs(gap - 400 * Math.log10(wins("x") / wins("y"))) < 1e-6, `seed ${seed}: ${gap}`);
    } else {
      assert.equal(row("z").absentReplicates, 0);
    }
    const alone = leaderboard(build(resample), { bootstrap: 0 });
    const r = (mm: string) => alone.models.find((q) => q.model === mm)?.rating ?? NaN;
    if (wins("x") > 0 && wins("y") > 0)
      assert.ok(Math.abs(gap - (r("x") - r("y"))) < 1e-6, `seed ${seed}: ${gap} vs ${r("x") - r("y")}`);
  }
  assert.ok(zAbsent >= 2, `${zAbsent} of 12 replicates lacked z`);
  assert.ok(gaps.size >= 6, `the gap moves with the resample: ${[...gaps].join(", ")}`);
});

test("a replicate drawn over the unique battle rows (multinomial, as FastChat) equals its resample fitted from scratch", async () => {
  const { multinomial, seededRandom } = await import("../../kernel");
  // Each battle its own unit, 150 battles over 9 unique (pair, outcome) rows: the multinomial path.
  const rows: [string, string, number][] = [];
  const kinds: [string, string, number][] = [
    ["x", "y", 0],
    ["x", "y", 1],
    ["x", "y", 2],
    ["y", "z", 0],
    ["y", "z", 1],
    ["y", "z", 2],
    ["x", "z", 0],
    ["x", "z", 1],
    ["x", "z", 2],
  ];
  const weights = [30, 12, 6, 20, 15, 10, 25, 8, 24];
  kinds.forEach((k, i) => rows.push(...Array(weights[i]).fill(k)));
  // Interleaved so that first appearance, not file order, fixes the rows' order.
  const order = rows.map((_, i) => i).sort((u, v) => ((u * 37) % 150) - ((v * 37) % 150));
  const battles = order.map((i) => rows[i]);
  const build = (list: [string, string, number][]) => {
    const b = new BattleSetBuilder();
    list.forEach(([a, c, o], i) => b.add(a, c, o, `q${i}`));
    return b.build();
  };
  const set = build(battles);
  const seen: string[] = [];
  for (const r of battles) if (!seen.includes(r.join())) seen.push(r.join());
  const patternCount = Float64Array.from(seen, (key) => battles.filter((r) => r.join() === key).length);
  for (let seed = 1; seed <= 5; seed++) {
    const lb = leaderboard(set, { bootstrap: 1, seed });
    const counts = new Float64Array(seen.length);
    multinomial(seededRandom(seed), battles.length, patternCount, counts);
    const resample = seen.flatMap((key, k) => Array(counts[k]).fill(battles.find((r) => r.join() === key)!));
    const alone = leaderboard(build(resample), { bootstrap: 0 });
    for (const m of ["x", "y", "z"]) {
      const got = lb.models.find((r) => r.model === m)!.ci95[0];
      const want = alone.models.find((r) => r.model === m)!.rating;
      assert.ok(Math.abs(got - want) < 1e-9, `seed ${seed} ${m}: ${got} vs ${want}`);
    }
  }
});

test("planner groups with no battle between them are each fitted and centred on their own, and said not comparable", async () => {
  const { formatLeaderboard } = await import("./text");
  const b = new BattleSetBuilder();
  const add = (a: string, c: string, wins: number, losses: number, ties: number, tag: string) => {
    for (let i = 0; i < wins; i++) b.add(a, c, 0, `${tag}w${i}`);
    for (let i = 0; i < losses; i++) b.add(a, c, 1, `${tag}l${i}`);
    for (let i = 0; i < ties; i++) b.add(a, c, 2, `${tag}t${i}`);
  };
  // Group one: three planners; group two: two planners. No battle joins them.
  add("p", "q", 30, 10, 5, "pq");
  add("q", "r", 25, 15, 4, "qr");
  add("p", "r", 35, 8, 3, "pr");
  add("s", "t", 12, 24, 6, "st");
  const set = b.build();
  const lb = leaderboard(set, { bootstrap: 40, seed: 3 });
  assert.equal(lb.groups, 2);
  assert.ok(lb.gradientNorm <= GRADIENT_TOLERANCE);
  assert.deepEqual(lb.unbounded, []);
  const row = (m: string) => lb.models.find((r) => r.model === m)!;
  assert.deepEqual(
    ["p", "q", "r", "s", "t"].map((m) => row(m).group),
    [0, 0, 0, 1, 1],
  );
  // Not everyone at 1000: each group has its own fit, mean 1000.
  assert.ok(row("p").rating > row("q").rating && row("q").rating > row("r").rating);
  assert.ok(Math.abs((row("p").rating + row("q").rating + row("r").rating) / 3 - 1000) < 1e-9);
  assert.ok(Math.abs((row("s").rating + row("t").rating) / 2 - 1000) < 1e-9);
  // Two planners alone: the gap is 400·log10(credit of t / credit of s).
  assert.ok(Math.abs(row("t").rating - row("s").rating - 400 * Math.log10((2 * 24 + 6) / (2 * 12 + 6))) < 1e-6);
  // Each group equals its own battles fitted alone.
  const alone = new BattleSetBuilder();
  for (let i = 0; i < 30; i++) alone.add("p", "q", 0, `a${i}`);
  for (let i = 0; i < 10; i++) alone.add("p", "q", 1, `b${i}`);
  for (let i = 0; i < 5; i++) alone.add("p", "q", 2, `c${i}`);
  for (let i = 0; i < 25; i++) alone.add("q", "r", 0, `d${i}`);
  for (let i = 0; i < 15; i++) alone.add("q", "r", 1, `e${i}`);
  for (let i = 0; i < 4; i++) alone.add("q", "r", 2, `f${i}`);
  for (let i = 0; i < 35; i++) alone.add("p", "r", 0, `g${i}`);
  for (let i = 0; i < 8; i++) alone.add("p", "r", 1, `h${i}`);
  for (let i = 0; i < 3; i++) alone.add("p", "r", 2, `k${i}`);
  const one = leaderboard(alone.build(), { bootstrap: 0 });
  for (const m of ["p", "q", "r"])
    assert.ok(Math.abs(one.models.find((r) => r.model === m)!.rating - row(m).rating) < 1e-6, m);
  // Intervals are real and ranks compare within a group only.
  for (const m of lb.models) assert.ok(m.ci95[0] < m.rating && m.rating < m.ci95[1], m.model);
  assert.equal(row("t").rank, 1);
  assert.equal(row("p").rank, 1);
  assert.match(formatLeaderboard(lb), /NOT COMPARABLE ACROSS GROUPS: the planners fall into 2 groups/);
  assert.equal(leaderboard(fixtureSet(), { bootstrap: 5 }).groups, 1);
});

test("a replicate's lean Newton (fitPairs) reaches the same maximum as the general fit", async () => {
  const { seededRandom } = await import("../../kernel");
  const rng = seededRandom(99);
  const p = 8;
  const a: number[] = [],
    b: number[] = [];
  for (let i = 0; i < p; i++)
    for (let j = i + 1; j < p; j++) {
      a.push(i);
      b.push(j);
    }
  const obs = {
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    wA: Float64Array.from(a, (i, k) => 2 * Math.round(40 * rng()) + (k % 3) + 1 + (b[k] - i)),
    wB: Float64Array.from(a, (i, k) => 2 * Math.round(40 * rng()) + (k % 2) + 1),
  };
  const full = fitBradleyTerry(obs, p);
  for (let r = 0; r < 20; r++) {
    const rep = {
      ...obs,
      wA: obs.wA.map((w) => Math.round(w * 2 * rng())),
      wB: obs.wB.map((w) => Math.round(w * 2 * rng())),
    };
    // Some replicates lose a planner altogether, some lose every battle between two halves.
    if (r % 5 === 1) for (let k = 0; k < a.length; k++) if (a[k] === 3 || b[k] === 3) rep.wA[k] = rep.wB[k] = 0;
    if (r % 5 === 2) for (let k = 0; k < a.length; k++) if (a[k] < 4 !== b[k] < 4) rep.wA[k] = rep.wB[k] = 0;
    const lean = fitPairs(rep, p, full);
    const general = fitBradleyTerry(rep, p, { init: full });
    assert.ok(lean.converged && general.converged, `replicate ${r}`);
    assert.equal(lean.groups, general.groups);
    assert.deepEqual([...lean.group], [...general.group]);
    for (let m = 0; m < p; m++) {
      if (Number.isNaN(general.beta[m])) assert.ok(Number.isNaN(lean.beta[m]));
      else assert.ok(Math.abs(400 * (lean.beta[m] - general.beta[m])) < 1e-9, `replicate ${r}, model ${m}`);
    }
  }
  assert.equal(
    fitPairs(
      {
        ...obs,
        wA: obs.wA.map((w, k) => (a[k] < 4 !== b[k] < 4 ? 0 : w)),
        wB: obs.wB.map((w, k) => (a[k] < 4 !== b[k] < 4 ? 0 : w)),
      },
      p,
      full,
    ).groups,
    2,
  );
});

test("a group of planners whose battles all come from one request says so: its interval has no width", () => {
  const builder = new BattleSetBuilder();
  // x, y and w meet over many requests; u and v only in request "solo", three times.
  for (let q = 0; q < 30; q++) {
    builder.add("x", "y", q % 3 === 0 ? 1 : 0, `q${q}`);
    builder.add("y", "w", q % 4 === 0 ? 0 : 1, `q${q}`);
  }
  builder.add("u", "v", 0, "solo");
  builder.add("u", "v", 0, "solo");
  builder.add("u", "v", 1, "solo");
  const lb = leaderboard(builder.build(), { bootstrap: 50, seed: 1 });
  const row = (m: string) => lb.models.find((r) => r.model === m)!;
  assert.equal(lb.groups, 2);
  assert.equal(row("x").groupUnits, 30);
  assert.equal(row("u").groupUnits, 1);
  assert.equal(row("v").groupUnits, 1);
  assert.equal(row("u").ci95[0], row("u").ci95[1], "the bootstrap cannot vary one request's battles");
  assert.ok(row("x").ci95[1] > row("x").ci95[0]);
});

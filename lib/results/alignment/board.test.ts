import assert from "node:assert/strict";
import { test } from "node:test";
import { noiseCeiling, pairwiseAgreement } from "../agreement";
import { seededRandom } from "../../kernel";
import { alignmentBoard, BoardBuilder, type BoardPair, type JudgeRecord } from "./board";
import { resampledMeans } from "./differences";
import { parseJudgeVerdicts, verdictFileProblems } from "./verdicts";
import { VERDICTS, type Verdict } from "../../judging/verdict";

const rng = seededRandom(11);
const pairs: BoardPair[] = Array.from({ length: 120 }, (_, i) => {
  const truth = VERDICTS[Math.floor(rng() * 3)];
  const ratings = ["e1", "e2", "e3", "e4"]
    .slice(i % 2, (i % 2) + 3)
    .map((expert) => ({ expert, verdict: rng() < 0.75 ? truth : VERDICTS[Math.floor(rng() * 3)] }));
  return { pairId: `p${i}`, queryId: `q${Math.floor(i / 3)}`, ratings, itemsA: 10 + (i % 5), itemsB: 12 };
});
const label = (p: BoardPair) => {
  const counts = new Map<Verdict, number>();
  for (const r of p.ratings) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  const top = [...counts].find(([, n]) => n >= 2);
  return top ? top[0] : null;
};

test("a judge that copies the majority label scores 1; one that always says A scores its base rate", () => {
  const oracle: JudgeRecord[] = pairs
    .filter((p) => label(p))
    .map((p) => ({
      pairId: p.pairId,
      verdict: label(p)!,
      scoreA: label(p) === "A" ? 2 : label(p) === "B" ? 0 : 1,
      scoreB: 1,
    }));
  const alwaysA: JudgeRecord[] = pairs.map((p) => ({ pairId: p.pairId, verdict: "A", order: "ab" }));
  // Seen again in the other order, it flips on every third pair.
  const flipped: JudgeRecord[] = pairs.map((p, i) => ({
    pairId: p.pairId,
    verdict: i % 3 === 0 ? "B" : "A",
    order: "ba",
  }));
  const board = alignmentBoard(
    pairs,
    new Map([
      ["oracle", { builtIn: false, records: oracle }],
      ["always-A", { builtIn: false, records: [...alwaysA, ...flipped] }],
      ["unknown pairs only", { builtIn: false, records: [{ pairId: "nope", verdict: "A" }] }],
      [
        "contrarian",
        {
          builtIn: false,
          records: pairs
            .filter((p) => label(p))
            .map((p) => ({ pairId: p.pairId, verdict: (label(p) === "A" ? "B" : "A") as Verdict })),
        },
      ],
    ]),
    { replicates: 300 },
  );
  const o = board.judges.find((j) => j.judge === "oracle")!;
  assert.equal(o.accuracyIncludingTies, 1);
  assert.equal(o.accuracyExcludingTies, 1);
  assert.equal(o.kappaMajority, 1);
  assert.ok(o.kendallTau! > 0.5);
  const human = pairwiseAgreement(pairs.map((p) => p.ratings.map((r) => VERDICTS.indexOf(r.verdict)))).value!;
  assert.equal(board.humans.pairwiseAgreement, human);
  // r_model from the agreement with single experts (what E.4 models), not from the accuracy against the majority.
  const oracleRatings = pairs.filter((p) => label(p)).flatMap((p) => p.ratings.map((r) => r.verdict === label(p)));
  const single = oracleRatings.filter(Boolean).length / oracleRatings.length;
  assert.ok(Math.abs(o.singleAgreement! - single) < 1e-12);
  assert.ok(Math.abs(o.rModel! - noiseCeiling(3, human, single).rModel!) < 1e-12);
  assert.equal(o.rModelAboveOne, o.rModel! > 1);
  assert.equal(o.rModelBelowChance, false);
  // A judge that contradicts the majority agrees with the truth less than chance: flagged, never a share of the ceiling.
  const c = board.judges.find((j) => j.judge === "contrarian")!;
  assert.ok(c.rModel! < 1 / 3, `contrarian r_model ${c.rModel}`);
  assert.equal(c.rModelBelowChance, true);
  assert.equal(o.labelledPairs, pairs.filter((p) => label(p)).length);
  const a = board.judges.find((j) => j.judge === "always-A")!;
  const labelled = pairs.filter((p) => label(p));
  const aShare =
    (alwaysA.filter((r) => label(pairs[Number(r.pairId.slice(1))]) === "A").length +
      flipped.filter((r) => label(pairs[Number(r.pairId.slice(1))]) === r.verdict).length) /
    (2 * labelled.length);
  assert.ok(Math.abs(a.accuracyIncludingTies! - aShare) < 1e-12);
  assert.equal(a.flipPairs, 120);
  assert.equal(a.flipRate, 40 / 120);
  // Longer-plan share: over decisive verdicts on pairs whose plans differ in length.
  const all = [...alwaysA, ...flipped].filter((r) => pairs[Number(r.pairId.slice(1))].itemsA !== 12);
  const forLonger = all.filter((r) => (r.verdict === "A") === pairs[Number(r.pairId.slice(1))].itemsA > 12).length;
  assert.deepEqual([a.longerN, a.longerShare], [all.length, forLonger / all.length]);
  assert.equal(a.kendallTau, null);
  const none = board.judges.find((j) => j.judge === "unknown pairs only")!;
  assert.deepEqual([none.verdicts, none.accuracyIncludingTies], [0, null]);
  const d = board.differences.find((x) => x.a === "always-A" && x.b === "oracle")!;
  assert.ok(d.difference! < 0 && d.ci95![0] <= d.difference! && d.difference! <= d.ci95![1] && d.ci95![1] < 0);
});

test("uploaded verdict files are parsed strictly, every problem named by its line", () => {
  const ok = parseJudgeVerdicts(
    '{"pair_id":"p1","judge":"gpt-4o","verdict":"A","order":"ba"}\n\n{"pair_id":"p2","judge":"gpt-4o","verdict":"NEITHER","score_a":71,"score_b":71}\n',
    "v.jsonl",
  );
  assert.ok(!ok.problems.length && ok.lines.length === 2 && ok.lines[0].order === "ba");
  assert.deepEqual(ok.at, [1, 3]);
  assert.deepEqual(verdictFileProblems(ok, "v.jsonl", new Set()), { problems: [], more: 0, unknownPairs: 0 });
  const bad = parseJudgeVerdicts(
    '{"pair_id":"p1","judge":"x","verdict":"a"}\n{"pair_id":"p1","judge":"x","verdict":"B","score_a":3}\nnot json\n{"pair_id":"p1","judge":"x","verdict":"B","extra":1}\n{"pair_id":"gone","judge":"x","verdict":"B"}\n',
    "v.jsonl",
  );
  // The lines' own problems and the pairs TripJudge does not have, together and in line order.
  const { problems, more, unknownPairs } = verdictFileProblems(bad, "v.jsonl", new Set(["gone"]));
  assert.match(problems[0], /^v\.jsonl:1: verdict:/);
  assert.match(problems[1], /^v\.jsonl:2: score_a and score_b come together/);
  assert.match(problems[2], /^v\.jsonl:3: not valid JSON/);
  assert.match(problems[3], /^v\.jsonl:4: .*extra/);
  assert.equal(problems[4], 'v.jsonl:5: no pair "gone" in TripJudge');
  assert.deepEqual([more, unknownPairs], [0, 1]);
  assert.deepEqual(verdictFileProblems(parseJudgeVerdicts("\n", "e.jsonl"), "e.jsonl", new Set()), {
    problems: ["e.jsonl: no verdicts"],
    more: 0,
    unknownPairs: 0,
  });
  // Past twenty, the rest are counted.
  const many = parseJudgeVerdicts("x\n".repeat(25), "m.jsonl");
  assert.deepEqual(
    [
      verdictFileProblems(many, "m.jsonl", new Set()).problems.length,
      verdictFileProblems(many, "m.jsonl", new Set()).more,
    ],
    [20, 5],
  );
});

test("the board is the same whatever order pairs and verdicts arrive in (seeded bootstrap, flip rate); experts count by distinct pairs", () => {
  const judgeA: JudgeRecord[] = pairs.flatMap((p, i) => [
    { pairId: p.pairId, verdict: VERDICTS[i % 3], order: "ab" as const },
    { pairId: p.pairId, verdict: VERDICTS[(i + 1) % 3], order: "ab" as const },
    { pairId: p.pairId, verdict: VERDICTS[i % 2], order: "ba" as const },
  ]);
  const judgeB: JudgeRecord[] = pairs.map((p, i) => ({ pairId: p.pairId, verdict: VERDICTS[(i * 7) % 3] }));
  const shuffle = <T>(xs: readonly T[], seed: number) => {
    const r = seededRandom(seed),
      out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const run = (seed: number) =>
    alignmentBoard(
      shuffle(pairs, seed),
      new Map(
        shuffle(
          [
            ["b", { builtIn: false, records: shuffle(judgeB, seed + 1) }],
            ["a", { builtIn: false, records: shuffle(judgeA, seed + 2) }],
          ] as const,
          seed + 3,
        ),
      ),
      { replicates: 200, seed: 5 },
    );
  const first = run(1);
  for (const seed of [2, 3, 4]) assert.deepEqual(run(seed), first);
  // An expert shares a pair with the judge once, however many runs of it the judge has: with five pairs
  // needed, an expert of four pairs (twelve verdict records of judge a) does not count.
  const few = pairs
    .slice(0, 4)
    .map((p) => ({ ...p, ratings: [{ expert: "solo", verdict: "A" as Verdict }, ...p.ratings.slice(1)] }));
  const board = alignmentBoard([...few, ...pairs.slice(4)], new Map([["a", { builtIn: false, records: judgeA }]]), {
    replicates: 10,
  });
  const withSolo = alignmentBoard([...few, ...pairs.slice(4)], new Map([["a", { builtIn: false, records: judgeA }]]), {
    replicates: 10,
    minShared: 4,
  });
  assert.equal(withSolo.judges[0].kappaExperts, board.judges[0].kappaExperts + 1);
});

test("the judges' paired bootstrap drawn by kinds of unit has the spread of drawing units one by one", () => {
  // 30,000 queries of one pair each, whose accuracy difference is −1, 0 or +1 (shares 0.2, 0.5, 0.3): three kinds.
  const units = Array.from({ length: 30_000 }, (_, i) => ({ d: i % 10 < 2 ? -1 : i % 10 < 7 ? 0 : 1, n: 1 }));
  const mean = 0.1;
  const sd = Math.sqrt(0.2 * 1.1 ** 2 + 0.5 * 0.1 ** 2 + 0.3 * 0.9 ** 2) / Math.sqrt(units.length);
  const reps = resampledMeans(units, 4000, 7);
  const m = reps.reduce((s, v) => s + v, 0) / reps.length;
  const v = reps.reduce((s, x) => s + (x - m) ** 2, 0) / (reps.length - 1);
  assert.ok(Math.abs(m - mean) < 0.2 * sd, `mean ${m}`);
  assert.ok(Math.abs(Math.sqrt(v) / sd - 1) < 0.05, `sd ${Math.sqrt(v)} against ${sd}`);
  // Units that are nearly all distinct are drawn one by one: the same spread.
  const distinct = units.map((u, i) => ({ d: u.d + i * 1e-9, n: 1 }));
  const r2 = resampledMeans(distinct, 2000, 7);
  const m2 = r2.reduce((s, x) => s + x, 0) / r2.length;
  const v2 = r2.reduce((s, x) => s + (x - m2) ** 2, 0) / (r2.length - 1);
  assert.ok(Math.abs(Math.sqrt(v2) / sd - 1) < 0.07, `sd ${Math.sqrt(v2)} against ${sd}`);
});

test("the builder gives the same board whatever order the pairs come in, a judge first met on the last pairs included", () => {
  // A judge with several runs of a pair (thirds in its shares) and scores, met only on the last 30 pairs read.
  const late: JudgeRecord[] = pairs.slice(90).flatMap((p, i) => [
    { pairId: p.pairId, verdict: VERDICTS[i % 3], scoreA: i % 4, scoreB: 1 },
    { pairId: p.pairId, verdict: VERDICTS[(i + 1) % 3], scoreA: 2, scoreB: i % 3 },
    { pairId: p.pairId, verdict: VERDICTS[(i * 5) % 3], order: "ba" as const },
  ]);
  const early: JudgeRecord[] = pairs.map((p, i) => ({ pairId: p.pairId, verdict: VERDICTS[(i * 7) % 3] }));
  const build = (order: readonly BoardPair[]) => {
    const b = new BoardBuilder({ replicates: 300, seed: 3 });
    b.declare("never", true);
    for (const p of order)
      b.add(p, [
        ["early", early.filter((r) => r.pairId === p.pairId)],
        ["late", late.filter((r) => r.pairId === p.pairId)],
      ]);
    return b.finish();
  };
  const forward = build(pairs);
  assert.deepEqual(build([...pairs].reverse()), forward);
  const d = forward.differences.find((x) => x.a === "early" && x.b === "late")!;
  assert.equal(d.pairs, forward.judges.find((j) => j.judge === "late")!.labelledPairs);
  assert.ok(d.ci95 && d.ci95[0] <= d.difference! && d.difference! <= d.ci95[1]);
  assert.deepEqual(
    forward.judges.find((j) => j.judge === "never"),
    { ...forward.judges.find((j) => j.judge === "never")!, verdicts: 0, pairs: 0, accuracyIncludingTies: null },
  );
  // Held in memory or fed one pair at a time: the same board.
  const held = alignmentBoard(
    pairs,
    new Map([
      ["early", { builtIn: false, records: early }],
      ["late", { builtIn: false, records: late }],
      ["never", { builtIn: true, records: [] }],
    ]),
    { replicates: 300, seed: 3 },
  );
  assert.deepEqual(held, forward);
});

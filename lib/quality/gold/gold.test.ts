import assert from "node:assert/strict";
import { test } from "node:test";
import { type NormalizedDataset, buildDemoDataset } from "../../datasets";
import { computeFeatures } from "../../results/features";
import { parseBundle } from "../../datasets/importers";
import { exampleBundle } from "../../testing/bundles";
import { seededRandom } from "../../kernel";
import { failedChecks, runChecks, type GoldPoiLookup } from "./checks";
import { confirmDefect, DEFECT_KINDS, makeGold, type DefectKind } from "./perturb";

interface Source {
  ds: string;
  plan: NormalizedDataset["plans"][number];
  query: NormalizedDataset["queries"][number];
  poiOf: GoldPoiLookup;
}

async function feasibleSources(): Promise<Source[]> {
  const sets: [string, NormalizedDataset][] = [["demo", buildDemoDataset()]];
  const tc = await parseBundle(exampleBundle("tripcraft-fortwayne"));
  assert.ok(tc.ok);
  sets.push(["tripcraft", tc.dataset]);
  const out: Source[] = [];
  for (const [name, ds] of sets) {
    const facts = new Map(ds.pois.map((p) => [p.sourceId, p]));
    const poiOf: GoldPoiLookup = (id) => facts.get(id) ?? null;
    const queries = new Map(ds.queries.map((q) => [q.sourceId, q]));
    for (const plan of ds.plans) {
      const query = queries.get(plan.query)!;
      const f = computeFeatures(plan.itinerary, query, poiOf).features;
      if (f.format > 0 && f.commonsense > 0) out.push({ ds: name, plan, query, poiOf });
    }
  }
  return out;
}
const sources = feasibleSources();

for (const kind of DEFECT_KINDS) {
  test(`gold defect "${kind}": the altered plan fails exactly the injected check, the source passes it`, async () => {
    let made = 0;
    for (const s of await sources) {
      const gold = makeGold(kind, s.plan.itinerary, s.query, s.poiOf, { rng: seededRandom(made + 1) });
      if (!gold) continue;
      made++;
      const before = failedChecks(runChecks(s.plan.itinerary, s.query, s.poiOf));
      const after = failedChecks(runChecks(gold.altered, s.query, s.poiOf));
      assert.ok(!before.has(kind), "the source passes the injected check");
      assert.deepEqual(
        [...after].filter((c) => !before.has(c)),
        [kind],
        `${s.ds}/${s.plan.sourceId}: only ${kind} newly fails`,
      );
      assert.deepEqual(
        [...before].filter((c) => !after.has(c)),
        [],
        "nothing the source failed is repaired",
      );
      assert.equal(gold.defect.kind, kind);
      assert.ok(gold.defect.message.length > 10);
      assert.notDeepEqual(gold.altered, s.plan.itinerary);
      if (made >= 5) break;
    }
    assert.ok(made >= 1, `no plan yields a "${kind}" gold pair`);
  });
}

test("a perturbation that breaks a second check is discarded, and so is one the final constraints reject", async () => {
  const s = (await sources).find((x) => x.ds === "demo")!;
  const it = structuredClone(s.plan.itinerary);
  // Remove the first night's hotel and make the day's first timed item overlap its successor: two checks break.
  it.days[0].items = it.days[0].items.filter((x) => x.kind !== "hotel");
  const timed = it.days[1].items.filter((x) => x.kind !== "hotel" && x.startTime);
  timed[0].endTime = "23:00";
  assert.equal(confirmDefect("accommodation", s.plan.itinerary, it, s.query, s.poiOf), null);
  const only = structuredClone(s.plan.itinerary);
  only.days[0].items = only.days[0].items.filter((x) => x.kind !== "hotel");
  assert.ok(confirmDefect("accommodation", s.plan.itinerary, only, s.query, s.poiOf));
  // Final constraints: a newly failing constraint discards the candidate, unless it is about money and the defect is a budget overrun.
  const dsl = (codes: string[], failsAltered: boolean) => ({
    codes,
    failing: (x: typeof only) => new Set(failsAltered && x === only ? [0] : []),
  });
  assert.equal(
    confirmDefect(
      "accommodation",
      s.plan.itinerary,
      only,
      s.query,
      s.poiOf,
      dsl(["result = len(accommodation_type_set(plan)) > 0"], true),
    ),
    null,
  );
  assert.ok(confirmDefect("accommodation", s.plan.itinerary, only, s.query, s.poiOf, dsl(["result = True"], false)));
  const tc = (await sources).find((x) => x.ds === "tripcraft")!;
  const budget = makeGold("budget", tc.plan.itinerary, tc.query, tc.poiOf, { rng: seededRandom(3) })!;
  assert.ok(
    confirmDefect("budget", tc.plan.itinerary, budget.altered, tc.query, tc.poiOf, {
      codes: ["result = total_cost(plan) <= 2100"],
      failing: (x) => new Set(x === budget.altered ? [0] : []),
    }),
  );
});

test("a kind the request cannot show is not made: no budget overrun without a numeric budget", async () => {
  const demo = (await sources).filter((x) => x.ds === "demo");
  for (const s of demo.slice(0, 5))
    assert.equal(makeGold("budget", s.plan.itinerary, s.query, s.poiOf, { rng: seededRandom(1) }), null);
});

test("every kind is made from some plan of the shipped data, with the same seed the same alteration", async () => {
  const kinds = new Set<DefectKind>();
  for (const s of await sources)
    for (const k of DEFECT_KINDS)
      if (makeGold(k, s.plan.itinerary, s.query, s.poiOf, { rng: seededRandom(9) })) kinds.add(k);
  assert.deepEqual([...kinds].sort(), [...DEFECT_KINDS].sort());
  const s = (await sources)[0];
  assert.deepEqual(
    makeGold("duplicate_attraction", s.plan.itinerary, s.query, s.poiOf, { rng: seededRandom(4) }),
    makeGold("duplicate_attraction", s.plan.itinerary, s.query, s.poiOf, { rng: seededRandom(4) }),
  );
});

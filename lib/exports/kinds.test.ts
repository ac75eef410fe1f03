import assert from "node:assert/strict";
import { test } from "node:test";
import {
  LABEL_SOURCE_KEYS,
  labelSourceFields,
  PAIR_STATUS_FILTERS,
  pseudonym,
  type ExportRecord,
  type PairRecord,
} from "./records";
import {
  csvHeader,
  csvRow,
  EXPORT_KINDS,
  exportBytes,
  exportQuery,
  exportRefusal,
  exportText,
  filtersOf,
  LABEL_SOURCE_KINDS,
  parquetColumns,
  serialize,
  type ExportKind,
} from "./kinds";
import { readParquetRows } from "../testing/export-records";

test("judgment and labelled-pair rows flatten to their CSV columns; pseudonyms are stable and opaque", () => {
  const j = {
    pair_id: "p",
    query_id: "q",
    destination: "Rome",
    expert: "expert-0123456789",
    slot: 2,
    verdict: "B" as const,
    rationale: 'Too far, "really"\nyes',
    time_on_task_ms: 1200,
    left_plan: "A" as const,
    claimed_at: "2026-01-01T00:00:00.000Z",
    submitted_at: "2026-01-01T00:01:00.000Z",
    strength: 2,
    signed_preference: 2,
    ...labelSourceFields(null),
    review_status: "rejected" as const,
    reviewed_by: "expert-abcdef0123",
    review_reason: "Copied, word for word",
    dimensions: { route: { verdict: "B" as const, strength: 2 }, food: { verdict: "NA" as const, strength: null } },
  };
  assert.equal(
    csvHeader("judgments"),
    "pair_id,query_id,destination,expert,slot,verdict,rationale,time_on_task_ms,left_plan,claimed_at,submitted_at,strength,signed_preference,label_source,label_judge,label_threshold,label_confidence,review_status,reviewed_by,review_reason,dimensions\r\n",
  );
  assert.equal(
    csvRow("judgments", j),
    'p,q,Rome,expert-0123456789,2,B,"Too far, ""really""\nyes",1200,A,2026-01-01T00:00:00.000Z,2026-01-01T00:01:00.000Z,2,2,experts,,,,rejected,expert-abcdef0123,"Copied, word for word","{""route"":{""verdict"":""B"",""strength"":2},""food"":{""verdict"":""NA"",""strength"":null}}"\r\n',
  );
  assert.equal(serialize("judgments", "jsonl", j), JSON.stringify(j) + "\n");
  const l = {
    pair_id: "p",
    query_id: "q",
    destination: "Rome",
    plan_a: "a",
    plan_b: "b",
    verdicts: ["A" as const, "B" as const, "A" as const],
    label: "A" as const,
    label_basis: "majority" as const,
    ...labelSourceFields(null),
    agreement: 1 / 3,
    ds_label: "A" as const,
    ds_posterior: { A: 0.9, B: 0.08, NEITHER: 0.02 },
    dimension_verdicts: { route: ["A" as const, "SAME" as const, "A" as const] },
    dimension_majority: { route: "A" as const },
    dimension_agreement: { route: 1 / 3 },
    split: "train",
  };
  assert.equal(
    csvRow("labelled-pairs", l),
    `p,q,Rome,a,b,A|B|A,A,majority,experts,,,,${1 / 3},A,0.9,0.08,0.02,"{""route"":""A""}",train\r\n`,
  );
  // A dataset without dimensions leaves the cell empty.
  assert.match(csvRow("labelled-pairs", { ...l, dimension_majority: undefined }), /,0\.02,,train\r\n$/);
  assert.equal(pseudonym("user-1", "salt"), pseudonym("user-1", "salt"));
  assert.notEqual(pseudonym("user-1", "salt"), pseudonym("user-2", "salt"));
  assert.match(pseudonym("user-1", "salt"), /^expert-[0-9a-f]{10}$/);
});

test("an export's text comes in chunks that add up to the header and every row, with the running count", async () => {
  const l = {
    pair_id: "p",
    query_id: "q",
    destination: "Rome",
    plan_a: "a",
    plan_b: "b",
    verdicts: ["A" as const],
    label: "A" as const,
    label_basis: "majority" as const,
    ...labelSourceFields(null),
    agreement: null,
    ds_label: null,
    ds_posterior: null,
    split: "test",
  };
  async function* rows(n: number) {
    for (let i = 0; i < n; i++) yield { ...l, pair_id: `p${i}` };
  }
  const counts: number[] = [];
  const chunks: string[] = [];
  for await (const c of exportText("labelled-pairs", "csv", rows(50), 200, (n) => counts.push(n))) chunks.push(c);
  assert.ok(chunks.length > 5 && chunks.slice(0, -1).every((c) => c.length >= 200));
  const lines = chunks.join("").split("\r\n").filter(Boolean);
  assert.equal(lines[0], csvHeader("labelled-pairs").trimEnd());
  assert.equal(lines.length, 51);
  assert.equal(lines[50].split(",")[0], "p49");
  assert.equal(counts.at(-1), 50);
  // An empty export is its header alone (CSV) or nothing (JSONL).
  const empty: string[] = [];
  for await (const c of exportText("labelled-pairs", "csv", rows(0))) empty.push(c);
  assert.deepEqual(empty, [csvHeader("labelled-pairs")]);
  for await (const c of exportText("labelled-pairs", "jsonl", rows(0))) assert.fail(`unexpected ${c}`);
});

test("an export query maps to the database filters the same way everywhere", () => {
  const q = exportQuery.parse({ dataset: "ds1", destination: "d1", from: "2026-01-01", complete: "1", final: "0" });
  assert.deepEqual(filtersOf(q), {
    datasetId: "ds1",
    destinationId: "d1",
    from: new Date("2026-01-01"),
    to: undefined,
    completeOnly: true,
    finalOnly: false,
    verifiedOnly: false,
    labelSource: "experts",
    pairStatus: undefined,
    planner: undefined,
    judge: undefined,
    includeRejected: false,
    pairs: undefined,
  });
  assert.equal(exportQuery.safeParse({ from: "2026-02-30" }).success, false);
  // The pair browser's filter: its address read by its own schema, the view's parts left out.
  assert.deepEqual(filtersOf(exportQuery.parse({ pair_filter: "?status=complete&sort=judgments" })).pairs, {
    status: "complete",
  });
});

test("include_rejected: true (or 1) adds the rejected judgments, for judgments only; another value is refused", () => {
  assert.equal(filtersOf(exportQuery.parse({ include_rejected: "true" })).includeRejected, true);
  assert.equal(filtersOf(exportQuery.parse({ include_rejected: "1" })).includeRejected, true);
  assert.equal(filtersOf(exportQuery.parse({})).includeRejected, false);
  const bad = exportQuery.safeParse({ include_rejected: "yes" });
  assert.deepEqual(bad.error?.issues[0].path, ["include_rejected"]);
  const q = exportQuery.parse({ include_rejected: "true" });
  assert.equal(exportRefusal("judgments", q), null);
  for (const kind of EXPORT_KINDS.filter((k) => k !== "judgments"))
    assert.match(exportRefusal(kind, q)!, /include_rejected \(--include-rejected\) is for judgments/, kind);
  assert.deepEqual(
    Object.keys(parquetColumns("judgments")).filter((k) => k.startsWith("review")),
    ["review_status", "reviewed_by", "review_reason"],
  );
});

test("label_source: experts by default, or all; another value and all on a kind without pairs' labels are refused", () => {
  assert.equal(filtersOf(exportQuery.parse({ label_source: "all" })).labelSource, "all");
  const bad = exportQuery.safeParse({ label_source: "judge" });
  assert.deepEqual(bad.error?.issues[0].path, ["label_source"]);
  assert.match(bad.error!.issues[0].message, /expected "experts" .* or "all"/);
  const all = exportQuery.parse({ label_source: "all", format: "jsonl" });
  for (const kind of LABEL_SOURCE_KINDS) assert.equal(exportRefusal(kind, all), null, kind);
  for (const kind of ["judgments", "annotations", "corrections"] as const)
    assert.match(exportRefusal(kind, all)!, /label_source=all \(--label-source all\) is for labelled-pairs/, kind);
  for (const kind of EXPORT_KINDS) assert.equal(exportRefusal(kind, exportQuery.parse({})), null, kind);
});

test("every kind with a label has the four label-source columns, in JSONL, CSV and Parquet alike, for experts and a judge", async () => {
  const decision = { judge: "gpt-judge", verdict: "B" as const, confidence: 0.9, threshold: 0.85 };
  const battle = (d: typeof decision | null) => ({
    id: "p",
    model_a: "m1",
    model_b: "m2",
    winner: "model_b" as const,
    query_id: "q",
    pair_id: "p",
    destination: "Rome",
    judge: d ? d.judge : "expert-0123456789",
    left: d ? null : ("model_a" as const),
    submitted_at: "2026-01-01T00:01:00.000Z",
    split: "train",
    ...labelSourceFields(d),
  });
  const labelled = (d: typeof decision | null) => ({
    pair_id: "p",
    query_id: "q",
    destination: "Rome",
    plan_a: "a",
    plan_b: "b",
    verdicts: [],
    label: "B" as const,
    label_basis: d ? ("judge" as const) : ("majority" as const),
    ...labelSourceFields(d),
    agreement: null,
    ds_label: null,
    ds_posterior: null,
    split: "train",
  });
  const cases: [ExportKind, (d: typeof decision | null) => ExportRecord][] = [
    ["battles", battle],
    ["labelled-pairs", labelled],
  ];
  for (const [kind, make] of cases) {
    const rows = [make(null), make(decision)];
    const header = csvHeader(kind).trimEnd().split(",");
    for (const k of LABEL_SOURCE_KEYS) {
      assert.ok(header.includes(k), `${kind} CSV: ${k}`);
      assert.ok(k in parquetColumns(kind), `${kind} Parquet: ${k}`);
    }
    const at = header.indexOf("label_source");
    assert.deepEqual(
      csvRow(kind, rows[0])
        .trimEnd()
        .split(",")
        .slice(at, at + 4),
      ["experts", "", "", ""],
    );
    assert.deepEqual(
      csvRow(kind, rows[1])
        .trimEnd()
        .split(",")
        .slice(at, at + 4),
      ["judge", "gpt-judge", "0.85", "0.9"],
    );
    async function* stream() {
      yield* rows;
    }
    const parts: Uint8Array[] = [];
    for await (const c of exportBytes(kind, "parquet", stream())) parts.push(c);
    const back = readParquetRows(Buffer.concat(parts)).rows;
    assert.deepEqual(
      back.map((r) => LABEL_SOURCE_KEYS.map((k) => r[k])),
      [
        ["experts", null, null, null],
        ["judge", "gpt-judge", 0.85, 0.9],
      ],
      kind,
    );
    assert.deepEqual(JSON.parse(serialize(kind, "jsonl", rows[1])).label_judge, "gpt-judge");
  }
  // The other kinds with a label (raw judgments, training pairs, corrections; preference pairs and SFT rows with
  // metadata) declare the same columns.
  for (const kind of ["judgments", "training-pairs", "corrections"] as const)
    for (const k of LABEL_SOURCE_KEYS) assert.ok(k in parquetColumns(kind), `${kind}: ${k}`);
  assert.ok(csvHeader("judgments").includes("label_source,label_judge,label_threshold,label_confidence"));
  assert.ok(csvHeader("training-pairs").includes("label,label_source,label_judge,label_threshold,label_confidence"));
  assert.ok(!("label_source" in parquetColumns("annotations")));
});

test("to= is inclusive of its day (from=to=one day selects that day); years outside 1900–2200 are refused", () => {
  const day = filtersOf(exportQuery.parse({ from: "2026-11-24", to: "2026-11-24" }));
  assert.deepEqual([day.from, day.to], [new Date("2026-11-24T00:00:00Z"), new Date("2026-11-25T00:00:00Z")]);
  // A full timestamp is taken as written.
  assert.deepEqual(filtersOf(exportQuery.parse({ to: "2026-11-24T12:00:00Z" })).to, new Date("2026-11-24T12:00:00Z"));
  // The last day of a month and of a leap year roll over correctly.
  assert.deepEqual(filtersOf(exportQuery.parse({ to: "2028-02-29" })).to, new Date("2028-03-01T00:00:00Z"));
  // A range that ends before it begins is refused, naming `to`; one day (from = to) is a range.
  const backwards = exportQuery.safeParse({ from: "2026-11-27", to: "2026-01-01" });
  assert.equal(backwards.success, false);
  assert.deepEqual(backwards.error?.issues[0].path, ["to"]);
  assert.match(backwards.error!.issues[0].message, /before/);
  const empty = exportQuery.safeParse({ from: "2026-11-27", to: "2026-11-27T00:00:00Z" }); // `to` as written: exclusive
  assert.deepEqual(
    empty.error?.issues.map((i) => i.path),
    [["to"]],
  );
  assert.equal(exportQuery.safeParse({ from: "2026-11-27", to: "2026-11-27" }).success, true);
  for (const bad of ["0000-01-01", "1899-12-31", "2201-01-01", "9999-12-31"]) {
    const r = exportQuery.safeParse({ from: bad });
    assert.equal(r.success, false, bad);
    assert.match(JSON.stringify(r.error!.issues), /between 1900 and 2200/);
  }
});

test("pairs: one row a pair with its state, query and both plans as text, in JSONL, CSV and Parquet alike", async () => {
  const plan = JSON.stringify({ days: [{ day: 1, items: ["Louvre", "=SUM(A1)"] }] });
  const pair: PairRecord = {
    pair_id: "p1",
    dataset_id: "ds1",
    dataset: "Demo",
    destination: "Paris",
    status: "in_progress",
    judgments: 1,
    required_raters: 3,
    escalation: "calibration",
    verification: false,
    query_id: "q1",
    query_text: "Three days in Paris, museums",
    plan_a: "pa",
    plan_a_planner: "voyager-pro",
    plan_a_text: plan,
    plan_b: "pb",
    plan_b_planner: "atlas-7b",
    plan_b_text: "{}",
  };
  assert.equal(
    csvHeader("pairs"),
    "pair_id,dataset_id,dataset,destination,status,judgments,required_raters,escalation,verification,query_id,query_text,plan_a,plan_a_planner,plan_a_text,plan_b,plan_b_planner,plan_b_text\r\n",
  );
  assert.equal(
    csvRow("pairs", pair),
    `p1,ds1,Demo,Paris,in_progress,1,3,calibration,false,q1,"Three days in Paris, museums",pa,voyager-pro,"${plan.replace(/"/g, '""')}",pb,atlas-7b,{}\r\n`,
  );
  assert.match(csvRow("pairs", { ...pair, escalation: null }), /,3,,false,/);
  // The plan's text is JSON a judge's script parses back.
  assert.deepEqual(JSON.parse(JSON.parse(serialize("pairs", "jsonl", pair)).plan_a_text), JSON.parse(plan));
  async function* rows() {
    yield pair;
    yield { ...pair, pair_id: "p2", status: "decided" as const, escalation: null, verification: true };
  }
  const parts: Uint8Array[] = [];
  for await (const c of exportBytes("pairs", "parquet", rows())) parts.push(c);
  const back = readParquetRows(Buffer.concat(parts)).rows;
  assert.deepEqual(back[0], { ...pair });
  assert.deepEqual([back[1].status, back[1].escalation, back[1].verification], ["decided", null, true]);
});

test("pairs take status and planner; a wrong status, a date or another kind's filter is refused before anything streams", () => {
  const q = exportQuery.parse({ status: "waiting", planner: " atlas-7b ", dataset: "ds1" });
  assert.deepEqual([filtersOf(q).pairStatus, filtersOf(q).planner], ["waiting", "atlas-7b"]);
  assert.equal(exportRefusal("pairs", q), null);
  for (const status of PAIR_STATUS_FILTERS) assert.equal(exportQuery.safeParse({ status }).success, true, status);
  const bad = exportQuery.safeParse({ status: "pending" });
  assert.deepEqual(bad.error?.issues[0].path, ["status"]);
  assert.match(bad.error!.issues[0].message, /expected one of waiting, open, in_progress, complete, decided/);
  assert.match(exportRefusal("labelled-pairs", q)!, /status and planner .* are filters of the pairs export/);
  assert.match(exportRefusal("pairs", exportQuery.parse({ from: "2026-01-01" }))!, /not selected by date/);
  assert.match(exportRefusal("pairs", exportQuery.parse({ label_source: "all" }))!, /label_source=all/);
  assert.equal(exportQuery.safeParse({ planner: "" }).success, false);
});

test("battles take judge (an uploaded judge's battles); it is refused on other kinds and with the experts' own filters", () => {
  const q = exportQuery.parse({ judge: "gpt-judge", dataset: "ds1" });
  assert.equal(filtersOf(q).judge, "gpt-judge");
  assert.equal(exportRefusal("battles", q), null);
  assert.match(exportRefusal("labelled-pairs", q)!, /judge \(--judge\) is for battles/);
  for (const extra of [{ label_source: "all" }, { complete: "1" }, { from: "2026-01-01" }, { to: "2026-01-01" }])
    assert.match(
      exportRefusal("battles", exportQuery.parse({ judge: "gpt-judge", ...extra }))!,
      /exports that judge's battles alone/,
      JSON.stringify(extra),
    );
  // Every battle says its pair under lmarena's `id`, first, as `tripjudge leaderboard --judge-battles` reads it.
  assert.equal(csvHeader("battles").split(",")[0], "id");
});

/**
 * An export of the pair browser's filtered set (`pair_filter`): every kind made of pairs or judgments holds exactly
 * the records of the pairs the browser lists for that filter, in JSONL, CSV and Parquet alike; the card counts them;
 * the command line and the download's query take the browser's address as it is; kinds not made of pairs refuse it.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { parse } from "csv-parse/sync";
import {
  exportBytes,
  exportQuery,
  exportRefusal,
  filtersOf,
  optionsOf,
  type ExportFormat,
  type ExportKind,
} from "../kinds";
import { readParquetRows } from "../../testing/export-records";
import { seedHistory, seedJudgeVerdicts } from "../../testing/history";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { EVERY_DESTINATION, parsePairQuery } from "../../review";
import { pairPage } from "../../review/store";
import { exportCount, judgeCount, records, scopeProblem } from ".";

let t: TestDatabase;

before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 200, { experts: 5, texts: true });
  await seedHistory(t.db, 40, { experts: 4, prefix: "k", texts: true });
  await seedJudgeVerdicts(t.db, 200);
});
after(async () => t?.drop());

/** The pairs the browser lists for an address (every page). */
async function browsed(address: string): Promise<string[]> {
  const ids: string[] = [];
  let params = new URLSearchParams(address);
  params.set("size", "200");
  for (;;) {
    const q = parsePairQuery(params);
    assert.ok(q.success);
    const page = await pairPage(t.db, q.data, EVERY_DESTINATION);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.next) return ids.sort();
    params = new URLSearchParams(params);
    params.set("after", page.next);
  }
}

/** An export's rows as objects, whatever its format (CSV: the header's columns, pair_id among them). */
async function exported(kind: ExportKind, format: ExportFormat, query: Record<string, string>) {
  const q = exportQuery.parse({ format, ...query });
  assert.equal(exportRefusal(kind, q), null);
  const parts: Uint8Array[] = [];
  const options = optionsOf(q);
  for await (const c of exportBytes(kind, format, records(kind, t.db, filtersOf(q), options), { options }))
    parts.push(c);
  const bytes = Buffer.concat(parts);
  if (format === "parquet") return readParquetRows(bytes).rows as Record<string, unknown>[];
  const text = bytes.toString("utf8").trimEnd();
  if (!text) return [];
  if (format === "jsonl") return text.split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  return parse(text, { columns: true }) as Record<string, unknown>[];
}

const FILTER = "q=开放时间&agreement=majority&sort=judgments&cols=request";

test("every kind of pairs or judgments, in each format, holds the browser's pairs for the filter and no other", async () => {
  const pairs = await browsed(FILTER);
  assert.ok(pairs.length >= 5, `${pairs.length} pairs`);
  const everyPair = await browsed("");
  assert.ok(everyPair.length > pairs.length * 3);
  const query = { pair_filter: FILTER };
  for (const kind of ["judgments", "pairs", "labelled-pairs", "training-pairs", "battles"] as const)
    for (const format of ["jsonl", "csv", "parquet"] as const) {
      const rows = await exported(kind, format, query);
      const ids = [...new Set(rows.map((r) => String(r.pair_id)))].sort();
      assert.deepEqual(ids, pairs, `${kind} ${format}`);
      if (kind === "judgments") assert.ok(rows.length >= pairs.length * 2, "every judgment of each pair");
    }
  // Preference pairs (metadata carries pair_id) and SFT rows (one per request of those pairs at most).
  for (const format of ["jsonl", "parquet"] as const) {
    const prefs = await exported("preference-pairs", format, { ...query, with_metadata: "1" });
    assert.ok(prefs.length > 0);
    assert.ok(
      prefs.every((r) => pairs.includes(String(r.pair_id))),
      `preference pairs ${format}`,
    );
    const sft = await exported("sft", format, { ...query, with_metadata: "1" });
    const requests = new Set(pairs.map((p) => p.replace("pair", "q")));
    assert.ok(sft.length > 0 && sft.every((r) => requests.has(String(r.query_id))), `sft ${format}`);
  }
  // The card counts the same records.
  const f = filtersOf(exportQuery.parse(query));
  assert.equal(await exportCount(t.db, "labelled-pairs", f), pairs.length);
  assert.equal(await exportCount(t.db, "pairs", f), pairs.length);
  assert.equal(await exportCount(t.db, "judgments", f), (await exported("judgments", "jsonl", query)).length);
  assert.equal(await exportCount(t.db, "battles", f), (await exported("battles", "jsonl", query)).length);
  assert.equal(await judgeCount(t.db, "labelled-pairs", f), 0);
});

test("the browser's whole address works as the filter; dataset and dates still apply beside it", async () => {
  const address = `https://tripjudge.example/admin/pairs?destination=kd&agreement=unanimous&cols=verdicts&sort=priority`;
  const rows = await exported("judgments", "jsonl", { pair_filter: address });
  assert.deepEqual([...new Set(rows.map((r) => String(r.pair_id)))].sort(), await browsed(address.split("?")[1]));
  assert.ok(rows.length > 0 && rows.every((r) => String(r.pair_id).startsWith("kpair")));
  // judge-x judged only Historyville's pairs: with the other destination the filter leaves nothing.
  const none = await exported("labelled-pairs", "jsonl", { pair_filter: "judge=judge-x", destination: "kd" });
  assert.equal(none.length, 0);
  const some = await exported("labelled-pairs", "jsonl", { pair_filter: "judge=judge-x", destination: "hd" });
  assert.equal(some.length, 200);
});

test("a bad filter, a search of common words and the kinds not made of pairs are refused, saying why", async () => {
  const bad = exportQuery.safeParse({ pair_filter: "status=finished" });
  assert.ok(!bad.success);
  assert.match(bad.error.issues[0].message, /status: expected one of waiting, in_progress, complete, decided/);
  assert.deepEqual(bad.error.issues[0].path, ["pair_filter"]);
  for (const kind of ["annotations", "corrections"] as const)
    assert.match(
      exportRefusal(kind, exportQuery.parse({ pair_filter: "status=complete" }))!,
      /pair_filter \(--pair-filter\) is for the exports of pairs and judgments/,
    );
  assert.match(
    (await scopeProblem(t.db, filtersOf(exportQuery.parse({ pair_filter: "q=the" }))))!,
    /pair_filter: q: the search "the" has only words too common/,
  );
});

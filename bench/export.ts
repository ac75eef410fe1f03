/**
 * Export benchmark: 100,000 complete pairs × 3 judgments; the training-pairs export streamed as
 * JSONL from one snapshot (written to a file), reporting seconds and peak RSS against the RSS
 * before the export. Usage: npm run bench:export [-- PAIRS]
 */
import { createWriteStream, statSync } from "node:fs";
import { closeDb, createDb, poolOf } from "../lib/db/client";
import { trainingPairs } from "../lib/db/exports";
import { freshDatabase } from "./server";

const features = JSON.stringify({
  format: 1, commonsense: 1, schedule_density: 1, hotel_consistency: 0.5, daytime_utilization: 1, unique_attractions: 0.79, location_clustering: 0.9,
  iconic_landmarks: 0.75, attraction_diversity: 0.5, attraction_prioritization: 0.6, pacing: 1, budget: 0, physical_effort: null, user_request: 0.5, violations: [],
});

async function main() {
  const n = Number(process.argv[2] ?? 100_000);
  const pg = await freshDatabase("export", 54387);
  const db = createDb(pg.url);
  const sql = (text: string, values: unknown[] = []) => poolOf(db).query(text, values);
  const t0 = performance.now();
  await sql(`INSERT INTO "Destination" (id, name, country, lat, lon) VALUES ('d', 'Benchville', 'Nowhere', 0, 0)`);
  await sql(`INSERT INTO "Dataset" (id, name, format, "contentHash", counts) VALUES ('ds', 'export bench', 'CANONICAL', 'x', '{}')`);
  await sql(`INSERT INTO "User" (id, email, name, role, "updatedAt") SELECT 'u' || i, 'u' || i || '@b.t', 'u' || i, 'EXPERT', now() FROM generate_series(1, 3) i`);
  await sql(`INSERT INTO "Query" (id, "datasetId", "destinationId", "sourceId", text, days, preferences, raw, split)
             SELECT 'q' || i, 'ds', 'd', 'q' || i, 'request ' || i, 3, '{}', '{}', CASE WHEN i % 5 = 0 THEN 'test' ELSE 'train' END FROM generate_series(1, $1) i`, [n]);
  await sql(`INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, features, "contentHash")
             SELECT 'p' || i || s, 'q' || i, s, 'm' || s, '{}', '{}', $2::jsonb, 'h' FROM generate_series(1, $1) i, (VALUES ('a'), ('b')) v(s)`, [n, features]);
  await sql(`INSERT INTO "Pair" (id, "queryId", "planAId", "planBId", status, "submittedCount")
             SELECT 'pair' || i, 'q' || i, 'p' || i || 'a', 'p' || i || 'b', 'COMPLETE', 3 FROM generate_series(1, $1) i`, [n]);
  await sql(`INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt")
             SELECT 'a' || i || '-' || s, 'pair' || i, 'u' || s, s, 'SUBMITTED', 'p' || i || 'a', now() FROM generate_series(1, $1) i, generate_series(1, 3) s`, [n]);
  await sql(`INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId")
             SELECT 'j' || i || '-' || s, 'a' || i || '-' || s, 'pair' || i, 'u' || s, (ARRAY['A','B','NEITHER'])[1 + (i + CASE WHEN s = 3 AND i % 4 = 0 THEN 1 ELSE 0 END) % 3]::"Verdict", 'because', 1000, 'r' || i || '-' || s
             FROM generate_series(1, $1) i, generate_series(1, 3) s`, [n]);
  await sql("ANALYZE");
  const setup = (performance.now() - t0) / 1000;
  const rssBefore = process.memoryUsage().rss;
  const out = createWriteStream(".data/bench/training-pairs.jsonl");
  const t1 = performance.now();
  let count = 0;
  for await (const t of trainingPairs(db)) {
    if (!out.write(JSON.stringify(t) + "\n")) await new Promise<void>((r) => out.once("drain", () => r()));
    count++;
  }
  await new Promise<void>((r) => out.end(r));
  const seconds = (performance.now() - t1) / 1000;
  console.log(
    JSON.stringify(
      {
        pairs: n, trainingPairs: count, setupSeconds: +setup.toFixed(1), exportSeconds: +seconds.toFixed(2), pairsPerSecond: Math.round(count / seconds),
        fileMiB: +(statSync(".data/bench/training-pairs.jsonl").size / 1048576).toFixed(1), rssBeforeMiB: Math.round(rssBefore / 1048576),
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      },
      null,
      2,
    ),
  );
  await closeDb(db);
  await pg.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

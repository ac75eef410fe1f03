/** A plan thread (./plan-threads.ts): builds the import's references once, then answers batches of plan records. */
import { parentPort, workerData } from "node:worker_threads";
import { processBatch, type PlanBatch, type PlanThreadInit } from "./plan-threads";
import { Problems } from "./problems";
import { poiFactsOf, referencesOf } from "./references";

const init = workerData as PlanThreadInit;
// The reference tables' problems were reported by the import's own thread.
const refs = referencesOf(init.manifest, init.parts, init.tables, new Problems());
refs.queriesClean = init.queriesClean;
const poiOf = poiFactsOf(refs.places);

parentPort!.on("message", (b: PlanBatch) => {
  try {
    const answer = processBatch(refs, poiOf, b);
    parentPort!.postMessage({ id: b.id, ...answer }, [answer.documents.buffer]);
  } catch (e) {
    parentPort!.postMessage({ id: b.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});

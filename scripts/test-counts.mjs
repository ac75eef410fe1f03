/**
 * A reporter for node's test runner that writes one JSON object when the run ends:
 * {"passed", "failed", "skipped", "failures": [names]}. scripts/test-all.ts reads it (next to the spec
 * reporter people read) instead of scraping text.
 */
// Plain JavaScript: node loads reporters before tsx's hooks are in place.

/** @param {AsyncIterable<{ type: string, data: { name: string, file?: string, skip?: unknown, todo?: unknown, details?: { type?: string } } }>} source */
export default async function* testCounts(source) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: /** @type {string[]} */ ([]) };
  for await (const e of source) {
    if (e.data?.details?.type === "suite") continue;
    if (e.type === "test:pass") {
      if (e.data.skip || e.data.todo) counts.skipped++;
      else counts.passed++;
    } else if (e.type === "test:fail") {
      counts.failed++;
      counts.failures.push(`${e.data.file ?? ""} › ${e.data.name}`);
    }
  }
  yield JSON.stringify(counts) + "\n";
}

/** Writes a synthetic ChinaTravel-format bundle (lib/testing/generate-bundle.ts). Usage: tsx bench/generate-bundle.ts OUT_DIR [PLANS=10000] */
import { generateBundle } from "../lib/testing/generate-bundle";

const [out, n] = process.argv.slice(2);
if (!out) {
  console.error("usage: tsx bench/generate-bundle.ts OUT_DIR [PLANS]");
  process.exit(2);
}
generateBundle(out, Number(n ?? 10_000)).then(() => console.log(`wrote ${out}`));

import { DiscardingSink, streamBundle } from "/work/main/lib/importers/index";
import { sourceFromPath } from "/work/main/lib/importers/source";
const t = performance.now();
const r = await streamBundle(await sourceFromPath("/work/main/.data/bench/bundle-10000", Number.MAX_SAFE_INTEGER), new DiscardingSink(), { maxBytes: Number.MAX_SAFE_INTEGER });
console.log(r.ok, ((performance.now() - t) / 1000).toFixed(2), "s");

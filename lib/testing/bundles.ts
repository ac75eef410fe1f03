/** Test helpers: the example bundles shipped in public/examples, and in-memory edits of them. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BundleFiles } from "../datasets/importers";

export function exampleBundle(name: "tripscore-beijing" | "chinatravel-nanjing" | "tripcraft-fortwayne"): BundleFiles {
  const dir = path.resolve("public/examples", name);
  return new Map(readdirSync(dir).map((n) => [n, new Uint8Array(readFileSync(path.join(dir, n)))]));
}

export function withFile(files: BundleFiles, name: string, text: string): BundleFiles {
  const copy = new Map(files);
  copy.set(name, new TextEncoder().encode(text));
  return copy;
}

export function fileText(files: BundleFiles, name: string): string {
  return new TextDecoder().decode(files.get(name)!);
}

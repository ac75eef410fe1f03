/** Reading a bundle from disk: a folder of .json/.jsonl files, or a .zip archive. */
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { DEFAULT_MAX_BYTES, filesFromZip, sizeText, type BundleFiles } from "./bundle";
import { ImportRefused } from "./problems";

export function readBundleFromPath(p: string, maxBytes = DEFAULT_MAX_BYTES): BundleFiles {
  let st;
  try {
    st = statSync(p);
  } catch {
    throw new ImportRefused(`No such file or folder: ${p}`);
  }
  if (st.isFile()) {
    if (!p.toLowerCase().endsWith(".zip")) throw new ImportRefused(`${p} is not a .zip archive or a folder.`);
    if (st.size > maxBytes) throw new ImportRefused(`${p} is ${sizeText(st.size)}, over the ${sizeText(maxBytes)} limit.`);
    return filesFromZip(new Uint8Array(readFileSync(p)), maxBytes);
  }
  const files: BundleFiles = new Map();
  let total = 0;
  for (const name of readdirSync(p)) {
    if (!/\.(json|jsonl|ndjson)$/i.test(name)) continue;
    const full = path.join(p, name);
    const st = lstatSync(full);
    // A link could point anywhere (.data/auth-secret, system files), and problems quote what they read.
    if (st.isSymbolicLink()) throw new ImportRefused(`${name} is a symbolic link: a bundle folder holds plain files only.`);
    if (!st.isFile()) continue;
    total += st.size;
    if (total > maxBytes) throw new ImportRefused(`The bundle folder holds more than the ${sizeText(maxBytes)} limit.`);
    files.set(name, new Uint8Array(readFileSync(full)));
  }
  return files;
}

/**
 * Where a bundle's files come from: memory (small bundles, tests), a folder, or a .zip archive read
 * entry by entry. Every source streams its files, so no reader ever holds a whole bundle.
 */
import { createHash } from "node:crypto";
import { createReadStream, lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { DEFAULT_MAX_BYTES } from "../../kernel";
import { ImportRefused } from "./problems";

export { DEFAULT_MAX_BYTES };

/** A size for people: "256 MiB", "1.5 MiB", "980 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1048576) return `${Number((bytes / 1048576).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** Files by their name inside the bundle (folder prefix removed). */
export type BundleFiles = Map<string, Uint8Array>;

export interface BundleSource {
  /** File names (without folders), each once. */
  readonly names: string[];
  /** Uncompressed bytes of all files. */
  readonly totalBytes: number;
  sizeOf(name: string): number;
  open(name: string): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

const BUNDLE_FILE = /\.(json|jsonl|ndjson)$/i;
const hidden = (name: string) => name.split("/").some((p) => p.startsWith(".") || p === "__MACOSX");

function refuseOverLimit(total: number, maxBytes: number, what: string) {
  if (total > maxBytes)
    throw new ImportRefused(`${what} ${sizeText(total)}, over the ${sizeText(maxBytes)} limit (IMPORT_MAX_BYTES).`);
}

export function memorySource(files: BundleFiles, maxBytes = DEFAULT_MAX_BYTES): BundleSource {
  const totalBytes = [...files.values()].reduce((n, f) => n + f.byteLength, 0);
  refuseOverLimit(totalBytes, maxBytes, "The bundle is");
  return {
    names: [...files.keys()],
    totalBytes,
    sizeOf: (name) => files.get(name)?.byteLength ?? 0,
    async *open(name) {
      const bytes = files.get(name);
      // Handed out in slices so that the readers see what a file stream gives them.
      if (bytes) for (let i = 0; i < bytes.byteLength; i += 1 << 20) yield bytes.subarray(i, i + (1 << 20));
    },
    close: async () => {},
  };
}

export function folderSource(dir: string, maxBytes = DEFAULT_MAX_BYTES): BundleSource {
  const names: string[] = [];
  const sizes = new Map<string, number>();
  let totalBytes = 0;
  for (const name of readdirSync(dir).sort()) {
    if (!BUNDLE_FILE.test(name) || hidden(name)) continue;
    const st = lstatSync(path.join(dir, name));
    // A link could point anywhere (.data/auth-secret, system files), and problems quote what they read.
    if (st.isSymbolicLink())
      throw new ImportRefused(`${name} is a symbolic link: a bundle folder holds plain files only.`);
    if (!st.isFile()) continue;
    totalBytes += st.size;
    names.push(name);
    sizes.set(name, st.size);
  }
  refuseOverLimit(totalBytes, maxBytes, "The bundle folder holds");
  return {
    names,
    totalBytes,
    sizeOf: (name) => sizes.get(name) ?? 0,
    open: (name) => createReadStream(path.join(dir, name), { highWaterMark: 1 << 20 }),
    close: async () => {},
  };
}

/** A .zip archive: the central directory is read first (names, sizes), then each entry is inflated as a stream. */
export async function zipSource(file: string, maxBytes = DEFAULT_MAX_BYTES): Promise<BundleSource> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (e, z) =>
        e ? reject(e) : resolve(z),
      ),
    );
  } catch (e) {
    throw new ImportRefused(`The archive could not be read as a .zip file: ${(e as Error).message}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  let totalBytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!name.endsWith("/") && !hidden(name)) {
          const base = name.split("/").pop()!;
          // Files are known by their name alone: two entries with one name (in two folders, or twice) are ambiguous.
          const other = entries.get(base);
          if (other)
            return reject(
              new ImportRefused(`The archive holds two files named ${base} (${other.fileName} and ${name}): keep one.`),
            );
          totalBytes += entry.uncompressedSize;
          if (totalBytes > maxBytes)
            return reject(
              new ImportRefused(`The archive unpacks to more than the ${sizeText(maxBytes)} limit (IMPORT_MAX_BYTES).`),
            );
          entries.set(base, entry);
        }
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", (e) => reject(e));
      zip.readEntry();
    });
  } catch (e) {
    zip.close();
    if (e instanceof ImportRefused) throw e;
    throw new ImportRefused(`The archive could not be read as a .zip file: ${(e as Error).message}`);
  }
  return {
    names: [...entries.keys()],
    totalBytes,
    sizeOf: (name) => entries.get(name)?.uncompressedSize ?? 0,
    async *open(name) {
      const entry = entries.get(name);
      if (!entry) return;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))),
      );
      try {
        for await (const chunk of stream) yield chunk as Uint8Array;
      } catch (e) {
        throw new ImportRefused(`${entry.fileName} in the archive could not be unpacked: ${(e as Error).message}`);
      }
    },
    close: async () => zip.close(),
  };
}

/** A folder, or a .zip file, from a path given by a user. */
export async function sourceFromPath(p: string, maxBytes = DEFAULT_MAX_BYTES): Promise<BundleSource> {
  let st;
  try {
    st = statSync(p);
  } catch {
    throw new ImportRefused(`No such file or folder: ${p}`);
  }
  if (st.isDirectory()) return folderSource(p, maxBytes);
  if (!p.toLowerCase().endsWith(".zip")) throw new ImportRefused(`${p} is not a .zip archive or a folder.`);
  return zipSource(p, maxBytes);
}

/**
 * Content hash of a bundle: its files by name, size and bytes (so a re-import is recognized before parsing).
 * The same for a folder, a .zip and memory, and the same as datasets imported before streaming.
 */
export async function sourceHash(source: BundleSource): Promise<string> {
  const h = createHash("sha256");
  for (const name of [...source.names].sort()) {
    h.update(`${name}\0${source.sizeOf(name)}\0`);
    for await (const chunk of source.open(name)) h.update(chunk);
  }
  return h.digest("hex");
}

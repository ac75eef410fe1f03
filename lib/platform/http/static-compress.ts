/**
 * The build's static files (/_next/static/…: the pages' JavaScript and CSS) served compressed by the front server
 * (scripts/serve.ts), each compressed once and kept: their names carry a content hash, so a file never changes
 * under its name. next.config.js leaves Next.js's own compression off (it compresses every answer again, API
 * calls included, on every request); these files are the bulk of a first visit's bytes (issue 43: 845 KB of
 * JavaScript sent uncompressed to the judging screen).
 */
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const PREFIX = "/_next/static/";
/** Text types only: images and fonts are compressed already. */
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};
// Brotli at quality 6: within 10 % of its best size, at a twentieth of the time (tens of ms for the largest chunk).
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

export type Encoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: brotli before gzip; none for "identity" or a q=0 refusal. */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name) offered.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (e: string) => (offered.get(e) ?? offered.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

/**
 * Returns a handler for the front server: true when it answers the request (a static text file of `dir` the client
 * takes compressed), false to leave it to Next.js (anything else, a file not there, a path that leaves `dir`).
 */
export function compressedStatic(dir: string, headers: Record<string, string>) {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<Buffer>>();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith(PREFIX)) return false;
    const encoding = chooseEncoding(req.headers["accept-encoding"] as string | undefined);
    if (!encoding) return false;
    let rel: string;
    try {
      rel = decodeURIComponent(url.slice(PREFIX.length).split("?")[0]);
    } catch {
      return false;
    }
    const type = TYPES[path.extname(rel)];
    const file = path.resolve(root, rel);
    if (!type || !file.startsWith(root + path.sep)) return false;
    try {
      if (!statSync(file).isFile()) return false;
    } catch {
      return false;
    }
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      body = readFile(file).then((raw) =>
        encoding === "br"
          ? toBrotli(raw, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : toGzip(raw, { level: 9 }),
      );
      cache.set(key, body);
      body.catch(() => cache.delete(key));
    }
    body.then(
      (b) => {
        res.writeHead(200, {
          ...headers,
          "content-type": type,
          "content-encoding": encoding,
          "content-length": b.length,
          "cache-control": "public, max-age=31536000, immutable",
          vary: "Accept-Encoding",
        });
        res.end(req.method === "HEAD" ? undefined : b);
      },
      () => {
        res.writeHead(500, { ...headers, "content-type": "text/plain" });
        res.end("The file could not be read.");
      },
    );
    return true;
  };
}

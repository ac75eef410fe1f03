/**
 * Reads a battles file as the field publishes it, stopping at its size limit: JSON Lines (TripJudge's
 * export, lmarena's data sets as JSONL) or one JSON array (FastChat's `clean_battle_*.json`, written with
 * indentation), told apart by the first character. An array is streamed element by element (stream-json),
 * so memory holds one battle at a time, whatever the file's size.
 */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { Writable } from "node:stream";
import streamArray from "stream-json/streamers/stream-array.js";
import { BattleSetBuilder, BattlesError, parseBattle, parseBattleLine, type BattleSet } from "./battles";

/** A line longer than this is refused (a battle record is a few hundred bytes). */
export const MAX_BATTLE_LINE = 64 * 1024;

export interface BattlesFileOptions {
  /** Keep battles whose planners the judge saw (`"anony": false`); FastChat leaves them out, and so do we by default. */
  includeNamed?: boolean;
  /** Battles by this dimension's winner (TripJudge's battles export) instead of the overall one. */
  dimension?: string;
}

export interface BattlesFile {
  set: BattleSet;
  selfBattles: number;
  /** Battles left out because they were not anonymous (0 with includeNamed). */
  named: number;
  /** With a dimension: battles left out because that dimension was not applicable or not asked. */
  withoutDimension: number;
  layout: "jsonl" | "json-array";
}

async function firstCharacter(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart()
      .charAt(0);
  } finally {
    await handle.close();
  }
}

/**
 * What a reader of a battles file is handed: the battle, where it is (for errors), and its 0-based position among
 * the log's lines (blank ones counted) or array elements.
 */
type TakeBattle = (b: ReturnType<typeof parseBattle>, where: string, position: number) => void;

/**
 * Each battle of a battles file in order, with where it is (file and line, or array element), stopping at the size
 * limit; returns the file's layout. Errors name the place.
 */
export async function readBattleRecords(
  path: string,
  maxBytes: number,
  take: TakeBattle,
): Promise<BattlesFile["layout"]> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (e) {
    throw new BattlesError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > maxBytes)
    throw new BattlesError(`${path}: ${size} bytes, above the limit of ${maxBytes} (IMPORT_MAX_BYTES)`);
  const layout = (await firstCharacter(path)) === "[" ? "json-array" : "jsonl";
  // Either stream stops at the limit even if the file grows while it is read.
  if (layout === "json-array") await readArray(path, maxBytes, take);
  else await readLines(path, maxBytes, take);
  return layout;
}

/**
 * Every battle of a log, in order, with its position among the log's lines or elements (counted whether or not the
 * caller keeps the battle), stopping at the size limit; the layout read.
 */
export function forEachBattle(
  path: string,
  maxBytes: number,
  take: (b: ReturnType<typeof parseBattle>, position: number) => void,
): Promise<BattlesFile["layout"]> {
  return readBattleRecords(path, maxBytes, (b, _where, position) => take(b, position));
}

export async function readBattlesFile(
  path: string,
  maxBytes: number,
  opts: BattlesFileOptions = {},
): Promise<BattlesFile> {
  const builder = new BattleSetBuilder();
  let named = 0;
  let withoutDimension = 0;
  const take = (b: ReturnType<typeof parseBattle>) => {
    if (b.named && !opts.includeNamed) named++;
    else if (opts.dimension === undefined) builder.addLine(b);
    else {
      // "about the same" is a tie; not applicable (null) or a dimension the battle does not carry leaves it out.
      const winner = b.dimensions?.[opts.dimension];
      if (winner === null || winner === undefined) withoutDimension++;
      else builder.addLine({ ...b, winner });
    }
  };
  const layout = await readBattleRecords(path, maxBytes, take);
  const set = builder.build();
  if (set.size === 0 && opts.dimension !== undefined)
    throw new BattlesError(
      `${path}: no battle has a verdict on the dimension "${opts.dimension}" (${withoutDimension} without one: not applicable, or a battles file without dimensions)`,
    );
  if (set.size === 0)
    throw new BattlesError(
      `${path}: no battles between two different planners${named ? ` (${named} non-anonymous battles left out: --include-named keeps them)` : ""}`,
    );
  return { set, selfBattles: builder.selfBattles, named, withoutDimension, layout };
}

async function readLines(path: string, maxBytes: number, take: TakeBattle) {
  const stream = createReadStream(path, { encoding: "utf8", end: maxBytes - 1 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (line.length > MAX_BATTLE_LINE)
        throw new BattlesError(`${path}:${lineNo}: line longer than ${MAX_BATTLE_LINE} characters`);
      const text = lineNo === 1 ? line.replace(/^\uFEFF/, "") : line;
      if (!text.trim()) continue;
      take(parseBattleLine(text, path, lineNo), `${path}:${lineNo}`, lineNo - 1);
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

async function readArray(path: string, maxBytes: number, take: TakeBattle) {
  const source = createReadStream(path, { end: maxBytes - 1 });
  // stream-json reads no byte-order mark: drop one before the parser sees it.
  let first = true;
  const withoutBom = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      yield first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
      first = false;
    }
  };
  const sink = new Writable({
    objectMode: true,
    write({ key, value }: { key: number; value: unknown }, _enc, done) {
      try {
        take(parseBattle(value, `${path}: element ${key + 1}`), `${path}: element ${key + 1}`, key);
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
  try {
    await pipeline(source, withoutBom, streamArray.withParserAsStream(), sink);
  } catch (e) {
    if (e instanceof BattlesError) throw e;
    throw new BattlesError(`${path}: not a valid JSON array of battles (${(e as Error).message})`);
  }
}

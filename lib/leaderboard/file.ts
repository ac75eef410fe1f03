/** Reads a battles file (JSONL, FastChat's battle shape) line by line, stopping at its size limit. */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { BattleSetBuilder, BattlesError, parseBattleLine, type BattleSet } from "./battles";

/** A line longer than this is refused (a battle record is a few hundred bytes). */
export const MAX_BATTLE_LINE = 64 * 1024;

export async function readBattlesFile(path: string, maxBytes: number): Promise<{ set: BattleSet; selfBattles: number }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (e) {
    throw new BattlesError(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > maxBytes) throw new BattlesError(`${path}: ${size} bytes, above the limit of ${maxBytes} (IMPORT_MAX_BYTES)`);
  const builder = new BattleSetBuilder();
  // The stream stops at the limit even if the file grows while it is read.
  const stream = createReadStream(path, { encoding: "utf8", end: maxBytes - 1 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (line.length > MAX_BATTLE_LINE) throw new BattlesError(`${path}:${lineNo}: line longer than ${MAX_BATTLE_LINE} characters`);
      const text = lineNo === 1 ? line.replace(/^\uFEFF/, "") : line;
      if (!text.trim()) continue;
      builder.addLine(parseBattleLine(text, path, lineNo));
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  const set = builder.build();
  if (set.size === 0) throw new BattlesError(`${path}: no battles between two different planners`);
  return { set, selfBattles: builder.selfBattles };
}

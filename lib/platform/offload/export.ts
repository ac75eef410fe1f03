/**
 * An export's bytes (JSONL, CSV or Parquet), chunk by chunk: written here (the CLI, tests, ADMIN_PROCESSES=0) or in
 * an admin process and passed across its IPC channel one chunk per request (decision 017; the channel's "advanced"
 * serialization carries the bytes as they are), so that serializing a large export never holds the event loop that
 * serves judging, and at most one chunk is in flight (the client's download pace sets the thread's).
 */
import type { Db } from "../db/client";
import { records, type SoftLabelSource } from "../../exports/store";
import { exportBytes, type ExportFormat, type ExportKind, type ExportOptions, type ExportFilters } from "../../exports";
import { failureOf, type TaskFailure, type TaskOutcome } from "./errors";
import { sharedSoftLabels } from "./soft-labels";
import type { InTurn } from "./turns";

export interface ExportArgs {
  kind: ExportKind;
  format: ExportFormat;
  filters: ExportFilters;
  /** What the query asks of the records (pseudonyms or names, a preference pair's target and options). */
  options: ExportOptions;
}

/** What the thread answers to one "pull": the next chunk, the end (with the rows written), or the failure. */
export type ExportReply = { chunk: Uint8Array } | { done: true; rows: number } | { error: TaskFailure };

const CHUNK_BYTES = 65_536;

/** The export's chunks, written in this thread; `soft` gives the soft labels (a fit per export by default). */
export function exportChunksHere(db: Db, a: ExportArgs, onRows?: (n: number) => void, soft?: SoftLabelSource) {
  const rows = records(a.kind, db, a.filters, a.options, soft);
  return exportBytes(a.kind, a.format, rows, { chunkBytes: CHUNK_BYTES, onRows, options: a.options });
}

/** The admin process's end of one export's channel (lib/platform/offload/process.ts carries it over the process's IPC). */
export interface ExportPort {
  on(event: "message", listener: (m: "pull" | "cancel") => void): void;
  postMessage(reply: ExportReply): void;
  close(): void;
}

/**
 * In an admin process: answers the web server's pulls on `port` until the export ends or is cancelled, each pull one
 * unit of the process's work (`inTurn`: turns.ts).
 */
export function serveExport(
  db: Db,
  a: ExportArgs,
  port: ExportPort,
  inTurn: InTurn = (work) => work(),
): Promise<TaskOutcome<number>> {
  let rows = 0;
  const chunks = exportChunksHere(db, a, (n) => (rows = n), sharedSoftLabels(db));
  return new Promise((resolve) => {
    let turn = Promise.resolve();
    const finish = (outcome: TaskOutcome<number>) => {
      port.close();
      resolve(outcome);
    };
    port.on("message", (m: "pull" | "cancel") => {
      // One request at a time, in order.
      turn = turn.then(async () => {
        try {
          if (m === "cancel") {
            await inTurn(() => chunks.return(undefined));
            return finish({ ok: true, value: rows });
          }
          const next = await inTurn(() => chunks.next());
          if (next.done) {
            port.postMessage({ done: true, rows } satisfies ExportReply);
            return finish({ ok: true, value: rows });
          }
          port.postMessage({ chunk: next.value } satisfies ExportReply);
        } catch (e) {
          const error = failureOf(e);
          port.postMessage({ error } satisfies ExportReply);
          finish({ ok: false, error });
        }
      });
    });
  });
}

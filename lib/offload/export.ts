/**
 * An export's text, chunk by chunk: written here (the CLI, tests, ADMIN_THREADS=0) or in an admin thread and
 * passed across a MessagePort one chunk per request (decision 010), so that serializing a large export never
 * holds the event loop that serves judging, and at most one chunk is in flight (the client's download pace
 * sets the thread's).
 */
import type { MessagePort } from "node:worker_threads";
import type { Db } from "../db/client";
import { records, type SoftLabelSource } from "../db/exports";
import { exportText, type ExportKind } from "../export/kinds";
import type { ExportFilters } from "../export/records";
import { failureOf, type TaskFailure, type TaskOutcome } from "./errors";
import { softLabelsFor } from "./soft-labels";

export interface ExportArgs {
  kind: ExportKind;
  format: "jsonl" | "csv";
  filters: ExportFilters;
  names: boolean;
}

/** What the thread answers to one "pull": the next chunk, the end (with the rows written), or the failure. */
export type ExportReply = { chunk: string } | { done: true; rows: number } | { error: TaskFailure };

const CHUNK_CHARS = 65_536;

/** The export's chunks, written in this thread; `soft` gives the soft labels (a fit per export by default). */
export function exportChunksHere(db: Db, a: ExportArgs, onRows?: (n: number) => void, soft?: SoftLabelSource) {
  return exportText(a.kind, a.format, records(a.kind, db, a.filters, { names: a.names }, soft), CHUNK_CHARS, onRows);
}

/** In an admin thread: answers the web server's pulls on `port` until the export ends or is cancelled. */
export function serveExport(db: Db, a: ExportArgs, port: MessagePort): Promise<TaskOutcome<number>> {
  let rows = 0;
  // The thread's soft labels: one fit for the whole export, shared with exports begun within the figures' age.
  let fit: string | undefined;
  const soft: SoftLabelSource = async (pairIds) => {
    const r = await softLabelsFor(db, { fit, pairIds });
    fit = r.fit;
    return r.labels;
  };
  const chunks = exportChunksHere(db, a, (n) => (rows = n), soft);
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
            await chunks.return(undefined);
            return finish({ ok: true, value: rows });
          }
          const next = await chunks.next();
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

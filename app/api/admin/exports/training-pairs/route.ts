import { z } from "zod";
import { db } from "@/lib/db/client";
import { trainingPairs } from "@/lib/db/exports";
import { TRAINING_CSV_COLUMNS, csvLine, trainingCsvRow } from "@/lib/export/training";
import { withRole } from "@/lib/server/api";

const query = z.object({
  format: z.enum(["jsonl", "csv"]).default("jsonl"),
  dataset: z.string().max(64).optional(),
  destination: z.string().max(64).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

/** Streams the training pairs (JSONL or CSV) from one database snapshot. */
export const GET = withRole("ADMIN", async (req, { user }) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const rows = trainingPairs(db(), { datasetId: q.dataset, destinationId: q.destination, from: q.from, to: q.to });
  const enc = new TextEncoder();
  let count = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (q.format === "csv") controller.enqueue(enc.encode(csvLine(TRAINING_CSV_COLUMNS)));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) {
        controller.close();
        await db().auditEvent.create({ data: { actorId: user.id, action: "export.training-pairs", data: { ...q, count } } });
        return;
      }
      count++;
      controller.enqueue(enc.encode(q.format === "csv" ? trainingCsvRow(next.value) : JSON.stringify(next.value) + "\n"));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  return new Response(stream, {
    headers: {
      "content-type": q.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="training-pairs-${stamp}.${q.format}"`,
    },
  });
});

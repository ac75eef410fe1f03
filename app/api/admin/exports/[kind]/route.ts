import { z } from "zod";
import { db } from "@/lib/db/client";
import { EXPORT_KINDS, exportQuery, exportText, filtersOf } from "@/lib/export/kinds";
import { auditExport, records } from "@/lib/db/exports";
import type { SoftLabelSource } from "@/lib/db/exports";
import { offload } from "@/lib/offload/run";
import { withRole } from "@/lib/server/api";

/** Dawid–Skene's soft labels for one export: fitted off the event loop, each batch's labels from the same fit (decision 010). */
function softLabels(): SoftLabelSource {
  let fit: string | undefined;
  return async (pairIds) => {
    const r = await offload("softLabels", { fit, pairIds });
    fit = r.fit;
    return r.labels;
  };
}
import { createJob } from "@/lib/server/jobs";

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });

/** Streams an export (raw judgments, labelled pairs or training pairs) as JSONL or CSV from one snapshot. */
export const GET = withRole("ADMIN", { params: kindParams }, async (req, { user, params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  let count = 0;
  const text = exportText(
    kind,
    q.format,
    records(kind, db(), filtersOf(q), { names: q.names === "1" }, softLabels()),
    65_536,
    (n) => (count = n),
  );
  const enc = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await text.next();
      if (!next.done) return controller.enqueue(enc.encode(next.value));
      controller.close();
      await auditExport(db(), user.id, kind, q, count);
    },
    async cancel() {
      await text.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  return new Response(stream, {
    headers: {
      "content-type": q.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="${kind}-${stamp}.${q.format}"`,
    },
  });
});

/** A large export as a background job (same query as GET): 202 with the job; its file is then at /api/admin/jobs/ID/download. */
export const POST = withRole("ADMIN", { params: kindParams }, async (req, { user, params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const jobId = await createJob(db(), {
    kind: "export",
    title: `Export ${kind} (${q.format})`,
    input: { kind, query: q },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

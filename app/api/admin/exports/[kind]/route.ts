import { z } from "zod";
import { db } from "@/lib/db/client";
import { auditExport } from "@/lib/db/exports";
import { EXPORT_KINDS, exportQuery, filtersOf } from "@/lib/export/kinds";
import { exportChunks } from "@/lib/offload/run";
import { withRole } from "@/lib/server/api";
import { createJob } from "@/lib/server/jobs";

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });

/**
 * Streams an export (raw judgments, labelled pairs or training pairs) as JSONL or CSV from one snapshot, written in
 * an admin thread a chunk at a time as the download asks for it (decision 010).
 */
export const GET = withRole("ADMIN", { params: kindParams }, async (req, { user, params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  let count = 0;
  const text = exportChunks(
    { kind, format: q.format, filters: filtersOf(q), names: q.names === "1" },
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

import { z } from "zod";
import { db } from "@/lib/platform/db";
import { auditExport, scopeProblem } from "@/lib/exports/store";
import { EXPORT_CONTENT_TYPES, EXPORT_KINDS, exportQuery, exportRefusal, filtersOf, optionsOf } from "@/lib/exports";
import { AppError } from "@/lib/kernel";
import { exportChunks } from "@/lib/platform/offload";
import { createJob } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

const kindParams = z.object({ kind: z.enum(EXPORT_KINDS) });

/**
 * Streams an export of any kind as JSONL, CSV or Parquet (read in pages by key), written in an admin process a chunk at a
 * time as the download asks for it (decision 017; Parquet a row group at a time, decision 011).
 */
export const GET = withRole("ADMIN", { params: kindParams }, async (req, { user, params: { kind } }) => {
  const q = exportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const refusal = exportRefusal(kind, q);
  if (refusal) throw new AppError("invalid_request", refusal);
  const scope = await scopeProblem(db(), filtersOf(q));
  if (scope) throw new AppError("not_found", `Nothing to export: ${scope}.`);
  let count = 0;
  const chunks = exportChunks(
    { kind, format: q.format, filters: filtersOf(q), options: optionsOf(q) },
    (n) => (count = n),
  );
  // The first chunk before the answer's status: an export that fails before its first byte (a Parquet row group
  // is written whole) answers with its error, not with a 200 whose connection then drops.
  let first: IteratorResult<Uint8Array> | null = await chunks.next();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = first ?? (await chunks.next());
      first = null;
      if (!next.done) return controller.enqueue(next.value);
      controller.close();
      await auditExport(db(), user.id, kind, q, count);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  return new Response(stream, {
    headers: {
      "content-type": EXPORT_CONTENT_TYPES[q.format],
      "content-disposition": `attachment; filename="${kind}-${stamp}.${q.format}"`,
    },
  });
});

/** A large export as a background job (same query as GET): 202 with the job; its file is then at /api/admin/jobs/ID/download. */
export const POST = withRole("ADMIN", { params: kindParams }, async (req, { user, params: { kind } }) => {
  // The job keeps the query as asked (it parses it again when it runs: parsed dates and splits do not round-trip).
  const raw = Object.fromEntries(new URL(req.url).searchParams);
  const q = exportQuery.parse(raw);
  const refusal = exportRefusal(kind, q);
  if (refusal) throw new AppError("invalid_request", refusal);
  const scope = await scopeProblem(db(), filtersOf(q));
  if (scope) throw new AppError("not_found", `Nothing to export: ${scope}.`);
  const jobId = await createJob(db(), {
    kind: "export",
    title: `Export ${kind} (${q.format})`,
    input: { kind, query: raw },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

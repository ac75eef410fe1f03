import { recordAudit } from "@/lib/audit/store";
import { db, readStoredFile, storedFilesOf } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS } from "@/lib/exports";
import { jobParams, withRole } from "@/lib/platform/next";

/**
 * The file an export job wrote, streamed from the database chunk by chunk. Each download is an event of the audit log
 * (the job's run is one already), written when it ends or is broken off.
 */
export const GET = withRole("ADMIN", { params: jobParams }, async (_req, { user, params: { id } }) => {
  const [file] = await storedFilesOf(db(), id, "export");
  if (!file) throw new AppError("not_found", "This job has no file to download (not an export, or not finished).");
  const chunks = readStoredFile(db(), file.id);
  // The export job names its file KIND-STAMP.FORMAT (a dataset repository: a .zip).
  const format = EXPORT_FORMATS.find((f) => file.name.endsWith(`.${f}`)) ?? "jsonl";
  const type = file.name.endsWith(".zip") ? "application/zip" : EXPORT_CONTENT_TYPES[format];
  const record = (complete: boolean) =>
    recordAudit(db(), {
      actorId: user.id,
      action: "export.download",
      targetType: "Job",
      targetId: id,
      data: { file: file.name, bytes: Number(file.bytes), complete },
    });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (!next.done) return controller.enqueue(next.value);
      controller.close();
      await record(true);
    },
    async cancel() {
      await chunks.return(undefined);
      await record(false);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${file.name}"`,
      "content-length": String(file.bytes),
    },
  });
});

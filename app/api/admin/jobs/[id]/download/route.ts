import { db } from "@/lib/db/client";
import { readStoredFile, storedFilesOf } from "@/lib/db/files";
import { AppError } from "@/lib/errors";
import { jobParams, withRole } from "@/lib/server/api";

/** The file an export job wrote, streamed from the database chunk by chunk. */
export const GET = withRole("ADMIN", { params: jobParams }, async (_req, { params: { id } }) => {
  const [file] = await storedFilesOf(db(), id, "export");
  if (!file) throw new AppError("not_found", "This job has no file to download (not an export, or not finished).");
  const chunks = readStoredFile(db(), file.id);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": file.name.endsWith(".csv") ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="${file.name}"`,
      "content-length": String(file.bytes),
    },
  });
});

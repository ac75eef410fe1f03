import { z } from "zod";
import { db } from "@/lib/db/client";
import { readStoredFile, storedFilesOf } from "@/lib/db/files";
import { UserError } from "@/lib/db/users";
import { withRole } from "@/lib/server/api";

/** The file an export job wrote, streamed from the database chunk by chunk. */
export const GET = withRole("ADMIN", async (_req, { params }: { params: Promise<{ id: string }> }) => {
  const id = z.uuid().parse((await params).id);
  const [file] = await storedFilesOf(db(), id, "export");
  if (!file) throw new UserError("This job has no file to download (not an export, or not finished).", 404);
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

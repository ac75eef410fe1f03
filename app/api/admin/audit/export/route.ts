import { AUDIT_CSV_HEADER, auditCsvLine, auditExportQuery, auditJsonLine, auditQueryString } from "@/lib/audit";
import { auditEvents, auditPage, recordAudit } from "@/lib/audit/store";
import { db } from "@/lib/platform/db";
import { withRole } from "@/lib/platform/next";

const TYPES = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" };

/**
 * Every event the filters match as CSV or JSON Lines, streamed as the download asks for it (read by key, 1,000 events
 * at a time). The download is itself an event of the log, written when it ends or is broken off.
 */
export const GET = withRole("ADMIN", async (req, { user }) => {
  const { format, ...filters } = auditExportQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  // An unknown actor answers 400 here, before any byte.
  await auditPage(db(), filters, null, 1);
  const events = auditEvents(db(), filters);
  const encoder = new TextEncoder();
  let count = 0;
  let header = format === "csv";
  let recorded = false;
  const record = async (complete: boolean) => {
    if (recorded) return;
    recorded = true;
    await recordAudit(db(), {
      actorId: user.id,
      action: "audit.export",
      data: { format, filters: auditQueryString(filters), count, complete },
    });
  };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (header) {
        header = false;
        return controller.enqueue(encoder.encode(AUDIT_CSV_HEADER));
      }
      // About 100 events a chunk.
      let text = "";
      for (let i = 0; i < 100; i++) {
        const next = await events.next();
        if (next.done) break;
        count++;
        text += format === "csv" ? auditCsvLine(next.value) : auditJsonLine(next.value);
      }
      if (text) return controller.enqueue(encoder.encode(text));
      controller.close();
      await record(true);
    },
    async cancel() {
      await events.return(undefined);
      await record(false);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "");
  return new Response(stream, {
    headers: {
      "content-type": TYPES[format],
      "content-disposition": `attachment; filename="audit-${stamp}.${format}"`,
    },
  });
});

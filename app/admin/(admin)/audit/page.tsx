import { auditFilters, auditQueryString, type AuditFilters } from "@/lib/audit";
import { auditPage } from "@/lib/audit/store";
import { AppError } from "@/lib/kernel";
import { db } from "@/lib/platform/db";
import { requirePageUser } from "@/lib/platform/next";
import { AuditFilterForm } from "@/components/admin/audit/AuditFilterForm";
import { AuditLog } from "@/components/admin/audit/AuditLog";

type Search = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The audit log (lib/audit): who changed what, newest first, with before → after; the filters are the address, so a
 * view can be shared. The first page is read here, the next ones through the API ("Load more"). Reading changes nothing.
 */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  // Reads the database itself: checks the role again (app/admin/(admin)/layout.tsx).
  await requirePageUser("ADMIN");
  const raw = await searchParams;
  const given = Object.fromEntries(
    ["action", "actor", "targetType", "targetId", "from", "to"].map((k) => [k, first(raw[k])]),
  );
  const parsed = auditFilters.safeParse(given);
  const filters: AuditFilters = parsed.success ? parsed.data : {};
  let problem = parsed.success ? null : parsed.error.issues.map((i) => i.message).join(" ");
  const page = parsed.success
    ? await auditPage(db(), filters, null, 50).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e;
        problem = e.message;
        return null;
      })
    : null;
  const query = auditQueryString(filters);
  return (
    <>
      <h1>Audit log</h1>
      <p className="muted">
        Who changed settings, destinations, assignments and standings, removed judgments, ran or downloaded exports —
        newest first, with what was before and what came after. The log is kept in PostgreSQL and cannot be changed from
        the app.
      </p>
      <section className="card" aria-label="Filters">
        <AuditFilterForm values={given} />
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
      </section>
      {page && (
        <section className="card" aria-label="Events">
          <AuditLog key={query} query={query} first={page} />
        </section>
      )}
    </>
  );
}

import { getTranslations } from "next-intl/server";
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
  const t = await getTranslations("Audit");
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
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <section className="card" aria-label={t("filters")}>
        <AuditFilterForm values={given} />
        {problem && (
          <p role="alert" className="error">
            {problem}
          </p>
        )}
      </section>
      {page && (
        <section className="card" aria-label={t("events")}>
          <AuditLog key={query} query={query} first={page} />
        </section>
      )}
    </>
  );
}

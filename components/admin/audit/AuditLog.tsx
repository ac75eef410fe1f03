"use client";
/**
 * The audit log's events as a table, the first page from the server and the next ones from /api/admin/audit
 * ("Load more", by the last page's cursor); the exports of the same filter beside it.
 */
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { auditChanges, auditTargetHref, auditValueText, type AuditPage, type AuditRow } from "@/lib/audit/browser";
import { api } from "../../api";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";

export function AuditLog({ query, first }: { query: string; first: AuditPage }) {
  const t = useTranslations("Audit.log");
  const errorText = useErrorText();
  const log = useInfiniteQuery({
    queryKey: [...KEYS.audit, query],
    queryFn: ({ pageParam }) =>
      api<AuditPage>(`/api/admin/audit?${new URLSearchParams([...new URLSearchParams(query), ["after", pageParam]])}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
    initialData: { pages: [first], pageParams: [""] },
    staleTime: Infinity,
  });
  const rows = log.data.pages.flatMap((p) => p.rows);
  const sep = query ? "&" : "";
  return (
    <>
      <div className="inline-form">
        <span className="muted" data-testid="audit-shown">
          {t("shown", { count: rows.length, n: String(rows.length), more: log.hasNextPage ? t("more") : "" })}
        </span>
        <a className="btn small" href={`/api/admin/audit/export?format=csv${sep}${query}`} download>
          {t("exportCsv")}
        </a>
        <a className="btn small" href={`/api/admin/audit/export?format=jsonl${sep}${query}`} download>
          {t("exportJsonl")}
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        // A long change scrolls the table inside its card, never the page.
        <div className="table-scroll">
          <table className="table audit-table" aria-label={t("table")}>
            <thead>
              <tr>
                <th scope="col">{t("when")}</th>
                <th scope="col">{t("who")}</th>
                <th scope="col">{t("what")}</th>
                <th scope="col">{t("target")}</th>
                <th scope="col">{t("change")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Event key={r.id} r={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <button type="button" className="btn" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? t("loading") : t("loadMore")}
        </button>
      )}
      {log.error && (
        <p role="alert" className="error">
          {errorText(log.error)}
        </p>
      )}
    </>
  );
}

function Event({ r }: { r: AuditRow }) {
  const t = useTranslations("Audit.log");
  const href = auditTargetHref(r.targetType, r.targetId);
  const target = r.targetId ? `${r.targetType ?? ""} ${r.targetId}`.trim() : (r.targetType ?? "—");
  return (
    <tr>
      <td className="nowrap">
        <time dateTime={r.at}>{r.at.slice(0, 19).replace("T", " ")}</time>
      </td>
      <td>
        {r.actor ? (
          <>
            {r.actor.name}
            <br />
            <span className="muted">{r.actor.email}</span>
          </>
        ) : (
          <span className="muted">{t("system")}</span>
        )}
      </td>
      <td>
        <code>{r.action}</code>
      </td>
      <td className="audit-target">
        {r.targetName && <div>{r.targetName}</div>}
        <span className={r.targetName ? "muted small" : undefined}>
          {href ? <Link href={href}>{target}</Link> : target}
        </span>
      </td>
      <td>
        <ul className="audit-changes">
          {auditChanges(r.data).map((c, i) => (
            <li key={i}>
              {c.key && <span className="muted">{c.key}: </span>}
              {"value" in c ? (
                auditValueText(c.value)
              ) : (
                <>
                  <del>{auditValueText(c.before)}</del> → <ins>{auditValueText(c.after)}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

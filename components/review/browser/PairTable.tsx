/**
 * A page of pairs as a table: the columns the address asks for, each row linking to the pair's page; the headers of
 * the sort keys' columns sort by them (again: the other way round). No link prefetches: each would render a pair's
 * page, or the browser in another order, for 50 rows at a time.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import {
  PAIR_SORTS,
  SORT_COLUMN,
  type PairColumn,
  type PairQuery,
  type PairRow,
  type PairSort,
} from "@/lib/review/browser";
import { fixed, formatsFor } from "@/components/format";
import { browserHref } from "./links";

const NUMERIC = new Set<PairColumn>(["judgments", "priority"]);

export function PairTable({ q, rows, columns }: { q: PairQuery; rows: PairRow[]; columns: readonly PairColumn[] }) {
  const t = useTranslations("Pairs.table");
  const sortOf = (c: PairColumn) => PAIR_SORTS.find((s) => SORT_COLUMN[s] === c);
  return (
    <div className="scroll-x pair-browser" tabIndex={0} role="region" aria-label={t("region")}>
      <table className="table pair-table" aria-label={t("name")}>
        <thead>
          <tr>
            <th>
              <span className="sr-only">{t("pair")}</span>
            </th>
            {columns.map((c) => (
              <Header key={c} q={q} column={c} sort={sortOf(c)} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <Link href={`/admin/pairs/${r.id}`} aria-label={t("openPair", { id: r.id })} prefetch={false}>
                  {t("open")}
                </Link>
              </td>
              {columns.map((c) => (
                <td
                  key={c}
                  className={NUMERIC.has(c) ? "num" : c === "request" || c === "rationale" ? "text-cell" : undefined}
                >
                  <Cell column={c} r={r} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Header({ q, column, sort }: { q: PairQuery; column: PairColumn; sort: PairSort | undefined }) {
  const t = useTranslations("Pairs");
  const name = t(`columns.${column}`);
  const className = NUMERIC.has(column) ? "num" : undefined;
  if (!sort) return <th className={className}>{name}</th>;
  const active = q.sort === sort;
  // The active sort's header turns its direction round; another starts descending (newest, most, highest first).
  const dir = active && q.dir === "desc" ? "asc" : "desc";
  return (
    <th className={className} aria-sort={active ? (q.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link href={browserHref(q, { sort, dir })} className="sort-link" prefetch={false}>
        {name}
        <span aria-hidden="true">{active ? (q.dir === "asc" ? " ↑" : " ↓") : " ↕"}</span>
        <span className="sr-only">
          {t(active ? (q.dir === "asc" ? "table.sortedAsc" : "table.sortedDesc") : "table.sort")}
        </span>
      </Link>
    </th>
  );
}

function Cell({ column, r }: { column: PairColumn; r: PairRow }) {
  const t = useTranslations("Pairs");
  const locale = useLocale();
  const verdictName = (v: PairRow["verdicts"][number]["verdict"]) => (v === "NEITHER" ? t("table.neither") : v);
  switch (column) {
    case "request":
      return (
        <>
          <span className="clip" title={r.request}>
            {r.request}
          </span>
          <span className="muted small"> {r.requestSourceId}</span>
        </>
      );
    case "dataset":
      return <>{r.dataset.name}</>;
    case "destination":
      return <>{r.destination.name}</>;
    case "planners":
      return (
        <span className="small planners">
          <span>
            <span className="muted">A</span> {r.planners.a}
          </span>
          <span>
            <span className="muted">B</span> {r.planners.b}
          </span>
        </span>
      );
    case "status":
      return (
        <span className={`pair-status pair-status-${r.status}`}>
          {r.status === "decided" && r.decidedBy
            ? t("table.decidedBy", { judge: r.decidedBy })
            : t(`statuses.${r.status}`)}
        </span>
      );
    case "judgments":
      return (
        <>
          {r.judgments.submitted} / {r.judgments.required}
          {r.judgments.claimed > 0 && (
            <span className="muted small"> {t("table.claimed", { count: r.judgments.claimed })}</span>
          )}
        </>
      );
    case "verdicts":
      return r.verdicts.length ? (
        <span className="verdicts">
          {r.verdicts.map((v, i) => (
            <span key={i} className={`verdict-chip verdict-${v.verdict.toLowerCase()}`}>
              {verdictName(v.verdict)}
              {v.strength ? <sup title={t("table.strength", { strength: v.strength })}>{v.strength}</sup> : null}
            </span>
          ))}
        </span>
      ) : (
        <span className="muted">—</span>
      );
    case "agreement":
      return r.agreement ? (
        <span className="nowrap">{t(`agreements.${r.agreement}`)}</span>
      ) : (
        <span className="muted">—</span>
      );
    case "label":
      return r.label ? (
        <span className="nowrap">
          {verdictName(r.label.verdict)}{" "}
          <span className="muted small">({t(`table.labelSource.${r.label.source}`)})</span>
        </span>
      ) : (
        <span className="muted">—</span>
      );
    case "rationale":
      return r.rationale ? (
        <span className="clip" title={r.rationale}>
          {r.rationale}
        </span>
      ) : (
        <span className="muted">—</span>
      );
    case "judges":
      return r.judges?.length ? (
        <span className="small">{r.judges.map((j) => `${j.judge} ${verdictName(j.verdict)}`).join(" · ")}</span>
      ) : (
        <span className="muted">—</span>
      );
    case "gold":
      return r.gold ? <>{t("table.gold")}</> : <span className="muted">—</span>;
    case "corrected":
      return r.corrected === "verification" ? (
        <>{t("table.verifies")}</>
      ) : r.corrected === "corrected" ? (
        <>{t("table.corrected")}</>
      ) : (
        <span className="muted">—</span>
      );
    case "review": {
      const parts = [
        r.review?.rejected ? t("table.rejected", { count: r.review.rejected }) : "",
        r.review?.reviewed ? t("table.reviewed", { count: r.review.reviewed }) : "",
      ].filter(Boolean);
      return parts.length ? <span className="small">{parts.join(" · ")}</span> : <span className="muted">—</span>;
    }
    case "priority":
      return <>{fixed(r.priority, 2)}</>;
    case "created":
      return <span className="small nowrap">{formatsFor(locale).dateTime(r.createdAt)}</span>;
  }
}

import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatsFor } from "@/components/format";
import { db } from "@/lib/platform/db";
import { REQUEST_PAGE_SIZE, REQUEST_STAGES, requestFilterSchema } from "@/lib/datasets";
import { requestDestinations, requestPage, requestStageCounts } from "@/lib/datasets/store";
import { requirePageUser } from "@/lib/platform/next";

type Search = Record<string, string | string[] | undefined>;

/**
 * Every request with the stage of its constraint annotations, linking to the editor: a page at a time (by key, so
 * any page of 100,000 is as quick as the first), searched by request text, destination and stage. The search is a
 * GET form: the filters and the page are in the address, and reading the list changes nothing.
 */
export default async function QueriesPage({ searchParams }: { searchParams: Promise<Search> }) {
  // Reads the database itself: checks the role again (app/admin/(admin)/layout.tsx).
  await requirePageUser("ADMIN");
  const t = await getTranslations("Queries");
  const { count } = formatsFor(await getLocale());
  const raw = Object.fromEntries(
    Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  ) as Record<string, string | undefined>;
  const parsed = requestFilterSchema.safeParse(raw);
  const filter = parsed.success ? parsed.data : null;
  const [counts, destinations, page] = await Promise.all([
    requestStageCounts(db()),
    requestDestinations(db()),
    filter ? requestPage(db(), filter) : null,
  ]);
  // The filters without the page's place: the page links add theirs.
  const keep = new URLSearchParams();
  for (const k of ["q", "destination", "stage", "size"] as const) if (raw[k]) keep.set(k, raw[k]!);
  const link = (place: Record<string, string>) => {
    const p = new URLSearchParams(keep);
    for (const [k, v] of Object.entries(place)) p.set(k, v);
    return `/admin/queries?${p}`;
  };
  const filtered = Boolean(raw.q || raw.destination || raw.stage);
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="muted">
        {t("total", { total: count(counts.total) })}{" "}
        {(["FINAL", "VERIFIED", "REVISED", "DRAFT", "NONE"] as const)
          .filter((s) => counts.byStage[s])
          .map((s) => t("stageCount", { count: count(counts.byStage[s]), stage: t(`stages.${s}`) }))
          .join(" · ")}
      </p>
      <section className="card">
        <form method="get" action="/admin/queries" className="inline-form" role="search" aria-label={t("search")}>
          <label>
            {t("text")}
            <input type="search" name="q" defaultValue={raw.q ?? ""} placeholder={t("textPlaceholder")} size={32} />
          </label>
          <label>
            {t("destination")}
            <select name="destination" defaultValue={raw.destination ?? ""}>
              <option value="">{t("all")}</option>
              {destinations.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("stage")}
            <select name="stage" defaultValue={raw.stage ?? ""}>
              <option value="">{t("all")}</option>
              {REQUEST_STAGES.map((s) => (
                <option key={s} value={s}>
                  {t(`stages.${s}`)}
                </option>
              ))}
            </select>
          </label>
          {raw.size && <input type="hidden" name="size" value={raw.size} />}
          <button className="btn primary" type="submit">
            {t("submit")}
          </button>
          {filtered && (
            <Link className="btn" href="/admin/queries">
              {t("clear")}
            </Link>
          )}
        </form>
        {!parsed.success && (
          <p role="alert" className="error" data-testid="requests-error">
            {parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ")}
          </p>
        )}
        {page && page.rows.length === 0 && (
          <p className="muted" data-testid="requests-none">
            {filtered ? t("noMatch") : t("none")}
          </p>
        )}
        {page && page.rows.length > 0 && (
          <table className="table" aria-label={t("table")}>
            <thead>
              <tr>
                <th>{t("request")}</th>
                <th>{t("destination")}</th>
                <th>{t("dataset")}</th>
                <th className="num">{t("constraints")}</th>
                <th>{t("stage")}</th>
                <th>
                  <span className="sr-only">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((r) => (
                <tr key={r.id}>
                  <td className="small">{r.text.length > 110 ? `${r.text.slice(0, 110)}…` : r.text}</td>
                  <td>{r.destination}</td>
                  <td className="small">{r.dataset}</td>
                  <td className="num">{r.latest?.constraints ?? 0}</td>
                  <td>
                    {r.latest ? (
                      <span className={`stage stage-${r.latest.stage.toLowerCase()}`}>
                        {t(`stages.${r.latest.stage}`)}
                      </span>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    <Link href={`/queries/${r.id}/constraints`}>{t("edit")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {page && (page.previous || page.next) && (
          <nav className="inline-form" aria-label={t("pages")}>
            {page.previous && (
              <Link className="btn" href={link({ before: page.previous })} rel="prev">
                {t("previous", { size: String(filter?.size ?? REQUEST_PAGE_SIZE) })}
              </Link>
            )}
            {page.next && (
              <Link className="btn" href={link({ after: page.next })} rel="next">
                {t("next", { size: String(filter?.size ?? REQUEST_PAGE_SIZE) })}
              </Link>
            )}
          </nav>
        )}
      </section>
    </>
  );
}

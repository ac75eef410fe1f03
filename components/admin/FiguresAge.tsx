"use client";
/**
 * When a page's figures were computed, and "Recompute": the heavy admin figures are stored and read by reloads for
 * up to 15 minutes (ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS), so the page says how old they are and lets the admin ask
 * for fresh ones (POST /api/admin/figures forgets the stored figures; the page's reads then compute again). Figures
 * whose judgments changed are recomputed by themselves when the page opens them: it says "updating" meanwhile.
 */
import { useIsFetching, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useFormat } from "../format";
import { useErrorText } from "../i18n";
import { useRecomputeFigures } from "./mutations";

/** ", 12 minutes ago" for figures a minute old or more (stored figures may be kept for a quarter of an hour). */
function ago(iso: string, t: ReturnType<typeof useTranslations<"Admin.figuresAge">>): string {
  const minutes = Math.floor((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "";
  if (minutes < 120) return t("minutesAgo", { count: minutes });
  return t("hoursAgo", { count: String(Math.floor(minutes / 60)) });
}

export function FiguresAge({
  computedAt,
  updating = false,
  queryKey,
}: {
  computedAt: string | undefined;
  /** The judgments behind these figures changed: fresh ones are being computed, and the page asks for them. */
  updating?: boolean;
  queryKey: QueryKey;
}) {
  const t = useTranslations("Admin.figuresAge");
  const { clock } = useFormat();
  const errorText = useErrorText();
  const recompute = useRecomputeFigures(queryKey);
  const fetching = useIsFetching({ queryKey }) > 0;
  if (!computedAt) return null;
  const busy = recompute.isPending || fetching || updating;
  return (
    <p className="muted small figures-age" data-testid="figures-age" aria-live="polite">
      {t("asOf", { time: clock(computedAt), ago: ago(computedAt, t) })}{" "}
      {updating && (
        <span className="updating" data-testid="figures-updating">
          {t("updating")}{" "}
        </span>
      )}
      <button type="button" className="link" disabled={busy} onClick={() => recompute.mutate(undefined)}>
        {busy ? t("recomputing") : t("recompute")}
      </button>
      {recompute.isError && <span className="error"> {errorText(recompute.error)}</span>}
    </p>
  );
}

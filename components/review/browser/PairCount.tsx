"use client";
/** How many pairs the filter matches, asked apart from the page (a count reads up to 1,000 pairs, a page 50). */
import { usePairCount } from "@/components/admin/queries";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/format";
import { useErrorText } from "@/components/i18n";

export function PairCount({ filter }: { filter: string }) {
  const t = useTranslations("Pairs.count");
  const f = useFormat();
  const errorText = useErrorText();
  const { data, error } = usePairCount(filter);
  return (
    <p className="muted pair-count" aria-live="polite" data-testid="pair-count">
      {error
        ? t("failed", { error: errorText(error) })
        : !data
          ? t("counting")
          : data.more
            ? t("moreThan", { count: f.count(data.count) })
            : t("matches", { count: data.count })}
    </p>
  );
}

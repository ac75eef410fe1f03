/**
 * A check's sentence (lib/corrections/check.ts CheckDiff.message) in the page's language: English shows the
 * server's sentence as it is; another language frames the check's parts anew (its name from its id, the reason
 * as the rule wrote it: the plan's own places and times, never translated).
 */
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { CheckDiff } from "@/lib/corrections/browser";

export function useCheckText(): (c: CheckDiff) => string {
  const t = useTranslations("Checks");
  const locale = useLocale();
  return useCallback(
    (c: CheckDiff) => {
      if (locale === "en" || c.why === undefined) return c.message;
      const reason = (why: string | undefined) =>
        why === "holds"
          ? t("whys.holds")
          : why === "result is False"
            ? t("whys.false")
            : why === "not checked: the format gate fails"
              ? t("whys.notChecked")
              : (why ?? "");
      const [kind, rest = ""] = c.id.split(/:(.*)/s);
      const rule = rest.split("|")[0];
      const what =
        kind === "gate" && t.has(`gates.${rest}`)
          ? t(`gates.${rest}`)
          : kind === "dsl"
            ? t("constraint", { n: Number(rest) + 1 })
            : kind === "violation"
              ? t("violation")
              : kind === "rule" && t.has(`rules.${rule}`)
                ? t(`rules.${rule}`)
                : c.label;
      const why = reason(c.why);
      if (c.group === "gate" || c.group === "dsl") {
        if (c.before && !c.after) return t("nowFails", { what, why });
        if (!c.before && c.after) return t("nowPasses", { what, was: reason(c.was) });
        return c.before ? t("stillPasses", { what }) : t("stillFails", { what, why });
      }
      if (c.before && !c.after) return t("newProblem", { what, why });
      if (!c.before && c.after) return t("fixed", { what, why });
      return t("stillProblem", { what, why });
    },
    [t, locale],
  );
}

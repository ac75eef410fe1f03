/** The audit log's filters as one GET form: submitting it loads the log's first page of what it selects, its address the filter. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { AuditFilterValues } from "@/lib/audit/browser";

/** The text filters; each one's label and placeholder are the messages `Audit.form.<name>` and `<name>Placeholder`. */
const TEXT: (keyof AuditFilterValues)[] = ["action", "actor", "targetType", "targetId"];

export function AuditFilterForm({ values }: { values: AuditFilterValues }) {
  const t = useTranslations("Audit.form");
  return (
    <form method="get" action="/admin/audit" role="search" aria-label={t("label")} className="inline-form">
      {TEXT.map((name) => (
        <label key={name}>
          {t(name)}
          <input type="text" name={name} defaultValue={values[name] ?? ""} placeholder={t(`${name}Placeholder`)} />
        </label>
      ))}
      <label>
        {t("from")}
        <input type="date" name="from" defaultValue={values.from ?? ""} />
      </label>
      <label>
        {t("to")}
        <input type="date" name="to" defaultValue={values.to ?? ""} />
      </label>
      <button type="submit" className="btn primary">
        {t("filter")}
      </button>
      <Link href="/admin/audit" className="btn">
        {t("clear")}
      </Link>
    </form>
  );
}

/** The audit log's filters as one GET form: submitting it loads the log's first page of what it selects, its address the filter. */
import Link from "next/link";
import type { AuditFilterValues } from "@/lib/audit/browser";

const TEXT: { name: keyof AuditFilterValues; label: string; placeholder: string }[] = [
  { name: "action", label: "Action starts with", placeholder: "settings, destination.assign" },
  { name: "actor", label: "Who (e-mail or id)", placeholder: "admin@example.org" },
  { name: "targetType", label: "Target type", placeholder: "Pair, User, Dataset" },
  { name: "targetId", label: "Target id", placeholder: "an id" },
];

export function AuditFilterForm({ values }: { values: AuditFilterValues }) {
  return (
    <form method="get" action="/admin/audit" role="search" aria-label="Filter the audit log" className="inline-form">
      {TEXT.map((f) => (
        <label key={f.name}>
          {f.label}
          <input type="text" name={f.name} defaultValue={values[f.name] ?? ""} placeholder={f.placeholder} />
        </label>
      ))}
      <label>
        From
        <input type="date" name="from" defaultValue={values.from ?? ""} />
      </label>
      <label>
        To
        <input type="date" name="to" defaultValue={values.to ?? ""} />
      </label>
      <button type="submit" className="btn primary">
        Filter
      </button>
      <Link href="/admin/audit" className="btn">
        Clear
      </Link>
    </form>
  );
}

"use client";
/** The dataset and destination filters shared by the admin panels (exports, weight fits), from /api/admin/overview. */
import { useTranslations } from "next-intl";
import { useOverview } from "./queries";

/** The datasets and destinations to filter by: the overview's (one query, shared with the assignment page). */
export const useScopeOptions = useOverview;

export function ScopeSelects({
  dataset,
  destination,
  onChange,
}: {
  dataset: string;
  destination: string;
  onChange: (patch: { dataset?: string; destination?: string }) => void;
}) {
  const t = useTranslations("Admin.scope");
  const options = useScopeOptions();
  const select = (
    label: string,
    value: string,
    items: { id: string; name: string }[] | undefined,
    set: (v: string) => void,
  ) => (
    <label>
      {label}
      <select value={value} onChange={(e) => set(e.target.value)}>
        <option value="">{t("all")}</option>
        {items?.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      {select(t("dataset"), dataset, options.data?.datasets, (v) => onChange({ dataset: v }))}
      {select(t("destination"), destination, options.data?.destinations, (v) => onChange({ destination: v }))}
    </>
  );
}

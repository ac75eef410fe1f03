"use client";
/** The judging settings of the assignment page: lease, minimum rationale, queue order, how often serving priorities are recomputed. */
import { useTranslations } from "next-intl";
import type { JudgingSettings } from "@/lib/judging/browser";
import type { OverviewAnswer } from "@/lib/platform/browser";
import { useSaveSettings, type Then } from "../mutations";

export function SettingsSection({
  settings,
  then,
}: {
  settings: OverviewAnswer["settings"];
  then: Then<unknown, unknown>;
}) {
  const t = useTranslations("Assign.settings");
  const save = useSaveSettings(then);
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          save.mutate({
            leaseMinutes: Number(f.get("leaseMinutes")),
            rationaleMinLength: Number(f.get("rationaleMinLength")),
            queueOrder: f.get("queueOrder") as JudgingSettings["queueOrder"],
            prioritiesEvery: Number(f.get("prioritiesEvery")),
          });
        }}
      >
        <label>
          {t("lease")}
          <input
            name="leaseMinutes"
            type="number"
            min={1}
            max={1440}
            defaultValue={settings.leaseMinutes}
            className="narrow-input"
          />
        </label>
        <label>
          {t("rationale")}
          <input
            name="rationaleMinLength"
            type="number"
            min={0}
            max={2000}
            defaultValue={settings.rationaleMinLength}
            className="narrow-input"
          />
        </label>
        <label>
          {t("order")}
          <select name="queueOrder" defaultValue={settings.queueOrder}>
            <option value="completion">{t("completion")}</option>
            <option value="oldest">{t("oldest")}</option>
          </select>
        </label>
        <label title={t("prioritiesHelp")}>
          {t("priorities")}
          <input
            name="prioritiesEvery"
            type="number"
            min={1}
            max={100000}
            defaultValue={settings.prioritiesEvery}
            className="narrow-input"
          />
        </label>
        <button className="btn primary" type="submit">
          {t("save")}
        </button>
      </form>
    </section>
  );
}

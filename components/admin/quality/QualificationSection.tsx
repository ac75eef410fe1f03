"use client";
/** The quality page's qualification settings for new experts, and promoting a unanimous real pair to gold. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "../../i18n";
import { usePromoteToGold, useSaveSettings } from "../mutations";
import { useSettings } from "../queries";

export function QualificationSection() {
  const t = useTranslations("Quality.qualification");
  const errorText = useErrorText();
  const settings = useSettings();
  const save = useSaveSettings();
  const [promoteId, setPromoteId] = useState("");
  const promote = usePromoteToGold();
  if (!settings.data) return null;
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          save.mutate({
            qualificationLength: Number(f.get("length")),
            qualificationPassMark: Number(f.get("mark")) / 100,
          });
        }}
      >
        <label>
          {t("length")}
          <input
            name="length"
            type="number"
            min={0}
            max={50}
            defaultValue={settings.data.qualificationLength}
            className="narrow-input"
          />
        </label>
        <label>
          {t("passMark")}
          <input
            name="mark"
            type="number"
            min={0}
            max={100}
            defaultValue={Math.round(settings.data.qualificationPassMark * 100)}
            className="narrow-input"
          />
        </label>
        <button className="btn primary" type="submit">
          {t("save")}
        </button>
        {save.isSuccess && (
          <span className="ok small" role="status">
            {t("saved")}
          </span>
        )}
      </form>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          promote.mutate(promoteId.trim());
        }}
      >
        <label>
          {t("promoteLabel")}
          <input value={promoteId} onChange={(e) => setPromoteId(e.target.value)} placeholder={t("pairId")} />
        </label>
        <button className="btn" type="submit" disabled={!promoteId.trim()}>
          {t("promote")}
        </button>
        {promote.data && (
          <span className="ok small" role="status">
            {promote.data.created ? t("promoted") : t("alreadyGold")}
          </span>
        )}
        {promote.error && (
          <span className="error small" role="alert">
            {errorText(promote.error)}
          </span>
        )}
      </form>
    </section>
  );
}

"use client";
/**
 * The review sample (docs/reviewers.md): the share of judgments the review queue serves, a dataset's own share, and
 * the experts all of whose judgments are reviewed. Reviewers are invited on the Users page and given destinations on
 * the Assignments page.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import type { QualityAnswer } from "@/lib/platform/browser";
import { useReviewSettings } from "../queries";
import { useSetReviewSettings } from "../mutations";

/** A percentage field's value as a share (0–1), or null when it is not a number from 0 to 100. */
const shareOf = (text: string) => {
  const v = Number(text);
  return text.trim() !== "" && Number.isFinite(v) && v >= 0 && v <= 100 ? v / 100 : null;
};

export function ReviewSampleSection({ q }: { q: QualityAnswer }) {
  const t = useTranslations("Quality.review");
  const errorText = useErrorText();
  const { pct } = useFormat();
  const settings = useReviewSettings();
  const [saved, setSaved] = useState(false);
  const set = useSetReviewSettings({ onSuccess: () => setSaved(true), onMutate: () => setSaved(false) });
  const [share, setShare] = useState<string | null>(null);
  const s = settings.data;
  if (settings.error)
    return (
      <p className="error" role="alert">
        {errorText(settings.error)}
      </p>
    );
  if (!s) return null;
  const shown = share ?? String(Math.round(s.share * 1000) / 10);
  const wanted = shareOf(shown);
  return (
    <section className="card" aria-labelledby="review-sample-title">
      <h2 id="review-sample-title">{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (wanted !== null) set.mutate({ share: wanted });
        }}
      >
        <label>
          {t("share")}
          <input
            type="number"
            min={0}
            max={100}
            step={0.1}
            value={shown}
            onChange={(e) => setShare(e.target.value)}
            aria-invalid={wanted === null}
          />
        </label>
        <button className="btn" type="submit" disabled={wanted === null || set.isPending}>
          {t("save")}
        </button>
        {saved && <span className="small ok">{t("saved")}</span>}
      </form>
      {set.error && (
        <p className="error" role="alert">
          {errorText(set.error)}
        </p>
      )}
      <div className="scroll-x">
        <table className="table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th>{t("dataset")}</th>
              <th className="num">{t("ownShare")}</th>
            </tr>
          </thead>
          <tbody>
            {q.gold.datasets.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td className="num">
                  <select
                    aria-label={t("shareOf", { name: d.name })}
                    value={d.id in s.datasets ? String(s.datasets[d.id]) : ""}
                    onChange={(e) =>
                      set.mutate({ datasets: { [d.id]: e.target.value === "" ? null : Number(e.target.value) } })
                    }
                  >
                    <option value="">{t("asEvery")}</option>
                    {[0, 0.01, 0.05, 0.1, 0.2, 0.5, 1].map((v) => (
                      <option key={v} value={String(v)}>
                        {pct(v)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="review-experts">
        <legend>{t("experts")}</legend>
        {q.experts.map((e) => (
          <label key={e.userId} className="checkbox small">
            <input
              type="checkbox"
              checked={s.experts.includes(e.userId)}
              onChange={(ev) =>
                set.mutate({
                  experts: ev.target.checked ? [...s.experts, e.userId] : s.experts.filter((x) => x !== e.userId),
                })
              }
            />
            {e.name}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

"use client";
import { useTranslations } from "next-intl";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("Pages.error");
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <button className="btn" onClick={reset}>
          {t("retry")}
        </button>
      </div>
    </main>
  );
}

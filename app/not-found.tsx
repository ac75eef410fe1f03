import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("Pages.notFound");
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>{t("title")}</h1>
        <p>{t("body")}</p>
        <Link href="/">{t("home")}</Link>
      </div>
    </main>
  );
}

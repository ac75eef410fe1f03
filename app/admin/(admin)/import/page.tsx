import { getTranslations } from "next-intl/server";
import { config } from "@/lib/kernel";
import { ImportPanel } from "@/components/admin/import/ImportPanel";
import { JobsPanel } from "@/components/admin/import/JobsPanel";

export default async function ImportPage() {
  const t = await getTranslations("Import");
  const maxMiB = Math.round(config().IMPORT_MAX_BYTES / 1048576);
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="muted">
        {t.rich("intro", {
          maxMiB: String(maxMiB),
          code: (chunks) => <code>{chunks}</code>,
          tripscore: (chunks) => <a href="/examples/tripscore-beijing/manifest.json">{chunks}</a>,
          chinatravel: (chunks) => <a href="/examples/chinatravel-nanjing/manifest.json">{chunks}</a>,
          tripcraft: (chunks) => <a href="/examples/tripcraft-fortwayne/manifest.json">{chunks}</a>,
        })}
      </p>
      <ImportPanel />
      <JobsPanel />
    </>
  );
}

import { config } from "@/lib/kernel";
import { ImportPanel } from "@/components/admin/import/ImportPanel";
import { JobsPanel } from "@/components/admin/import/JobsPanel";

export default function ImportPage() {
  const maxMiB = Math.round(config().IMPORT_MAX_BYTES / 1048576);
  return (
    <>
      <h1>Import a dataset</h1>
      <p className="muted">
        A bundle is a folder or .zip with <code>manifest.json</code> (format, name, destinations), <code>pois</code>,{" "}
        <code>queries</code> and <code>plans</code> as JSON or JSONL, and optionally <code>pairs</code> and (TripScore){" "}
        <code>transports</code>. Formats: TripScore, ChinaTravel, TripCraft. Everything is checked as it streams in;
        nothing is written unless the whole bundle is valid. Imports run in the background: you can leave this page.
        Examples: <a href="/examples/tripscore-beijing/manifest.json">TripScore</a>,{" "}
        <a href="/examples/chinatravel-nanjing/manifest.json">ChinaTravel</a>,{" "}
        <a href="/examples/tripcraft-fortwayne/manifest.json">TripCraft</a> (the layout: <code>docs/admins.md</code>,
        “Dataset bundles”). Limit: {maxMiB} MiB.
      </p>
      <ImportPanel />
      <JobsPanel />
    </>
  );
}

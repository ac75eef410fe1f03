import { AnalyticsPanel } from "@/components/admin/analytics/AnalyticsPanel";

export default function AnalyticsPage() {
  return (
    <>
      <h1>Agreement and labels</h1>
      <AnalyticsPanel />
    </>
  );
}

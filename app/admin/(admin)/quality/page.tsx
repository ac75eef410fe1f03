import { QualityPanel } from "@/components/admin/quality/QualityPanel";

export default function QualityPage() {
  return (
    <>
      <h1>Quality control of experts</h1>
      <QualityPanel />
    </>
  );
}

import { DimensionsSection } from "@/components/admin/weights/DimensionsSection";
import { FitPanel } from "@/components/admin/weights/FitPanel";

export default function WeightsPage() {
  return (
    <>
      <h1>Reward weights</h1>
      <FitPanel />
      <DimensionsSection />
    </>
  );
}

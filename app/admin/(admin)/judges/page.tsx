import { JudgesPanel } from "@/components/admin/judges/JudgesPanel";

export default function JudgesPage() {
  return (
    <>
      <h1>Judges and the reward against the experts</h1>
      <JudgesPanel />
    </>
  );
}

import { AssignPanel } from "@/components/admin/assign/AssignPanel";

export default function AssignPage() {
  return (
    <>
      <h1>Assignments and progress</h1>
      <AssignPanel />
    </>
  );
}

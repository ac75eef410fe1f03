import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>403 — not for your role</h1>
        <p>
          This page is not for your role: admin pages are for admins, the judging screen for experts, the review queue
          for reviewers and admins.
        </p>
        <Link href="/">Back to your home page</Link>
      </div>
    </main>
  );
}

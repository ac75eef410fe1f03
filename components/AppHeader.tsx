import Link from "next/link";
import { ROLE_LABELS, type SessionUser } from "@/lib/accounts/browser";
import { SignOutButton } from "./SignOutButton";

export function AppHeader({ user }: { user: SessionUser }) {
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        TripJudge
      </Link>
      <nav>
        {user.role === "ADMIN" ? (
          <>
            <Link href="/admin">Users &amp; destinations</Link>
            <Link href="/admin/assign">Assignments</Link>
            <Link href="/admin/import">Import</Link>
            <Link href="/admin/pairs">Pairs</Link>
            <Link href="/admin/analytics">Agreement</Link>
            <Link href="/admin/leaderboard">Leaderboard</Link>
            <Link href="/admin/judges">Judges</Link>
            <Link href="/admin/quality">Quality</Link>
            <Link href="/review">Review</Link>
            <Link href="/admin/queries">Constraints</Link>
            <Link href="/admin/weights">Weights</Link>
            <Link href="/admin/audit">Audit log</Link>
          </>
        ) : user.role === "REVIEWER" ? (
          <>
            <Link href="/review">Review queue</Link>
            <Link href="/admin/pairs">Pairs</Link>
          </>
        ) : (
          <Link href="/expert">My pairs</Link>
        )}
      </nav>
      <div className="who">
        <span>
          {user.name} <span className="role">{ROLE_LABELS[user.role]}</span>
        </span>
        <SignOutButton />
      </div>
    </header>
  );
}

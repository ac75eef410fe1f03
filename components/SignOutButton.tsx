"use client";

export function SignOutButton() {
  return (
    <button
      type="button"
      className="btn-link"
      // next-auth's client is loaded on the click, not with every page (40 KB of first-load JavaScript).
      onClick={async () => (await import("next-auth/react")).signOut({ callbackUrl: "/signin" })}
    >
      Sign out
    </button>
  );
}

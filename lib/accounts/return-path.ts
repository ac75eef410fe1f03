/**
 * Where sign-in sends someone back: the page they opened signed out (a shared pair or filter address), carried as
 * /signin?next=…. Only a path of this site is followed, never another origin ("//evil", "/\evil", "https:…"), and
 * never the sign-in page itself; anything else goes home.
 */
const MAX = 2000;

export function returnPath(next: string | null | undefined): string | null {
  if (!next || next.length > MAX) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // Control characters (a header split) and backslashes (read as "/" by browsers) are not in a path we write.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  const path = next.split(/[?#]/, 1)[0];
  if (path === "/signin" || path.startsWith("/signin/") || path.startsWith("/api/")) return null;
  return next;
}

/** The sign-in page's address that comes back to `path` (a page's path and query, as the browser asked for it). */
export function signInFor(path: string): string {
  const back = returnPath(path);
  return back && back !== "/" ? `/signin?next=${encodeURIComponent(back)}` : "/signin";
}

/**
 * Next's proxy, run before the pages it matches: a page that needs an account, opened with no session cookie, goes to
 * the sign-in page with its own address in ?next=, so signing in brings the reader back to it (a shared pair or
 * filter link). An optimistic check only: each page still checks the session itself (requirePageUser), and the APIs
 * are not matched (they answer 401).
 */
import { NextResponse, type NextRequest } from "next/server";
import { signInFor } from "./lib/accounts/return-path";

const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

export function proxy(req: NextRequest) {
  if (SESSION_COOKIES.some((name) => req.cookies.has(name))) return NextResponse.next();
  const { pathname, search } = req.nextUrl;
  return NextResponse.redirect(new URL(signInFor(pathname + search), req.url));
}

export const config = {
  matcher: ["/admin/:path*", "/review/:path*", "/expert/:path*", "/judge/:path*", "/plans/:path*", "/queries/:path*"],
};

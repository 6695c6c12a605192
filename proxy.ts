import { NextResponse, type NextRequest } from "next/server";

// next-auth's session cookie (the __Secure- form over HTTPS; large tokens are split into .0, .1 …).
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

/**
 * An optimistic check only: console pages without a session cookie go to sign-in at once, keeping
 * where they were headed. The real checks (valid session, membership, role) run on the server in
 * the console layout and every BFF handler.
 */
export function proxy(request: NextRequest) {
  const signedIn = request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
  if (signedIn) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = "/sign-in";
  url.search = `?callbackUrl=${encodeURIComponent(request.nextUrl.pathname + request.nextUrl.search)}`;
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ["/dashboard/:path*", "/quality/:path*", "/calls/:path*", "/agents/:path*", "/phone-numbers/:path*", "/knowledge-bases/:path*", "/settings/:path*"],
};

/** The cookie naming the organization a user works in; only a hint, checked against memberships on every request. */
export const ACTIVE_ORGANIZATION_COOKIE = "studio_org";

export const activeOrganizationCookieOptions = {
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  maxAge: 365 * 24 * 60 * 60,
  secure: process.env.NODE_ENV === "production" && process.env.AUTH_URL?.startsWith("https://") === true,
};

import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { externalProviders } from "@/lib/auth/auth-providers";
import { loadStudioSecret } from "@/lib/auth/studio-secret";
import { recordSignIn, signInWithPassword } from "@/lib/auth/sign-ins";
import { findOrCreateExternalUser } from "@/lib/auth/users";
import { browserRequest } from "./browser-request";
import { studioDatabase } from "./studio-database";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * next-auth with JWT sessions: the cookie carries only the user id (`sub`); memberships and roles
 * are read from the database on every request (lib/console), so a removed member loses access at once.
 * The secret is AUTH_SECRET or the studio secret kept in the database (lib/auth/studio-secret.ts).
 */
export const { handlers, auth, signIn, signOut } = NextAuth(async () => {
  const db = await studioDatabase();
  return {
    secret: await loadStudioSecret(db),
    // Self-hosted behind whatever host name the operator chose; AUTH_URL pins it when set.
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: async (credentials, request) => {
          const email = typeof credentials?.email === "string" ? credentials.email : "";
          const password = typeof credentials?.password === "string" ? credentials.password : "";
          if (!email || !password) throw new CredentialsSignin();
          const user = await signInWithPassword(db, email, password, await browserRequest(request));
          if (!user) throw new CredentialsSignin();
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...externalProviders().providers,
    ],
    callbacks: {
      signIn: async ({ account, profile }) => {
        if (!account || account.type === "credentials") return true;
        // Accounts are matched by email, so only an address the provider has verified may sign in.
        const verified = Boolean(profile?.email) && profile?.email_verified !== false;
        if (!verified && profile?.email) {
          await recordSignIn(db, { email: profile.email, user: null, succeeded: false, method: account.provider, origin: await browserRequest() }).catch(() => undefined);
        }
        return verified;
      },
      jwt: async ({ token, user, account, profile }) => {
        if (account && account.type !== "credentials" && profile?.email) {
          const found = await findOrCreateExternalUser(db, { email: profile.email, name: typeof profile.name === "string" ? profile.name : null });
          await recordSignIn(db, { email: found.email, user: found, succeeded: true, method: account.provider, origin: await browserRequest() }).catch((error: unknown) =>
            console.error("sign-in audit entry failed:", error),
          );
          token.sub = found.id;
          token.email = found.email;
          token.name = found.name;
        } else if (user?.id) {
          token.sub = user.id;
        }
        return token;
      },
      session: ({ session, token }) => {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});

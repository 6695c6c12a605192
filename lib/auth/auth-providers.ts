import "server-only";
import type { Provider } from "next-auth/providers";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";

export type ExternalProvider = { id: string; name: string };

/**
 * OAuth/OIDC sign-in, each switched on by its environment variables (README, "Studio"):
 * AUTH_GITHUB_ID + AUTH_GITHUB_SECRET, AUTH_GOOGLE_ID + AUTH_GOOGLE_SECRET, and any OpenID Connect
 * issuer with AUTH_OIDC_ISSUER + AUTH_OIDC_ID + AUTH_OIDC_SECRET (+ AUTH_OIDC_NAME for the button).
 */
export function externalProviders(env: NodeJS.ProcessEnv = process.env): { providers: Provider[]; list: ExternalProvider[] } {
  const providers: Provider[] = [];
  const list: ExternalProvider[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    providers.push(GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
    list.push({ id: "github", name: "GitHub" });
  }
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) {
    providers.push(Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
    list.push({ id: "google", name: "Google" });
  }
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_ID && env.AUTH_OIDC_SECRET) {
    const name = env.AUTH_OIDC_NAME || "Single sign-on";
    providers.push({
      id: "oidc",
      name,
      type: "oidc",
      issuer: env.AUTH_OIDC_ISSUER,
      clientId: env.AUTH_OIDC_ID,
      clientSecret: env.AUTH_OIDC_SECRET,
    });
    list.push({ id: "oidc", name });
  }
  return { providers, list };
}

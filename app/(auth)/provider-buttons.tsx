import type { ExternalProvider } from "@/lib/auth/auth-providers";
import { Button } from "@/components/ui/button";
import { signInWithProviderAction } from "./actions";

/** One button per OAuth/OIDC provider switched on by the environment; nothing when there are none. */
export function ProviderButtons({ providers, callbackUrl }: { providers: ExternalProvider[]; callbackUrl: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <form key={provider.id} action={signInWithProviderAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <Button type="submit" variant="outline" className="w-full">
            Continue with {provider.name}
          </Button>
        </form>
      ))}
    </div>
  );
}

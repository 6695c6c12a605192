import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { externalProviders } from "@/lib/auth/auth-providers";
import { auth } from "@/lib/server/next-auth";
import { safeCallbackPath } from "@/lib/console/safe-redirect";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProviderButtons } from "../provider-buttons";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if ((await auth())?.user?.id) redirect(callbackUrl);
  const providerError = typeof params.error === "string" && params.error !== "CredentialsSignin";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">Sign in</CardTitle>
        <CardDescription>to the studio of your organization</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {providerError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            That sign-in did not work. Try again, or use your email and password.
          </p>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} />
        <ProviderButtons providers={externalProviders().list} callbackUrl={callbackUrl} />
        <p className="text-center text-sm text-muted-foreground">
          New here?{" "}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/sign-up${callbackUrl !== "/dashboard" ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""}`}>
            Create an account
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

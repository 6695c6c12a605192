import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { externalProviders } from "@/lib/auth/auth-providers";
import { auth } from "@/lib/server/next-auth";
import { isInvitationPath, safeCallbackPath } from "@/lib/console/safe-redirect";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProviderButtons } from "../provider-buttons";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if ((await auth())?.user?.id) redirect(callbackUrl);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">Create an account</CardTitle>
        <CardDescription>
          {isInvitationPath(callbackUrl)
            ? "Then you join the organization that invited you."
            : "You will own a new organization; invite your team from its settings."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SignUpForm callbackUrl={callbackUrl} />
        <ProviderButtons providers={externalProviders().list} callbackUrl={callbackUrl} />
        <p className="text-center text-sm text-muted-foreground">
          Have an account?{" "}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" href={`/sign-in${callbackUrl !== "/dashboard" ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""}`}>
            Sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

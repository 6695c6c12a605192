import type { Metadata } from "next";
import Link from "next/link";
import { findUsableInvitation } from "@/lib/auth/invitations";
import { findMembership } from "@/lib/auth/memberships";
import { auth } from "@/lib/server/next-auth";
import { roleLabels } from "@/lib/auth/roles";
import { studioDatabase } from "@/lib/server/studio-database";
import { findUserById } from "@/lib/auth/users";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { acceptInvitationAction } from "../../actions";

export const metadata: Metadata = { title: "Invitation" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await studioDatabase();
  const [invitation, session] = await Promise.all([findUsableInvitation(db, token), auth()]);
  const user = session?.user?.id ? await findUserById(db, session.user.id) : null;
  const here = `/invite/${token}`;

  if (!invitation) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            This invitation does not work
          </CardTitle>
          <CardDescription>It was used, revoked, or has expired (links work once, for seven days). Ask the admin who sent it for a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link href={user ? "/dashboard" : "/sign-in"}>{user ? "Go to the studio" : "Sign in"}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  const alreadyMember = user ? Boolean(await findMembership(db, invitation.organizationId, user.id)) : false;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          Join {invitation.organizationName}
        </CardTitle>
        <CardDescription>
          You are invited as <strong>{roleLabels[invitation.role].toLowerCase()}</strong>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {user ? (
          <>
            <p className="text-sm text-muted-foreground">
              Signed in as {user.email}.{alreadyMember ? " You already are a member; joining keeps your current role." : ""}
            </p>
            <form action={acceptInvitationAction}>
              <input type="hidden" name="token" value={token} />
              <Button type="submit" className="w-full">
                Join {invitation.organizationName}
              </Button>
            </form>
          </>
        ) : (
          <>
            <Button asChild>
              <Link href={`/sign-up?callbackUrl=${encodeURIComponent(here)}`}>Create an account and join</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}>I have an account: sign in</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

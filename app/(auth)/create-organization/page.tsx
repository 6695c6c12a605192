import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { auth } from "@/lib/server/next-auth";
import { listUserMemberships } from "@/lib/auth/memberships";
import { studioDatabase } from "@/lib/server/studio-database";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateOrganizationForm } from "./create-organization-form";

export const metadata: Metadata = { title: "Create an organization" };

export default async function CreateOrganizationPage() {
  const session = await auth();
  if (!session?.user?.id) redirect("/sign-in?callbackUrl=/create-organization");
  const memberships = await listUserMemberships(await studioDatabase(), session.user.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">Create an organization</CardTitle>
        <CardDescription>
          {memberships.length === 0
            ? "You are not a member of any organization yet. Create one, or ask an admin of yours for an invitation link."
            : "You will own it; switch between your organizations from the sidebar."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CreateOrganizationForm />
      </CardContent>
    </Card>
  );
}

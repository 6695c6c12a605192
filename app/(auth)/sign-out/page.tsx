import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signOutAction } from "@/lib/server/console-session-actions";

export const metadata: Metadata = { title: "Sign out" };

export default function SignOutPage() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">Sign out</CardTitle>
        <CardDescription>You will need your password to come back.</CardDescription>
      </CardHeader>
      <CardContent className="flex gap-2">
        <form action={signOutAction}>
          <Button type="submit">Sign out</Button>
        </form>
        <Button variant="outline" asChild>
          <Link href="/dashboard">Stay signed in</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

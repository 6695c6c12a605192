import Link from "next/link";

/** The 403 page: the signed-in user's role does not allow this page. */
export default function Forbidden() {
  return (
    <main id="main" className="mx-auto grid max-w-lg gap-3 p-8 text-center">
      <h1 className="text-2xl font-semibold">You do not have access to this page</h1>
      <p className="text-muted-foreground">It is for the organization&apos;s owners and admins. Ask one of them if you need it.</p>
      <p>
        <Link href="/dashboard" className="text-primary underline underline-offset-4">
          Back to the dashboard
        </Link>
      </p>
    </main>
  );
}

import { AudioLines, BookOpen, HeartPulse, LogIn, UserPlus } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { auth } from "@/lib/server/next-auth";
import { Button } from "@/components/ui/button";
import { ThemeToggle } from "@/components/ui/theme-toggle";

/** Signed in: straight to the dashboard. Signed out: what this server is, and the ways in. */
export default async function HomePage() {
  if ((await auth())?.user?.id) redirect("/dashboard");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-6 py-4">
        <span className="flex items-center gap-2 font-semibold">
          <AudioLines className="size-5 text-primary" aria-hidden />
          Voice Agent Studio
        </span>
        <ThemeToggle />
      </header>
      <main className="mx-auto grid w-full max-w-2xl flex-1 content-center gap-8 px-6 pb-24">
        <div className="grid gap-3">
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Voice agents that pick up the phone</h1>
          <p className="text-muted-foreground">
            Build conversational agents, give them numbers and knowledge, and watch every call: transcripts, answers and cost. Everything the
            studio does is also in the REST API at <code className="rounded bg-muted px-1 py-0.5 text-sm">/v1</code>.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link href="/sign-in">
              <LogIn aria-hidden /> Sign in
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/sign-up">
              <UserPlus aria-hidden /> Create an account
            </Link>
          </Button>
        </div>
        <ul className="grid gap-2 text-sm">
          <li>
            <a className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline" href="/docs">
              <BookOpen className="size-4" aria-hidden /> API reference
            </a>{" "}
            <span className="text-muted-foreground">
              (from <a className="underline-offset-4 hover:underline" href="/v1/openapi.json">/v1/openapi.json</a>)
            </span>
          </li>
          <li>
            <a className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline" href="/api/health">
              <HeartPulse className="size-4" aria-hidden /> Health
            </a>
          </li>
        </ul>
      </main>
    </div>
  );
}

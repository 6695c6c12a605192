import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { DoNotCallManager } from "./_components/do-not-call-manager";

export const metadata: Metadata = { title: "Do not call" };

export default async function DoNotCallPage() {
  const ctx = await requireConsoleContext("/settings/do-not-call");
  return (
    <>
      <PageHeader title="Do not call" description="Numbers your organization never calls: every outbound call to them is refused, and campaigns skip them." />
      <div className="max-w-4xl">
        <DoNotCallManager canEdit={ctx.can("manageMembers")} />
      </div>
    </>
  );
}

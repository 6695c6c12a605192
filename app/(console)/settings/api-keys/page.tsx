import type { Metadata } from "next";
import { listUserApiKeys } from "@/lib/auth/user-api-keys";
import { requireConsoleContext } from "@/lib/server/console-session";
import { PageHeader } from "@/components/ui/page-header";
import { ApiKeysManager } from "./_components/api-keys-manager";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const ctx = await requireConsoleContext("/settings/api-keys");
  const keys = await listUserApiKeys(ctx.db, ctx.organization.id);
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys for the REST API at <code className="rounded bg-muted px-1">/v1</code>: send one in the <code className="rounded bg-muted px-1">X-Api-Key</code>{" "}
            header. A key acts for the whole organization.
          </>
        }
      />
      <ApiKeysManager initialKeys={keys} />
    </>
  );
}

import type { ReactNode } from "react";
import { ConsoleShell } from "@/components/console/console-shell";
import { requireConsoleContext } from "@/lib/server/console-session";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, organization, role, memberships } = await requireConsoleContext();
  return <ConsoleShell session={{ user, organization, role, memberships }}>{children}</ConsoleShell>;
}

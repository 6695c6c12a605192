import type { ReactNode } from "react";
import { ConsoleShell } from "@/components/console/console-shell";
import { requireConsoleContext } from "@/lib/console/session-context";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { user, organization, role, memberships } = await requireConsoleContext();
  return <ConsoleShell session={{ user, organization, role, memberships }}>{children}</ConsoleShell>;
}

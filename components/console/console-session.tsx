"use client";

import { createContext, useContext, type ReactNode } from "react";
import { can, type MemberRole, type Permission } from "@/lib/auth/roles";

/** What client components of the console may know about the session: no key, no secret. */
export type ConsoleSession = {
  user: { id: string; email: string; name: string | null };
  organization: { id: string; name: string };
  role: MemberRole;
  memberships: { organizationId: string; organizationName: string; role: MemberRole }[];
};

const ConsoleSessionContext = createContext<ConsoleSession | null>(null);

export function ConsoleSessionProvider({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  return <ConsoleSessionContext.Provider value={session}>{children}</ConsoleSessionContext.Provider>;
}

/** The signed-in user, active organization and role, inside the console layout. */
export function useConsoleSession(): ConsoleSession {
  const session = useContext(ConsoleSessionContext);
  if (!session) throw new Error("useConsoleSession is used outside the console layout");
  return session;
}

/** `useCan("write")`: whether the user's role allows it, to disable or hide controls (the server checks again). */
export function useCan(permission: Permission): boolean {
  return can(useConsoleSession().role, permission);
}

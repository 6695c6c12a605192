"use client";

import { Check, ChevronsUpDown, Plus } from "lucide-react";
import Link from "next/link";
import { useTransition } from "react";
import { switchOrganizationAction } from "@/lib/server/console-session-actions";
import { roleLabels } from "@/lib/auth/roles";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useConsoleSession } from "./console-session";

export function OrganizationSwitcher() {
  const { organization, memberships, role } = useConsoleSession();
  const [pending, startTransition] = useTransition();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows (WCAG 2.5.3: the visible label starts the accessible name), then what it does. */}
        <Button variant="outline" className="h-auto w-full justify-between px-2.5 py-2" disabled={pending}>
          <span className="grid min-w-0 text-left">
            <span className="truncate text-sm font-semibold">{organization.name}</span>{" "}
            <span className="text-xs font-normal text-muted-foreground">
              {roleLabels[role]}
              {/* Browsers set screen-reader-only text apart with a space: words that read well after one. */}
              <span className="sr-only"> (switch organization)</span>
            </span>
          </span>
          <ChevronsUpDown className="opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Organizations</DropdownMenuLabel>
        {memberships.map((membership) => (
          <DropdownMenuItem
            key={membership.organizationId}
            onSelect={() => {
              if (membership.organizationId !== organization.id) startTransition(() => switchOrganizationAction(membership.organizationId));
            }}
          >
            <span className="flex-1 truncate">{membership.organizationName}</span>
            <span className="text-xs text-muted-foreground">{roleLabels[membership.role]}</span>
            {membership.organizationId === organization.id ? <Check aria-label="current" /> : <span className="size-4" />}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/create-organization">
            <Plus aria-hidden /> Create organization
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

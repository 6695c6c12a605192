"use client";

import { AudioLines, Menu } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { ConsoleSessionProvider, type ConsoleSession } from "./console-session";
import { OrganizationSwitcher } from "./organization-switcher";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

function Brand() {
  return (
    <Link href="/dashboard" className="flex items-center gap-2 px-1 font-semibold">
      <AudioLines className="size-5 text-primary" aria-hidden />
      Voice Agent Studio
    </Link>
  );
}

/** The console frame: a sidebar on wide screens, a menu sheet on narrow ones, and the top bar. */
export function ConsoleShell({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <ConsoleSessionProvider session={session}>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="flex min-h-dvh">
        {/* The column runs the page's whole height (its background and border with it); the navigation inside stays in view. */}
        <div className="hidden w-64 shrink-0 border-r bg-sidebar lg:block" data-testid="sidebar">
          <aside className="sticky top-0 flex max-h-dvh flex-col gap-5 overflow-y-auto p-4">
            <Brand />
            <OrganizationSwitcher />
            <SidebarNav />
          </aside>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur lg:px-8">
            <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
              <DialogPrimitive.Trigger asChild>
                <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation">
                  <Menu aria-hidden />
                </Button>
              </DialogPrimitive.Trigger>
              <DialogPrimitive.Portal>
                <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
                <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-5 overflow-y-auto border-r bg-sidebar p-4 shadow-lg lg:hidden">
                  <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
                  <DialogPrimitive.Description className="sr-only">Pages of the studio and your organizations</DialogPrimitive.Description>
                  <Brand />
                  <OrganizationSwitcher />
                  <SidebarNav onNavigate={() => setMenuOpen(false)} />
                </DialogPrimitive.Content>
              </DialogPrimitive.Portal>
            </DialogPrimitive.Root>
            <span className="truncate text-sm font-medium lg:hidden">{session.organization.name}</span>
            <div className="ml-auto flex items-center gap-1">
              <ThemeToggle />
              <UserMenu />
            </div>
          </header>
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 lg:px-8 lg:py-8">
            {children}
          </main>
        </div>
      </div>
    </ConsoleSessionProvider>
  );
}

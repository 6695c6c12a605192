import { Activity, AudioLines, BarChart3, BookOpen, Building2, Cable, Gauge, KeyRound, Megaphone, Phone, PhoneCall, PhoneOff, Receipt, ScrollText, Users, Webhook, type LucideIcon } from "lucide-react";
import type { Permission } from "@/lib/auth/roles";

/** `permission`: shown only to roles that have it (the page refuses the others too). */
export type NavItem = { href: string; label: string; icon: LucideIcon; permission?: Permission };

export const mainNav: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: Gauge },
  { href: "/calls", label: "Calls", icon: PhoneCall },
  { href: "/agents", label: "Agents", icon: AudioLines },
  { href: "/campaigns", label: "Campaigns", icon: Megaphone },
  { href: "/phone-numbers", label: "Phone numbers", icon: Phone },
  { href: "/knowledge-bases", label: "Knowledge bases", icon: BookOpen },
  { href: "/usage", label: "Usage", icon: BarChart3 },
  { href: "/webhooks", label: "Webhooks", icon: Webhook },
];

export const settingsNav: NavItem[] = [
  { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
  { href: "/settings/members", label: "Members", icon: Users },
  { href: "/settings/telephony", label: "Telephony", icon: Cable },
  { href: "/settings/concurrency", label: "Concurrency", icon: Activity },
  { href: "/settings/do-not-call", label: "Do not call", icon: PhoneOff },
  { href: "/settings/pricing", label: "Prices", icon: Receipt },
  { href: "/settings/audit-log", label: "Audit log", icon: ScrollText, permission: "manageMembers" },
  { href: "/settings/organization", label: "Organization", icon: Building2 },
];

import { AudioLines, BookOpen, Building2, Gauge, KeyRound, Phone, PhoneCall, Users, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };

export const mainNav: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: Gauge },
  { href: "/calls", label: "Calls", icon: PhoneCall },
  { href: "/agents", label: "Agents", icon: AudioLines },
  { href: "/phone-numbers", label: "Phone numbers", icon: Phone },
  { href: "/knowledge-bases", label: "Knowledge bases", icon: BookOpen },
];

export const settingsNav: NavItem[] = [
  { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
  { href: "/settings/members", label: "Members", icon: Users },
  { href: "/settings/organization", label: "Organization", icon: Building2 },
];

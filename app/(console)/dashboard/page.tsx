import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { DashboardContent } from "@/components/dashboard/dashboard-content";
import { DashboardFiltersLoader } from "@/components/dashboard/dashboard-filters-loader";
import { readDashboardQuery, TIME_ZONE_COOKIE } from "@/components/dashboard/dashboard-query";
import { DashboardSkeleton, FiltersSkeleton } from "@/components/dashboard/dashboard-skeleton";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";

export const metadata: Metadata = { title: "Dashboard" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, cookieStore, { api }] = await Promise.all([searchParams, cookies(), requireConsoleContext("/dashboard")]);
  const remembered = cookieStore.get(TIME_ZONE_COOKIE)?.value;
  const query = readDashboardQuery(params, remembered ? decodeURIComponent(remembered) : undefined);
  return (
    <>
      <PageHeader title="Dashboard" description="Calls, cost, duration and post-call answers across your agents." />
      <Suspense fallback={<FiltersSkeleton />}>
        <DashboardFiltersLoader api={api} query={query} timeZoneFromUrl={params.timezone !== undefined} />
      </Suspense>
      <Suspense key={JSON.stringify(query)} fallback={<DashboardSkeleton />}>
        <DashboardContent api={api} query={query} />
      </Suspense>
    </>
  );
}

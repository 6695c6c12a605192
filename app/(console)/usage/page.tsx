import type { Metadata } from "next";
import { cookies } from "next/headers";
import { Suspense } from "react";
import { DashboardFiltersLoader } from "@/components/dashboard/dashboard-filters-loader";
import { readDashboardQuery, TIME_ZONE_COOKIE } from "@/components/dashboard/dashboard-query";
import { DashboardSkeleton, FiltersSkeleton } from "@/components/dashboard/dashboard-skeleton";
import { UsageContent } from "@/components/usage/usage-content";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";

export const metadata: Metadata = { title: "Usage" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UsagePage({ searchParams }: { searchParams: SearchParams }) {
  const [params, cookieStore, { api }] = await Promise.all([searchParams, cookies(), requireConsoleContext("/usage")]);
  const remembered = cookieStore.get(TIME_ZONE_COOKIE)?.value;
  const query = readDashboardQuery(params, remembered ? decodeURIComponent(remembered) : undefined);
  return (
    <>
      <PageHeader title="Usage" description="Connected minutes, calls and cost by day and by agent, and the most calls at once." />
      <Suspense fallback={<FiltersSkeleton />}>
        <DashboardFiltersLoader api={api} query={query} timeZoneFromUrl={params.timezone !== undefined} />
      </Suspense>
      <Suspense key={JSON.stringify(query)} fallback={<DashboardSkeleton />}>
        <UsageContent api={api} query={query} />
      </Suspense>
    </>
  );
}

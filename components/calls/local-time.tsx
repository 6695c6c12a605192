"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const utcFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * An instant in the reader's time zone. The server does not know that zone, so its HTML (and the
 * first client render, to hydrate cleanly) shows UTC, labelled as such.
 */
export function LocalTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false);
  if (!iso) return <span className={className}>—</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso} className={className}>
      {hydrated ? localFormat.format(date) : `${utcFormat.format(date)} UTC`}
    </time>
  );
}

const formatter = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** A date in the reader's time zone; the server's rendering may differ by zone, hence the suppressed warning. */
export function DateTime({ value }: { value: string }) {
  return (
    <time dateTime={value} suppressHydrationWarning className="whitespace-nowrap">
      {formatter.format(new Date(value))}
    </time>
  );
}

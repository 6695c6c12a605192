import { AlertTriangle } from "lucide-react";

/** The API's own message (and the fields it names), so a bad range in the URL says what is wrong. */
export function DashboardError({ message, details, subject = "The dashboard" }: { message: string; details: { field: string; message: string }[]; subject?: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">
          {subject} could not be loaded: {message}
        </p>
        {details.length > 1 ? (
          <ul className="list-disc pl-5 text-muted-foreground">
            {details.map((detail) => (
              <li key={`${detail.field}:${detail.message}`}>
                <code>{detail.field}</code>: {detail.message}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-muted-foreground">Pick another range or agent above, or reload the page.</p>
      </div>
    </div>
  );
}

import type { CampaignContact } from "@/lib/voice-api/campaigns";

/** One CSV cell: quoted when needed; a text a spreadsheet would run as a formula is prefixed with ' (a phone number is left as it is). */
const cell = (value: unknown) => {
  let text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@]/.test(text) && !/^\+\d+$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Contacts with their outcomes as CSV: fixed columns, then one column per variable and metadata key seen. */
export function contactsToCsv(contacts: CampaignContact[]): string {
  const variables = [...new Set(contacts.flatMap((contact) => Object.keys(contact.dynamic_variables_values)))];
  const metadata = [...new Set(contacts.flatMap((contact) => Object.keys(contact.metadata)))];
  const header = ["phone_number", "status", "outcome", "attempts", "next_attempt_at", "last_call_id", "timezone", ...variables, ...metadata.map((key) => `metadata.${key}`)];
  const lines = contacts.map((contact) =>
    [
      contact.phone_number,
      contact.status,
      contact.outcome,
      contact.attempts,
      contact.next_attempt_at,
      contact.last_call_id,
      contact.timezone,
      ...variables.map((name) => contact.dynamic_variables_values[name]),
      ...metadata.map((key) => contact.metadata[key]),
    ]
      .map(cell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

/** What the redactor finds; each is replaced by its placeholder, `[credit_card]` and so on. */
export const piiCategories = ["credit_card", "ssn", "email", "phone_number", "date_of_birth", "iban", "address", "person_name"] as const;
export type PiiCategory = (typeof piiCategories)[number];

/** A found piece of text: characters [start, end) of the input. */
export type PiiSpan = { start: number; end: number; category: PiiCategory };

export const placeholder = (category: PiiCategory) => `[${category}]`;

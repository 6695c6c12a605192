/** E.164: + then 7 to 15 digits, so at least the spec's 8 characters. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const E164_MESSAGE = "Must be an E.164 number: + then 7 to 15 digits, such as +14155550123";


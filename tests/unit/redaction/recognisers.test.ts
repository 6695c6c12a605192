import { describe, expect, it } from "vitest";
import { ibanValid, luhnValid } from "@/lib/redaction/checksums";
import { findPii, redactJson, redactText } from "@/lib/redaction/find-pii";
import { numberRuns } from "@/lib/redaction/number-runs";

const NOW = new Date("2026-06-01T00:00:00Z");
const redacted = (text: string) => redactText(text, NOW).value;
const categories = (text: string) => redactText(text, NOW).categories;

describe("credit_card", () => {
  it("finds card numbers that pass Luhn, written in groups or said digit by digit", () => {
    expect(redacted("card number 4111 1111 1111 1111 expires 09/28")).toBe("card number [credit_card] expires 09/28");
    expect(redacted("it's 5555-5555-5555-4444")).toBe("it's [credit_card]");
    expect(redacted("my card is four one one one one one one one one one one one one one one one")).toBe("my card is [credit_card]");
    expect(redacted("three seven eight two, eight two two four six three, one double oh oh five")).toBe("[credit_card]");
  });
  it("leaves 16 digits that fail Luhn", () => {
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(categories("reference 4111 1111 1111 1112")).not.toContain("credit_card");
  });
});

describe("ssn", () => {
  it("finds the written 3-2-4 form, and nine digits said after 'social security'", () => {
    expect(redacted("my social is 123-45-6789")).toBe("my social is [ssn]");
    expect(redacted("social security number one two three four five six seven eight nine")).toBe("social security number [ssn]");
  });
  it("leaves impossible numbers (area 000, 666 or 9xx)", () => {
    expect(categories("ticket 000-12-3456")).not.toContain("ssn");
    expect(categories("ticket 666-12-3456")).not.toContain("ssn");
  });
});

describe("email", () => {
  it("finds written and spoken addresses", () => {
    expect(redacted("write to john.smith+calls@example.co.uk please")).toBe("write to [email] please");
    expect(redacted("email is john dot smith at gmail dot com")).toBe("email is [email]");
  });
  it("leaves an at sign that is not an address", () => {
    expect(categories("meet me at noon")).toEqual([]);
  });
});

describe("phone_number", () => {
  it("finds E.164, North American forms and numbers said as words", () => {
    expect(redacted("reach me at +1 (415) 555-0123")).toBe("reach me at [phone_number]");
    expect(redacted("it is 415.555.0123")).toBe("it is [phone_number]");
    expect(redacted("call me on four one five five five five zero one two three")).toBe("call me on [phone_number]");
    expect(redacted("my mobile is 555 0123 9")).toBe("my mobile is [phone_number]");
  });
  it("keeps order and booking numbers the agent may need to read back", () => {
    expect(redacted("my order number is 12345678")).toBe("my order number is 12345678");
    expect(redacted("confirmation code four four two one nine")).toBe("confirmation code four four two one nine");
    expect(categories("we are open from 9 to 5")).toEqual([]);
  });
});

describe("date_of_birth", () => {
  it("finds dates near 'born' or 'date of birth', and full dates years past, written or said", () => {
    expect(redacted("I was born on March 3rd")).toBe("I was born on [date_of_birth]");
    expect(redacted("DOB 03/14/1985")).toBe("DOB [date_of_birth]");
    expect(redacted("the date of birth is the third of March nineteen eighty-five")).toBe("the date of birth is [date_of_birth]");
    expect(redacted("it was 1984-02-29 I think")).toBe("it was [date_of_birth] I think");
  });
  it("leaves appointments and recent dates", () => {
    expect(categories("can I come on June 12th at 3pm")).toEqual([]);
    expect(categories("my last visit was May 2nd, 2026")).toEqual([]);
    expect(categories("I may 3 times a day")).toEqual([]);
  });
});

describe("iban", () => {
  it("finds IBANs whose check digits hold, grouped or not", () => {
    expect(ibanValid("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(redacted("IBAN DE89 3704 0044 0532 0130 00 thanks")).toBe("IBAN [iban] thanks");
    expect(redacted("GB29NWBK60161331926819")).toBe("[iban]");
  });
  it("leaves look-alikes whose check digits fail", () => {
    expect(ibanValid("DE89 3704 0044 0532 0130 01")).toBe(false);
    expect(categories("DE89 3704 0044 0532 0130 01")).not.toContain("iban");
  });
});

describe("address", () => {
  it("finds street addresses with their unit, town and postcode, and PO boxes", () => {
    expect(redacted("I live at 221 Baker Street, Springfield.")).toBe("I live at [address].");
    expect(redacted("ship it to 1600 Pennsylvania Ave NW, Washington, DC 20500 please")).toBe("ship it to [address] please");
    expect(redacted("it's 42 Elm Rd, Apt 4B")).toBe("it's [address]");
    expect(redacted("I live at two twenty one baker street")).toBe("I live at [address]");
    expect(redacted("send it to P.O. Box 1234")).toBe("send it to [address]");
  });
  it("leaves street-like phrases without a house number, and verbs", () => {
    expect(categories("I will drive over the way I came")).toEqual([]);
    expect(categories("the main street is closed")).toEqual([]);
  });
});

describe("person_name", () => {
  it("finds known given names with their surnames, and whatever follows an introduction", () => {
    expect(redacted("book it for Maria Garcia at 4 pm")).toBe("book it for [person_name] at 4 pm");
    expect(redacted("Hi, my name is John Smith.")).toBe("Hi, my name is [person_name].");
    expect(redacted("this is okonkwo speaking")).toBe("this is [person_name] speaking");
    expect(redacted("Mr. Haddad will call back")).toBe("Mr. [person_name] will call back");
  });
  it("leaves words that are names only sometimes, and introductions of things", () => {
    expect(categories("I will call you. May I ask something?")).toEqual([]);
    expect(categories("this is great, I'm calling about my bill")).toEqual([]);
  });
});

describe("redacting", () => {
  it("lists the categories found in their canonical order and replaces nothing else", () => {
    const result = redactText("I'm Maria Garcia, card 4111111111111111, at maria@example.com", NOW);
    expect(result.value).toBe("I'm [person_name], card [credit_card], at [email]");
    expect(result.categories).toEqual(["credit_card", "email", "person_name"]);
    expect(findPii("nothing personal here")).toEqual([]);
  });

  it("redacts every string of a JSON value, and long numbers kept as numbers", () => {
    const result = redactJson({ name: "Maria Garcia", card: 4111111111111111, party: 4, nested: [{ email: "a@b.io" }] }, NOW);
    expect(result.value).toEqual({ name: "[person_name]", card: "[credit_card]", party: 4, nested: [{ email: "[email]" }] });
    expect(result.categories).toEqual(["credit_card", "email", "person_name"]);
  });

  it("reads digit runs with their grouping", () => {
    expect(numberRuns("123-45-6789")[0]).toMatchObject({ digits: "123456789", groups: [3, 2, 4] });
    expect(numberRuns("oh seven seven double two")[0]).toMatchObject({ digits: "07722", spoken: true });
  });
});

describe("what is not PII", () => {
  it("leaves identifiers, codes and timestamps whose digits look like numbers", () => {
    for (const text of ["call 84920415-9932-4fd1-8a2b-112233445566", "at 2026-11-26T22:18:01.123Z", "flight A4112233445566", "ticket 4111111111111111abc"]) {
      expect(categories(text)).toEqual([]);
    }
  });

  it("keeps ids, counters and times of a JSON payload as they are", () => {
    const payload = { call_id: "84920415-9932-4fd1-8a2b-112233445566", seq: 4155550123, at: 1795464967278, duration_ms: 41555501234, variable: { name: "phone", value: "415 555 0123" } };
    const result = redactJson(payload, NOW);
    expect(result.value).toEqual({ ...payload, variable: { name: "phone", value: "[phone_number]" } });
    expect(result.categories).toEqual(["phone_number"]);
  });
});

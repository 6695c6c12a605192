import { describe, expect, it } from "vitest";
import {
  createBody,
  emptyPhoneNumberForm,
  fieldErrorsFromApi,
  NO_AGENT,
  updateBody,
  validatePhoneNumberForm,
  type PhoneNumberFormValues,
} from "@/components/phone-numbers/phone-number-form";

const form = (values: Partial<PhoneNumberFormValues>): PhoneNumberFormValues => ({ ...emptyPhoneNumberForm, number: "+14155550101", ...values });

describe("the phone number form", () => {
  it("refuses a redirect number that is not E.164, before anything is sent", () => {
    expect(validatePhoneNumberForm(form({ redirect: true, redirect_phone_number: "415-555-0199" }), false)).toEqual({
      redirect_phone_number: expect.stringMatching(/E\.164/),
    });
    expect(validatePhoneNumberForm(form({ redirect: false, redirect_phone_number: "0044 20" }), false).redirect_phone_number).toMatch(/E\.164/);
  });

  it("needs a redirect number, different from the number, when redirect is on", () => {
    expect(validatePhoneNumberForm(form({ redirect: true }), false).redirect_phone_number).toBe("Enter the number to forward calls to");
    expect(validatePhoneNumberForm(form({ redirect: true, redirect_phone_number: "+14155550101" }), false).redirect_phone_number).toBe(
      "Must differ from the number itself",
    );
    expect(validatePhoneNumberForm(form({ redirect: true, redirect_phone_number: "+14155550199" }), false)).toEqual({});
  });

  it("checks the number and a SIP trunk only when adding", () => {
    expect(validatePhoneNumberForm(form({ number: "12345" }), true).number).toMatch(/E\.164/);
    expect(validatePhoneNumberForm(form({ number: "12345" }), false)).toEqual({});
    expect(validatePhoneNumberForm(form({ type: "sip", termination_uri: "http://x" }), true).termination_uri).toMatch(/sip:/);
    expect(validatePhoneNumberForm(form({ type: "sip", termination_uri: "sip:trunk.example.com" }), true)).toEqual({});
  });

  it("sends null for an empty name, no agent and an empty redirect number", () => {
    expect(updateBody(form({ name: "  ", inbound_agent_id: NO_AGENT }))).toEqual({ name: null, inbound_agent_id: null, redirect: false, redirect_phone_number: null });
    expect(createBody(form({ name: "Support", inbound_agent_id: "a1" }))).toEqual({
      number: "+14155550101",
      type: "pstn",
      name: "Support",
      inbound_agent_id: "a1",
      redirect: false,
      redirect_phone_number: null,
      sip_trunk: null,
    });
    expect(createBody(form({ type: "sip", termination_uri: " sip:t.example.com ", transport: "tls" })).sip_trunk).toEqual({
      termination_uri: "sip:t.example.com",
      transport: "tls",
      auth_username: null,
      auth_password: null,
      inbound_match: "request_uri",
      allowed_source_addresses: [],
    });
    const inbound = form({ type: "sip", termination_uri: "sip:t.example.com", inbound_match: "to", allowed_source_addresses: " 203.0.113.5, 10.0.0.0/8  2001:db8::1 " });
    expect(createBody(inbound).sip_trunk).toMatchObject({ inbound_match: "to", allowed_source_addresses: ["203.0.113.5", "10.0.0.0/8", "2001:db8::1"] });
  });

  it("puts the API's field errors next to the form's fields", () => {
    expect(fieldErrorsFromApi([{ field: "number", message: "Already registered" }, { field: "sip_trunk.termination_uri", message: "Bad" }, { field: "sip_trunk.allowed_source_addresses[1]", message: "Not an address" }, { field: "other", message: "x" }])).toEqual({
      number: "Already registered",
      termination_uri: "Bad",
      allowed_source_addresses: "Not an address",
    });
  });
});

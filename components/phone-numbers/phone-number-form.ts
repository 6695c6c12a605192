import { E164_MESSAGE, E164_PATTERN } from "@/lib/schemas/phone-number-format";
import type { PhoneNumber, PhoneNumberCreate, PhoneNumberUpdate, SipTransport } from "@/lib/voice-api/phone-numbers";

export const NO_AGENT = "none";

/** The add/edit form's fields as the inputs hold them (strings and a checkbox). */
export type PhoneNumberFormValues = {
  number: string;
  name: string;
  type: "pstn" | "sip";
  inbound_agent_id: string;
  redirect: boolean;
  redirect_phone_number: string;
  termination_uri: string;
  transport: SipTransport;
  auth_username: string;
  auth_password: string;
  inbound_match: "request_uri" | "to";
  /** Comma- or space-separated addresses and CIDR ranges. */
  allowed_source_addresses: string;
};

export type PhoneNumberFormErrors = Partial<Record<keyof PhoneNumberFormValues, string>>;

export const emptyPhoneNumberForm: PhoneNumberFormValues = {
  number: "",
  name: "",
  type: "pstn",
  inbound_agent_id: NO_AGENT,
  redirect: false,
  redirect_phone_number: "",
  termination_uri: "",
  transport: "udp",
  auth_username: "",
  auth_password: "",
  inbound_match: "request_uri",
  allowed_source_addresses: "",
};

export function formValuesOf(phoneNumber: PhoneNumber): PhoneNumberFormValues {
  return {
    ...emptyPhoneNumberForm,
    number: phoneNumber.number,
    name: phoneNumber.name ?? "",
    type: phoneNumber.type,
    inbound_agent_id: phoneNumber.inbound_agent_id ?? NO_AGENT,
    redirect: phoneNumber.redirect,
    redirect_phone_number: phoneNumber.redirect_phone_number ?? "",
  };
}

/** The API's rules, checked in the browser so mistakes show next to the field before anything is sent. */
export function validatePhoneNumberForm(values: PhoneNumberFormValues, creating: boolean): PhoneNumberFormErrors {
  const errors: PhoneNumberFormErrors = {};
  const number = values.number.trim();
  const redirectNumber = values.redirect_phone_number.trim();
  if (creating && !E164_PATTERN.test(number)) errors.number = E164_MESSAGE;
  if (values.name.length > 255) errors.name = "Must be at most 255 characters";
  if (redirectNumber && !E164_PATTERN.test(redirectNumber)) errors.redirect_phone_number = E164_MESSAGE;
  else if (values.redirect && !redirectNumber) errors.redirect_phone_number = "Enter the number to forward calls to";
  else if (values.redirect && redirectNumber === number) errors.redirect_phone_number = "Must differ from the number itself";
  if (creating && values.type === "sip" && !/^sips?:\S+$/.test(values.termination_uri.trim())) {
    errors.termination_uri = "Must be a SIP URI starting with sip: or sips:, such as sip:trunk.example.com:5060";
  }
  return errors;
}

export function updateBody(values: PhoneNumberFormValues): PhoneNumberUpdate {
  return {
    name: values.name.trim() || null,
    inbound_agent_id: values.inbound_agent_id === NO_AGENT ? null : values.inbound_agent_id,
    redirect: values.redirect,
    redirect_phone_number: values.redirect_phone_number.trim() || null,
  };
}

export function createBody(values: PhoneNumberFormValues): PhoneNumberCreate {
  return {
    ...updateBody(values),
    number: values.number.trim(),
    type: values.type,
    sip_trunk:
      values.type === "sip"
        ? {
            termination_uri: values.termination_uri.trim(),
            transport: values.transport,
            auth_username: values.auth_username.trim() || null,
            auth_password: values.auth_password || null,
            inbound_match: values.inbound_match,
            allowed_source_addresses: values.allowed_source_addresses.split(/[\s,]+/).filter(Boolean),
          }
        : null,
  };
}

/** The API names fields in `error.details`; those the form shows go next to their input. */
export function fieldErrorsFromApi(details: { field: string; message: string }[]): PhoneNumberFormErrors {
  const errors: PhoneNumberFormErrors = {};
  for (const { field, message } of details) {
    const key = (field.startsWith("sip_trunk.") ? field.slice("sip_trunk.".length) : field).replace(/\[\d+\]$/, "");
    if (key in emptyPhoneNumberForm) errors[key as keyof PhoneNumberFormValues] ??= message;
  }
  return errors;
}

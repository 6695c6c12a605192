import { createRoute, z } from "@hono/zod-openapi";
import { deleteTelephonyAccount } from "@/lib/services/telephony/telephony-accounts";
import { ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import {
  connectProvider,
  describeProvider,
  importProviderNumbers,
  listCarrierNumbers,
  testProvider,
} from "@/lib/telephony/telephony-providers";
import { telephonyContext } from "../context";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import { PhoneNumberSchema } from "@/lib/schemas/phone-numbers";
import {
  CarrierNumberSchema,
  CarrierParamSchema,
  carrierCredentialFields,
  carrierNames,
  CredentialCheckSchema,
  ImportNumbersBodySchema,
  ProviderCredentialsBodySchema,
  TelephonyProviderSchema,
  type CarrierName,
  type ProviderCredentials,
} from "@/lib/schemas/telephony";

const tags = ["Telephony"];
const ProviderEnvelope = envelope(TelephonyProviderSchema, "TelephonyProviderResponse");

const ABOUT =
  "A carrier account (Twilio or Telnyx) per organization; without one, the deployment's environment account is used " +
  "(TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN; TELNYX_API_KEY + TELNYX_PUBLIC_KEY + TELNYX_CONNECTION_ID). " +
  "Carriers reach this deployment at PUBLIC_BASE_URL: Twilio at /telephony/twilio/voice (inbound calls), /telephony/twilio/status, " +
  "/telephony/twilio/amd, /telephony/twilio/transfer and wss /telephony/twilio/media; Telnyx at /telephony/telnyx/events and wss /telephony/telnyx/media.";

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/telephony/providers",
    operationId: "listTelephonyProviders",
    tags,
    summary: "List telephony providers",
    description: `Both carriers, configured or not, with the webhook URLs to paste and why calls cannot be placed, if they cannot. ${ABOUT}`,
    responses: { 200: jsonContent(envelope(z.array(TelephonyProviderSchema), "TelephonyProviderListResponse"), "Both carriers"), ...standardErrorResponses },
  }),
);

const getRoute = extension(
  createRoute({
    method: "get",
    path: "/telephony/providers/{carrier}",
    operationId: "getTelephonyProvider",
    tags,
    summary: "Get a telephony provider",
    description: "The carrier's account as seen by your organization. Secrets are never returned.",
    request: { params: CarrierParamSchema },
    responses: { 200: jsonContent(ProviderEnvelope, "The carrier"), ...standardErrorResponses },
  }),
);

const putRoute = extension(
  createRoute({
    method: "put",
    path: "/telephony/providers/{carrier}",
    operationId: "connectTelephonyProvider",
    tags,
    summary: "Connect a carrier account",
    description:
      "Stores (or replaces) your organization's account at the carrier, its secrets encrypted at rest. With `verify` (default true) the " +
      "credentials are checked with the carrier first: refused ones are 400 naming the field and nothing is stored.",
    request: { params: CarrierParamSchema, body: { required: true, content: { "application/json": { schema: ProviderCredentialsBodySchema } } } },
    responses: { 200: jsonContent(ProviderEnvelope, "The connected carrier"), ...standardErrorResponses },
  }),
);

const deleteRoute = extension(
  createRoute({
    method: "delete",
    path: "/telephony/providers/{carrier}",
    operationId: "disconnectTelephonyProvider",
    tags,
    summary: "Disconnect a carrier account",
    description: "Forgets your organization's account at the carrier (the environment's account, if any, serves it again). 404 when none is stored.",
    request: { params: CarrierParamSchema },
    responses: { 200: jsonContent(envelope(z.null(), "TelephonyProviderDeletedResponse"), "Disconnected"), ...standardErrorResponses },
  }),
);

const testRoute = extension(
  createRoute({
    method: "post",
    path: "/telephony/providers/{carrier}/test",
    operationId: "testTelephonyProvider",
    tags,
    summary: "Test the carrier credentials",
    description: "Asks the carrier whether the credentials in use work (a refusal is `ok: false` with the carrier's reason, not an error). The result is kept on a stored account.",
    request: { params: CarrierParamSchema },
    responses: { 200: jsonContent(envelope(CredentialCheckSchema, "TelephonyCredentialCheckResponse"), "The check's result"), ...standardErrorResponses },
  }),
);

const numbersRoute = extension(
  createRoute({
    method: "get",
    path: "/telephony/providers/{carrier}/numbers",
    operationId: "listCarrierNumbers",
    tags,
    summary: "List the carrier account's numbers",
    description: "Every number on the carrier account, whether its calls reach this deployment (and why not), and its phone number record here if any.",
    request: { params: CarrierParamSchema },
    responses: { 200: jsonContent(envelope(z.array(CarrierNumberSchema), "CarrierNumberListResponse"), "The account's numbers"), ...standardErrorResponses },
  }),
);

const importRoute = extension(
  createRoute({
    method: "post",
    path: "/telephony/providers/{carrier}/numbers/import",
    operationId: "importCarrierNumbers",
    tags,
    summary: "Import numbers from the carrier account",
    description:
      "Points each number's voice calls at this deployment (Twilio: the number's voice URL and status callback; Telnyx: the number's " +
      "connection and the Call Control application's webhook) and records it as a `pstn` phone number with this `carrier` and its state. " +
      "Numbers already registered keep their agent and redirect. Needs PUBLIC_BASE_URL.",
    request: { params: CarrierParamSchema, body: { required: false, content: { "application/json": { schema: ImportNumbersBodySchema } } } },
    responses: { 200: jsonContent(envelope(z.array(PhoneNumberSchema), "ImportedPhoneNumbersResponse"), "The imported numbers"), ...standardErrorResponses },
  }),
);

type CredentialsBody = z.infer<typeof ProviderCredentialsBodySchema>;

/** The fields the carrier needs, present; the other carrier's, absent. */
function credentialsFor(carrier: CarrierName, body: CredentialsBody): ProviderCredentials {
  const problems: FieldProblem[] = [];
  for (const field of carrierCredentialFields[carrier]) if (!body[field]) problems.push({ field, message: `Required for ${carrier}` });
  for (const other of carrierNames.filter((name) => name !== carrier)) {
    for (const field of carrierCredentialFields[other]) if (body[field] !== undefined) problems.push({ field, message: `Not a ${carrier} credential` });
  }
  if (problems.length) throw new ValidationError(problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`, problems);
  if (carrier === "twilio") return { carrier, account_sid: body.account_sid as string, auth_token: body.auth_token as string };
  return { carrier, api_key: body.api_key as string, public_key: body.public_key as string, connection_id: body.connection_id as string };
}

export function telephonyRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const ctx = telephonyContext(c);
    const providers = await Promise.all(carrierNames.map((carrier) => describeProvider(ctx, carrier)));
    return ok(c, providers, { message: "Telephony providers retrieved" });
  });
  app.openapi(getRoute, async (c) => ok(c, await describeProvider(telephonyContext(c), c.req.valid("param").carrier), { message: "Telephony provider retrieved" }));
  app.openapi(putRoute, async (c) => {
    const { carrier } = c.req.valid("param");
    const body = c.req.valid("json");
    const view = await connectProvider(telephonyContext(c), credentialsFor(carrier, body), { verify: body.verify });
    return ok(c, view, { message: "Telephony provider connected" });
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteTelephonyAccount(telephonyContext(c), c.req.valid("param").carrier);
    return ok(c, null, { message: "Telephony provider disconnected" });
  });
  app.openapi(testRoute, async (c) => {
    const check = await testProvider(telephonyContext(c), c.req.valid("param").carrier);
    const data = { ok: check.ok, message: check.ok ? null : check.message, account_name: check.ok ? check.accountName : null, source: check.source };
    return ok(c, data, { message: check.ok ? "The carrier accepted the credentials" : "The carrier refused the credentials" });
  });
  app.openapi(numbersRoute, async (c) => ok(c, await listCarrierNumbers(telephonyContext(c), c.req.valid("param").carrier), { message: "Carrier numbers retrieved" }));
  app.openapi(importRoute, async (c) => {
    const body = (c.req.valid("json") as z.infer<typeof ImportNumbersBodySchema> | undefined) ?? {};
    const imported = await importProviderNumbers(telephonyContext(c), c.req.valid("param").carrier, body.numbers);
    return ok(c, imported, { message: `${imported.length} number(s) imported` });
  });
  return app;
}

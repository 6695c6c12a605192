import { createRoute, z } from "@hono/zod-openapi";
import { changeCampaignState, createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from "@/lib/services/campaigns/campaigns";
import { CampaignIdParamSchema, CampaignSchema, CreateCampaignBodySchema, ListCampaignsQuerySchema, UpdateCampaignBodySchema } from "@/lib/schemas/campaigns";
import { serviceContext } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const tags = ["Campaigns"];
const CampaignEnvelope = envelope(CampaignSchema, "CampaignResponse");

export const CAMPAIGNS_DESCRIPTION =
  "A campaign calls a list of contacts with an agent: each attempt is a normal outbound phone call (`campaign_id` on the call), " +
  "placed inside the contact's calling windows (its own time zone), never faster than `pacing.calls_per_second` in any second, " +
  "never more than `pacing.max_concurrent_calls` at once nor past the organization's concurrency, and never to a number on the do-not-call list.";

const createRouteDef = extension(
  createRoute({
    method: "post",
    path: "/campaigns",
    operationId: "createCampaign",
    tags,
    summary: "Create a campaign",
    description: `${CAMPAIGNS_DESCRIPTION} Created as \`draft\`: add contacts, then start it.`,
    request: { body: { required: true, content: { "application/json": { schema: CreateCampaignBodySchema } } } },
    responses: { 201: jsonContent(CampaignEnvelope, "The new campaign"), ...standardErrorResponses },
  }),
);

const listRouteDef = extension(
  createRoute({
    method: "get",
    path: "/campaigns",
    operationId: "listCampaigns",
    tags,
    summary: "List campaigns",
    description: "Newest first, in cursor pages (pass `next_cursor` back as `cursor`), optionally by status; each with its live progress.",
    request: { query: ListCampaignsQuerySchema },
    responses: { 200: jsonContent(listEnvelope(CampaignSchema, "CampaignList"), "Campaigns"), ...standardErrorResponses },
  }),
);

const getRouteDef = extension(
  createRoute({
    method: "get",
    path: "/campaigns/{campaign_id}",
    operationId: "getCampaign",
    tags,
    summary: "Get a campaign",
    description: "The campaign with its status and live `progress` (contacts by status, calls placed).",
    request: { params: CampaignIdParamSchema },
    responses: { 200: jsonContent(CampaignEnvelope, "The campaign"), ...standardErrorResponses },
  }),
);

const patchRouteDef = extension(
  createRoute({
    method: "patch",
    path: "/campaigns/{campaign_id}",
    operationId: "updateCampaign",
    tags,
    summary: "Update a campaign",
    description: "Partial. Only while draft, paused, completed or cancelled (409 otherwise: pause it first).",
    request: { params: CampaignIdParamSchema, body: { required: true, content: { "application/json": { schema: UpdateCampaignBodySchema } } } },
    responses: { 200: jsonContent(CampaignEnvelope, "The updated campaign"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const deleteRouteDef = extension(
  createRoute({
    method: "delete",
    path: "/campaigns/{campaign_id}",
    operationId: "deleteCampaign",
    tags,
    summary: "Delete a campaign",
    description: "Deletes the campaign and its contacts; its calls are kept (still carrying `campaign_id`). Only while draft, paused, completed or cancelled (409 otherwise).",
    request: { params: CampaignIdParamSchema },
    responses: { 200: jsonContent(envelope(z.null(), "CampaignDeletedResponse"), "Deleted; data is null"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const actions = {
  start: {
    summary: "Start a campaign",
    description: "draft → `running` (or `scheduled` until `schedule.start_at`). 400 when it has no contacts; 409 when it is not a draft.",
    message: "Campaign started",
  },
  pause: {
    summary: "Pause a campaign",
    description: "No new call is placed once this answers (on every instance); calls in progress finish. 409 unless scheduled or running.",
    message: "Campaign paused",
  },
  resume: { summary: "Resume a campaign", description: "paused → running (or scheduled): dialling resumes within a second. 409 unless paused.", message: "Campaign resumed" },
  cancel: {
    summary: "Cancel a campaign",
    description: "Contacts not yet called (or waiting for a retry) become `cancelled`; calls in progress finish. 409 once completed or cancelled.",
    message: "Campaign cancelled",
  },
} as const;

export function campaignRoutes() {
  const router = createRouter();

  router.openapi(createRouteDef, async (c) => {
    const campaign = await createCampaign(serviceContext(c), c.req.valid("json"));
    return ok(c, campaign, { message: "Campaign created", status: 201 });
  });

  router.openapi(listRouteDef, async (c) => {
    const { items, ...paging } = await listCampaigns(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Campaigns retrieved", extra: paging });
  });

  router.openapi(getRouteDef, async (c) => ok(c, await getCampaign(serviceContext(c), c.req.valid("param").campaign_id), { message: "Campaign retrieved" }));

  router.openapi(patchRouteDef, async (c) => {
    const campaign = await updateCampaign(serviceContext(c), c.req.valid("param").campaign_id, c.req.valid("json"));
    return ok(c, campaign, { message: "Campaign updated" });
  });

  router.openapi(deleteRouteDef, async (c) => {
    await deleteCampaign(serviceContext(c), c.req.valid("param").campaign_id);
    return ok(c, null, { message: "Campaign deleted" });
  });

  for (const [action, text] of Object.entries(actions) as [keyof typeof actions, (typeof actions)[keyof typeof actions]][]) {
    const route = extension(
      createRoute({
        method: "post",
        path: `/campaigns/{campaign_id}/${action}`,
        operationId: `${action}Campaign`,
        tags,
        summary: text.summary,
        description: text.description,
        request: { params: CampaignIdParamSchema },
        responses: { 200: jsonContent(envelope(CampaignSchema, `${action[0].toUpperCase()}${action.slice(1)}CampaignResponse`), "The campaign"), ...standardErrorResponses, ...conflictResponse },
      }),
    );
    router.openapi(route, async (c) => {
      const campaign = await changeCampaignState(serviceContext(c), c.get("deps").queue, c.req.valid("param").campaign_id, action);
      return ok(c, campaign, { message: text.message });
    });
  }

  return router;
}

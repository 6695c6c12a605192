import { createRoute } from "@hono/zod-openapi";
import { getAuditSettings, listAuditLog, updateAuditSettings, verifyAuditChain } from "@/lib/services/audit/audit-log";
import {
  AuditEntrySchema,
  AuditSettingsSchema,
  AuditVerificationSchema,
  ListAuditLogQuerySchema,
  UpdateAuditSettingsBodySchema,
} from "@/lib/schemas/audit-log";
import { serviceContext } from "../context";
import { envelope, jsonContent, listEnvelope, ok, permissionResponse, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { requireRole } from "../principal-role";
import { createRouter } from "../router";

const tags = ["Audit log"];

const ACCESS =
  "For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners and admins. Others get 403 `permission_error`.";

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/audit-log",
    operationId: "listAuditLog",
    tags,
    summary: "List audit log entries",
    description:
      "Who changed what in your organization, newest first, in cursor pages (pass `next_cursor` back as `cursor`). Every change through " +
      "the API, the studio and the admin CLI is recorded in the transaction that makes it, with sign-ins, failed sign-ins and accepted " +
      "invitations. Filters: `actor_id`, `action` (one action, or a resource type's actions), `resource_type`, `resource_id`, `from` " +
      `(inclusive) and \`to\` (exclusive). ${ACCESS}`,
    request: { query: ListAuditLogQuerySchema },
    responses: {
      200: jsonContent(listEnvelope(AuditEntrySchema, "AuditEntryListResponse"), "Entries of your organization"),
      ...standardErrorResponses,
      ...permissionResponse,
    },
  }),
);

const verifyRoute = extension(
  createRoute({
    method: "get",
    path: "/audit-log/verify",
    operationId: "verifyAuditLog",
    tags,
    summary: "Verify the audit log's hash chain",
    description:
      "Walks the chain oldest first: each entry's `hash` must be SHA-256 of the previous entry's hash followed by its own canonical JSON, " +
      "and the last must be the chain's recorded end. An entry changed in the database, or removed, breaks it: `first_broken_id` names " +
      "the first entry that no longer verifies (for a removed last entry, the last one kept). After the retention job removed old " +
      `entries, the chain is checked from the first entry kept, as its \`audit_log.trimmed\` anchor entry records. ${ACCESS}`,
    responses: { 200: jsonContent(envelope(AuditVerificationSchema, "AuditVerificationResponse"), "The result"), ...standardErrorResponses, ...permissionResponse },
  }),
);

const getSettingsRoute = extension(
  createRoute({
    method: "get",
    path: "/audit-log/settings",
    operationId: "getAuditLogSettings",
    tags,
    summary: "Get the audit log's retention",
    description: `How long entries are kept. ${ACCESS}`,
    responses: { 200: jsonContent(envelope(AuditSettingsSchema, "AuditSettingsResponse"), "The settings"), ...standardErrorResponses, ...permissionResponse },
  }),
);

const updateSettingsRoute = extension(
  createRoute({
    method: "patch",
    path: "/audit-log/settings",
    operationId: "updateAuditLogSettings",
    tags,
    summary: "Change the audit log's retention",
    description:
      "`audit_retention_days` from 30 to 3650 (default 365). The daily retention job removes older entries and records an " +
      `\`audit_log.trimmed\` anchor entry saying what was cut. ${ACCESS} In the studio, owners only.`,
    request: { body: { required: true, content: { "application/json": { schema: UpdateAuditSettingsBodySchema } } } },
    responses: { 200: jsonContent(envelope(AuditSettingsSchema, "UpdatedAuditSettingsResponse"), "The new settings"), ...standardErrorResponses, ...permissionResponse },
  }),
);

export function auditLogRoutes() {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    await requireRole(c, "admin", "The audit log");
    const { items, ...paging } = await listAuditLog(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Audit log retrieved", extra: paging });
  });
  app.openapi(verifyRoute, async (c) => {
    await requireRole(c, "admin", "The audit log");
    return ok(c, await verifyAuditChain(serviceContext(c)), { message: "Audit log verified" });
  });
  app.openapi(getSettingsRoute, async (c) => {
    await requireRole(c, "admin", "The audit log");
    return ok(c, await getAuditSettings(serviceContext(c)), { message: "Audit log settings retrieved" });
  });
  app.openapi(updateSettingsRoute, async (c) => {
    await requireRole(c, "owner", "Changing the audit log's retention");
    return ok(c, await updateAuditSettings(serviceContext(c), c.req.valid("json")), { message: "Audit log settings updated" });
  });
  return app;
}

import "server-only";
import { hostname, userInfo } from "node:os";
import { z } from "zod";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganizationWithOwner, organizationExists } from "@/lib/auth/organizations";
import type { Database } from "@/lib/db/client";
import { seedCalls } from "@/lib/demo/calls";
import type { AuditActor } from "@/lib/schemas/audit-log";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { createPhoneNumber } from "@/lib/services/phone-numbers/phone-numbers";

/** Option values as they come from a command line: `--owner-email x` is `{"owner-email": "x"}`. */
export type AdminArgs = Record<string, string | undefined>;
export type AdminResult = Record<string, unknown>;
export type AdminLog = (line: string) => void;

/** A command line the caller can fix: an unknown command or option, a missing or malformed value. */
export class AdminUsageError extends Error {
  constructor(
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = "AdminUsageError";
  }
}

type CommandSpec<Args extends z.ZodObject> = {
  summary: string;
  args: Args;
  /** `actor` is the audit log's actor of every change the command makes. */
  run: (db: Database, args: z.output<Args>, log: AdminLog, actor: AuditActor) => Promise<AdminResult>;
};

/** Who the audit log says made a change with `npm run admin`: the operator's account on the machine, as the CLI reports it. */
export function adminCliActor(operator?: string): AuditActor {
  const who = operator?.trim().slice(0, 200);
  return { type: "admin_cli", id: null, label: who ? `admin CLI (${who})` : "admin CLI" };
}

/** The operator running the CLI, as `user@host`. */
export function localOperator(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    return hostname();
  }
}

const define = <Args extends z.ZodObject>(spec: CommandSpec<Args>) => spec;

const text = () => z.string().trim().min(1, "must not be empty");
const uuid = () => z.guid("must be a UUID");

async function requireOrganization(db: Database, id: string): Promise<void> {
  if (!(await organizationExists(db, id))) throw new NotFoundError(`Organization ${id}`);
}

export const adminCommands = {
  "create-org": define({
    summary: "Create an organization and its owner, who signs in to the studio",
    args: z.strictObject({
      name: text().describe("Organization name"),
      "owner-email": text().describe("Owner's email address"),
      "owner-password": z.string().describe("Owner's password (at least 8 characters)"),
    }),
    run: async (db, args, _log, actor) => {
      const created = await createOrganizationWithOwner(
        db,
        { name: args.name, ownerEmail: args["owner-email"], ownerPassword: args["owner-password"] },
        { actor },
      );
      return { organization_id: created.organizationId, user_id: created.userId };
    },
  }),

  "create-api-key": define({
    summary: "Create an API key for /v1 (printed once; only its hash is kept)",
    args: z.strictObject({
      org: uuid().describe("Organization id"),
      name: text().optional().describe("Key name (default: Admin CLI)"),
    }),
    run: async (db, args, _log, actor) => {
      await requireOrganization(db, args.org);
      const key = await createApiKey({ db, organizationId: args.org, actor }, { name: args.name ?? "Admin CLI" });
      return { id: key.id, api_key: key.apiKey };
    },
  }),

  "create-phone-number": define({
    summary: "Register a phone number with the organization",
    args: z
      .strictObject({
        org: uuid().describe("Organization id"),
        number: text().describe("E.164 number, such as +14155550123"),
        name: text().optional().describe("Display name"),
        type: z.enum(["pstn", "sip"], "must be pstn or sip").optional().describe("pstn (default) or sip"),
        "sip-termination-uri": text().optional().describe("SIP URI outbound calls are sent to (sip numbers only)"),
      })
      .refine((args) => (args.type === "sip") === (args["sip-termination-uri"] !== undefined), {
        path: ["sip-termination-uri"],
        message: "is required with --type sip, and only then",
      }),
    run: async (db, args, _log, actor) => {
      await requireOrganization(db, args.org);
      const uri = args["sip-termination-uri"];
      return createPhoneNumber(
        { db, organizationId: args.org, actor },
        { number: args.number, name: args.name, type: args.type, sip_trunk: uri ? { termination_uri: uri } : undefined },
      );
    },
  }),

  "seed-calls": define({
    summary: "Insert realistic finished calls (transcripts, variables, post-call answers, costs)",
    args: z.strictObject({
      org: uuid().describe("Organization id"),
      count: z
        .string()
        .regex(/^[1-9]\d*$/, "must be a positive whole number")
        .transform(Number)
        .pipe(z.number().max(10_000_000, "must be at most 10,000,000"))
        .describe("How many calls"),
      agent: uuid().optional().describe("Only this agent (default: spread over the organization's agents)"),
      "start-time": z.iso
        .datetime({ offset: true, message: "must be an ISO 8601 date-time with a zone, such as 2025-01-31T09:00:00Z" })
        .transform((value) => new Date(value))
        .optional()
        .describe("Start every call at exactly this time (default: spread over the last 90 days)"),
    }),
    run: async (db, args, log, actor) => {
      await requireOrganization(db, args.org);
      const started = Date.now();
      let lastLog = started;
      const seeded = await seedCalls(db, {
        organizationId: args.org,
        count: args.count,
        agentId: args.agent,
        startTime: args["start-time"],
        onProgress: (created, total) => {
          const now = Date.now();
          if (created < total && now - lastLog < 2000) return;
          lastLog = now;
          const rate = Math.round(created / Math.max((now - started) / 1000, 0.001));
          log(`seed-calls: ${created.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} calls (${rate.toLocaleString("en-US")}/s)`);
        },
      });
      await recordAudit(
        { db, organizationId: args.org, actor },
        { action: "call.seeded", resourceType: "call", resourceId: null, changes: { ...change("calls", null, seeded.created), ...change("agent_id", null, args.agent ?? null) } },
      );
      return seeded;
    },
  }),
};

export type AdminCommandName = keyof typeof adminCommands;

export function isAdminCommand(name: string): name is AdminCommandName {
  return Object.hasOwn(adminCommands, name);
}

/** The option names a command takes, for the command-line parser and the usage text. */
export function commandOptions(name: AdminCommandName): { name: string; description: string; required: boolean }[] {
  return Object.entries(adminCommands[name].args.shape).map(([option, schema]) => ({
    name: option,
    description: schema.description ?? "",
    required: !schema.safeParse(undefined).success,
  }));
}

/** Checks the arguments, so a bad command line fails before any database is opened; returns the runner. */
export function prepareAdminCommand(
  command: string,
  args: AdminArgs,
): (db: Database, log?: AdminLog, actor?: AuditActor) => Promise<AdminResult> {
  if (!isAdminCommand(command)) {
    throw new AdminUsageError(`Unknown command "${command}". Commands: ${Object.keys(adminCommands).join(", ")}`);
  }
  const spec = adminCommands[command] as CommandSpec<z.ZodObject>;
  const parsed = spec.args.safeParse(args);
  if (!parsed.success) {
    const details = parsed.error.issues.flatMap((issue): FieldProblem[] => {
      if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ field: key, message: `unknown option --${key}` }));
      const field = String(issue.path[0] ?? "");
      const missing = issue.code === "invalid_type" && args[field] === undefined;
      return [{ field, message: missing ? `--${field} is required` : `--${field} ${issue.message}` }];
    });
    throw new AdminUsageError(`${command}: ${details.map((detail) => detail.message).join("; ")}`, details);
  }
  return (db, log = () => undefined, actor = adminCliActor(localOperator())) => spec.run(db, parsed.data, log, actor);
}

export type AdminErrorBody = { type: string; message: string; details: FieldProblem[] };

/** How the admin server reports a failed command; `usage_error` tells the CLI to exit with 2. */
export function adminErrorBody(error: unknown): { status: number; error: AdminErrorBody } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof AdminUsageError) return { status: 400, error: { type: "usage_error", message, details: error.details } };
  if (error instanceof ValidationError) return { status: 400, error: { type: "validation_error", message, details: error.details } };
  if (error instanceof NotFoundError) return { status: 404, error: { type: "not_found", message, details: [] } };
  if (error instanceof ConflictError) return { status: 409, error: { type: "conflict", message, details: error.details } };
  return { status: 500, error: { type: "internal_error", message, details: [] } };
}

import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import type { Database } from "@/lib/db/client";
import { appSettings, organizations } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createPhoneNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { systemActor } from "@/lib/services/context";
import { seedCalls } from "./calls";
import { appointmentAgent, receptionAgent, surveyAgent } from "./demo-agents";
import { insertDemoAgent } from "./insert-agent";

export const DEMO_EMAIL = "demo@example.com";
const DEMO_SEEDED = "demo_seeded";
const DEMO_CALLS = 3000;

export type DemoCredentials = { organizationId: string; email: string; password: string; apiKey: string };

/**
 * On a first start (nothing seeded before, no organization yet) creates a demo organization with
 * agents, numbers and calls, in one transaction, and returns how to sign in; null otherwise.
 */
export async function seedDemoData(db: Database, options: { storage?: BlobStore } = {}): Promise<DemoCredentials | null> {
  return inTransaction(db, async (tx) => {
    const [seeded] = await tx.select({ key: appSettings.key }).from(appSettings).where(eq(appSettings.key, DEMO_SEEDED)).limit(1);
    const [anyOrganization] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (seeded || anyOrganization) return null;

    const password = randomBytes(12).toString("base64url");
    const { organizationId, userId } = await createOrganizationWithOwner(tx, {
      name: "Demo Organization",
      ownerEmail: DEMO_EMAIL,
      ownerPassword: password,
      ownerName: "Demo Owner",
    });
    const demo = { db: tx, organizationId, actor: systemActor("demo data") };
    const key = await createApiKey(demo, { name: "Demo key", createdByUserId: userId });
    const appointmentId = await insertDemoAgent(tx, organizationId, appointmentAgent);
    await insertDemoAgent(tx, organizationId, surveyAgent);
    const receptionId = await insertDemoAgent(tx, organizationId, receptionAgent);

    const ctx = demo;
    await createPhoneNumber(ctx, { number: "+14155550101", name: "Bookings line", inbound_agent_id: appointmentId });
    await createPhoneNumber(ctx, { number: "+14155550102", name: "Front desk", inbound_agent_id: receptionId });
    await createPhoneNumber(ctx, { number: "+14155550103", name: "Survey outbound" });
    await seedCalls(tx, { organizationId, count: DEMO_CALLS, concurrency: 1, storage: options.storage });

    await tx.insert(appSettings).values({ key: DEMO_SEEDED, value: { organization_id: organizationId, at: new Date().toISOString() } });
    return { organizationId, email: DEMO_EMAIL, password, apiKey: key.apiKey };
  });
}

export function demoBanner(credentials: DemoCredentials, baseUrl: string): string {
  const rule = "─".repeat(78);
  return [
    "",
    rule,
    "  Demo data created on this first start. It is shown once: note it now.",
    "",
    "  Studio sign-in (the owner of the demo organization):",
    `    email    ${credentials.email}`,
    `    password ${credentials.password}`,
    "",
    `  API key    ${credentials.apiKey}`,
    `  Try        curl -H "X-Api-Key: ${credentials.apiKey}" "${baseUrl}/v1/calls?limit=5"`,
    "",
    `  API reference  ${baseUrl}/docs`,
    "  Start with SEED_DEMO=false to skip the demo data.",
    rule,
    "",
  ].join("\n");
}

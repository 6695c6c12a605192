// npm run bench:campaigns — campaigns at scale, on Postgres (BENCH_DATABASE_URL, the loopback server, or one it starts):
// 1. import of a 100,000-row CSV (per-row errors included) through POST /v1/campaigns/{id}/contacts, timed (target ≤ 10 s);
// 2. dispatch of 10,000 contacts at 50 calls/s against the Twilio double (the test carrier), through the server's own
//    webhooks: the carrier's dial times and ring intervals give the most calls at once and the most in any second.
import path from "node:path";
import { campaigns } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { maxInWindow, maxOverlap } from "@/tests/helpers/campaign-checks";
import { TelephonyServer } from "@/tests/helpers/carriers/telephony-server";
import { TwilioDouble } from "@/tests/helpers/carriers/twilio-double";
import { insertAgent } from "@/tests/helpers/fixtures";
import { postgresServer } from "./postgres";

const root = path.resolve(__dirname, "..", "..");
const log = (line: string) => console.log(line);
const IMPORT_ROWS = 100_000;
const DISPATCH_CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 10_000);
const RATE = 50;
const MAX_CONCURRENT = 40;
const AREA_CODES = ["212", "213", "305", "312", "404", "415", "512", "617", "702", "801", "919"];
const ALWAYS = [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "24:00" }];

function number(i: number): string {
  return `+1${AREA_CODES[Math.floor(i / 10_000) % AREA_CODES.length]}555${String(i % 10_000).padStart(4, "0")}`;
}

async function main() {
  const pgServer = await postgresServer(root, log);
  process.env.TEST_DB = "postgres";
  process.env.TEST_DATABASE_URL = pgServer.url;
  const double = await TwilioDouble.start();
  const server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken } });
  try {
    const org = await server.api.createOrganization("Bench");
    const agentId = await insertAgent(server.api.db, org.organizationId);
    const line = "+14155550100";
    double.addNumber(line);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields of each answer
    type Answer = { data: any };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await server.request(method, url, { apiKey: org.apiKey, body });
      return (await res.json()) as Answer;
    };
    await call("POST", "/v1/phone-numbers", { number: line });

    // 1. Import.
    const importCampaign = (await call("POST", "/v1/campaigns", { name: "Import", agent_id: agentId, from_numbers: [line] })).data.id;
    const rows = ["phone_number,first_name,account,metadata.crm_id"];
    for (let i = 0; i < IMPORT_ROWS; i++) rows.push(i % 100 === 99 ? `not-a-number-${i},Name${i},A${i},C${i}` : `${number(i)},Name${i},A${i},C${i}`);
    const csv = rows.join("\n");
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "contacts.csv");
    const started = performance.now();
    const res = await server.api.request("POST", `/v1/campaigns/${importCampaign}/contacts`, { apiKey: org.apiKey, rawBody: form });
    const seconds = (performance.now() - started) / 1000;
    const result = ((await res.json()) as { data: { added: number; duplicates: number; rejected: unknown[] } }).data;
    log(`import: ${IMPORT_ROWS.toLocaleString("en-US")} rows (${(csv.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(2)} s — added ${result.added}, duplicates ${result.duplicates}, rejected ${result.rejected.length} (target ≤ 10 s: ${seconds <= 10 ? "met" : "MISSED"})`);

    // 2. Dispatch.
    await call("PATCH", "/v1/concurrency", { limit: 1000 });
    const list = Array.from({ length: DISPATCH_CONTACTS }, (_, i) => number(i + 500_000));
    for (const to of list) double.script(to, { outcome: "no_answer", ringMs: 600 });
    const id = (await call("POST", "/v1/campaigns", { name: "Dispatch", agent_id: agentId, from_numbers: [line], schedule: { windows: ALWAYS }, pacing: { max_concurrent_calls: MAX_CONCURRENT, calls_per_second: RATE } })).data.id;
    for (let i = 0; i < list.length; i += 10_000) await call("POST", `/v1/campaigns/${id}/contacts`, { contacts: list.slice(i, i + 10_000).map((phone_number) => ({ phone_number })) });
    const t0 = Date.now();
    await call("POST", `/v1/campaigns/${id}/start`);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const [row] = await server.api.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
      const progress = (await call("GET", `/v1/campaigns/${id}`)).data.progress;
      log(`  ${((Date.now() - t0) / 1000).toFixed(0)} s: placed ${progress.calls_placed}, dialing ${progress.dialing}, finished ${progress.failed + progress.completed}`);
      if (row.status === "completed") break;
    }
    const elapsed = (Date.now() - t0) / 1000;
    const wanted = new Set(list);
    const dials = [...double.calls.values()].filter((c) => c.direction === "outbound-api" && wanted.has(c.to));
    const perSecond = maxInWindow(dials.map((d) => d.createdAt));
    const concurrent = maxOverlap(dials.map((d) => ({ start: d.createdAt, end: d.endedAt })));
    const recorded = (await server.api.db.execute(
      `select count(*)::int as n, count(distinct campaign_contact_id)::int as contacts from calls where campaign_id = '${id}'` as never,
    )) as unknown as { rows: { n: number; contacts: number }[] };
    log(
      `dispatch: ${DISPATCH_CONTACTS.toLocaleString("en-US")} contacts at ${RATE}/s, max ${MAX_CONCURRENT} at once, each ringing 0.6 s: ${elapsed.toFixed(1)} s ` +
        `(${(DISPATCH_CONTACTS / elapsed).toFixed(1)} calls/s); at the carrier: ${dials.length} dials, ${new Set(dials.map((d) => d.to)).size} numbers, ` +
        `most in any second ${perSecond} (cap ${RATE}), most at once ${concurrent} (cap ${MAX_CONCURRENT}); recorded calls ${recorded.rows[0].n} for ${recorded.rows[0].contacts} contacts`,
    );
  } finally {
    await double.close();
    await server.close();
    await pgServer.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

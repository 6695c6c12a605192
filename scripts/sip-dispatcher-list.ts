// `npm run sip:dispatcher-list [-- --tcp] [file]`: writes Kamailio's dispatcher list from the live SIP
// media processes registered in Postgres (stdout without a file). Run it on a timer beside Kamailio,
// which re-reads the file every 10 s (deploy/kamailio/README.md).
import { writeFileSync } from "node:fs";
import { loadConfig } from "@/lib/config";
import { connectPostgres } from "@/lib/db/client";
import { liveSipInstances } from "@/lib/services/telephony/sip-media-instances";
import { formatDispatcherList } from "@/lib/telephony/sip-media/kamailio-dispatcher";

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error("npm run sip:dispatcher-list needs DATABASE_URL: several SIP media processes share a Postgres server.");
    process.exit(1);
  }
  const connection = connectPostgres(config.databaseUrl, 1);
  try {
    const args = process.argv.slice(2);
    const list = formatDispatcherList(await liveSipInstances(connection.db), args.includes("--tcp") ? "tcp" : "udp");
    const file = args.find((arg) => !arg.startsWith("--"));
    if (file) writeFileSync(file, list);
    else process.stdout.write(list);
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

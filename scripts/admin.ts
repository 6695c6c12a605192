/**
 * The operations CLI: `npm run admin -- <command> [--option value ...]` prints one JSON object on
 * stdout; logs and errors go to stderr. With DATABASE_URL it works on that Postgres. Embedded, it
 * goes through the process that owns DATA_DIR when one runs (PGlite allows one process per
 * directory), and otherwise owns the directory itself for the length of the command.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { AdminServerError, findOwnerEndpoint, sendAdminCommand } from "@/lib/admin/admin-client";
import {
  adminCommands,
  AdminUsageError,
  commandOptions,
  isAdminCommand,
  prepareAdminCommand,
  type AdminArgs,
  type AdminLog,
  type AdminResult,
} from "@/lib/admin/commands";
import { loadConfig, pgliteDirectory, type AppConfig } from "@/lib/config";
import { connectPglite, connectPostgres } from "@/lib/db/client";
import { DataDirectoryInUseError, lockDataDirectory } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";

function usage(): string {
  const lines = ["Usage: npm run --silent admin -- <command> [options]", "", "Commands:"];
  for (const [name, spec] of Object.entries(adminCommands)) {
    lines.push("", `  ${name}: ${spec.summary}`);
    for (const option of commandOptions(name as keyof typeof adminCommands)) {
      lines.push(`    --${option.name.padEnd(20)} ${option.description}${option.required ? "" : " (optional)"}`);
    }
  }
  lines.push(
    "",
    "With DATABASE_URL set, commands run on that Postgres. Otherwise they run on the embedded database in",
    "DATA_DIR (default ./.data), through the running server when one owns it.",
  );
  return lines.join("\n");
}

/** The same .env files Next.js reads, so the CLI finds the server's DATA_DIR or DATABASE_URL; the environment wins. */
function loadEnvFiles() {
  const mode = process.env.NODE_ENV ?? "production";
  for (const file of [`.env.${mode}.local`, ".env.local", `.env.${mode}`, ".env"]) {
    if (existsSync(file)) process.loadEnvFile(file);
  }
}

function parseCommandLine(argv: string[]): { command: string; args: AdminArgs } {
  const [command, ...rest] = argv;
  if (!isAdminCommand(command)) throw new AdminUsageError(`Unknown command "${command}" (see --help)`);
  const options = Object.fromEntries(commandOptions(command).map((option) => [option.name, { type: "string" as const }]));
  try {
    const { values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false });
    return { command, args: values as AdminArgs };
  } catch (error) {
    throw new AdminUsageError(`${command}: ${(error as Error).message}`);
  }
}

async function execute(config: AppConfig, command: string, args: AdminArgs, log: AdminLog): Promise<AdminResult> {
  const run = prepareAdminCommand(command, args);
  if (config.databaseUrl) {
    const connection = connectPostgres(config.databaseUrl, 4);
    try {
      await applyMigrations(connection);
      return await run(connection.db, log);
    } finally {
      await connection.close();
    }
  }
  // A server may take the directory between our look and our lock: then go through it after all.
  for (let attempt = 0; ; attempt++) {
    const endpoint = await findOwnerEndpoint(config.dataDir);
    if (endpoint) {
      log(`admin: running ${command} in process ${endpoint.pid}, which owns ${config.dataDir}`);
      return sendAdminCommand(endpoint, command, args);
    }
    let lock;
    try {
      lock = lockDataDirectory(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirectoryInUseError && attempt < 2) continue;
      throw error;
    }
    try {
      const connection = await connectPglite(pgliteDirectory(config));
      try {
        await applyMigrations(connection);
        return await run(connection.db, log);
      } finally {
        await connection.close();
      }
    } finally {
      lock.release();
    }
  }
}

async function main(): Promise<number> {
  // Only the result may reach stdout: anything a library logs goes to stderr.
  console.log = console.error;
  console.info = console.error;
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ["help", "--help", "-h"].includes(argv[0])) {
    console.error(usage());
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const { command, args } = parseCommandLine(argv);
    loadEnvFiles();
    const result = await execute(loadConfig(), command, args, (line) => console.error(line));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const usageError = error instanceof AdminUsageError || (error instanceof AdminServerError && error.body.type === "usage_error");
    const details = error instanceof AdminServerError ? error.body.details : ((error as { details?: { field: string; message: string }[] }).details ?? []);
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message}`);
    for (const detail of details) if (!message.includes(detail.message)) console.error(`  ${detail.field}: ${detail.message}`);
    return usageError ? 2 : 1;
  }
}

main().then((code) => {
  process.exitCode = code;
});

#!/usr/bin/env bash
# Runs an agent's tests in CI: starts the service on a throwaway embedded database (no Postgres, no
# build), creates an organization and an API key, loads the agent from AGENT.json, and runs the tests
# of TESTS.yaml against it with `npm run agent-test` (extra options are passed on, e.g. --junit).
# The agent's model is whatever the environment configures: OPENAI_COMPATIBLE_BASE_URL (Ollama,
# vLLM, llama.cpp, a proxy) or OPENAI_API_KEY, and TEST_JUDGE_MODEL / TEST_SIMULATOR_MODEL if set.
# Exit status: the CLI's (0 all passed, 1 a test failed, 2 usage or connection error).
#
# Usage: scripts/ci/agent-tests.sh AGENT.json TESTS.yaml [agent-test options]
set -euo pipefail

agent_file=$(realpath "${1:?usage: scripts/ci/agent-tests.sh AGENT.json TESTS.yaml [agent-test options]}")
tests_file=$(realpath "${2:?usage: scripts/ci/agent-tests.sh AGENT.json TESTS.yaml [agent-test options]}")
shift 2
cd "$(dirname "$0")/../.."

data_dir=$(mktemp -d)
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base_url="http://127.0.0.1:$port"

# The service, as `npm start` runs it, API only (the studio needs no build here), on its embedded database.
DATA_DIR="$data_dir" SEED_DEMO=false HOST=127.0.0.1 PORT="$port" \
  node --conditions=react-server --import tsx scripts/server.ts --api-only >"$data_dir/server.log" 2>&1 &
server=$!
stop() {
  kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap stop EXIT

json() { node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }

for _ in $(seq 1 120); do
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$base_url/api/health"; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$data_dir/server.log" >&2; exit 2; fi
  sleep 0.5
done

# An organization and an API key (the admin CLI reaches the running server's embedded database through it).
org=$(DATA_DIR="$data_dir" npm run --silent admin -- create-org --name CI --owner-email ci@example.com --owner-password "ci-$RANDOM-$RANDOM-password" | json organization_id)
api_key=$(DATA_DIR="$data_dir" npm run --silent admin -- create-api-key --org "$org" --name ci | json api_key)

# The agent under test.
agent=$(node -e '
  fetch(process.argv[1] + "/v1/agents", { method: "POST", headers: { "X-Api-Key": process.argv[2], "Content-Type": "application/json" }, body: require("fs").readFileSync(process.argv[3]) })
    .then(async (r) => { const body = await r.json(); if (!r.ok) { console.error(JSON.stringify(body.error, null, 2)); process.exit(2); } console.log(body.data.id); })' \
  "$base_url" "$api_key" "$agent_file")

status=0
npm run --silent agent-test -- --base-url "$base_url" --api-key "$api_key" --agent "$agent" --file "$tests_file" "$@" || status=$?
exit "$status"

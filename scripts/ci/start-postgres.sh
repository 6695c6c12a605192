#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback for tests and benchmarks, installing Debian's
# postgresql package when the machine has none. Prints the connection URL on stdout.
# Usage: scripts/ci/start-postgres.sh DATA_DIR [PORT]
set -euo pipefail
data_dir=${1:?data directory}
port=${2:-54329}

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
bin=$(find_bin)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
  echo "PostgreSQL server not found: installing Debian's postgresql package" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi

run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home postgres; fi
mkdir -p "$data_dir"
[ "$(id -u)" = "0" ] && chown postgres "$data_dir"
if [ ! -f "$data_dir/PG_VERSION" ]; then
  run_as_postgres "$bin/initdb" -D "$data_dir" -U postgres --auth=trust -E UTF8 >/dev/null
fi
run_as_postgres "$bin/pg_ctl" -D "$data_dir" -l "$data_dir/server.log" -w \
  -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=512MB -c max_connections=200" start >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"

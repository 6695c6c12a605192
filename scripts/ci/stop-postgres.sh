#!/usr/bin/env bash
# Stops the server started by start-postgres.sh. Usage: scripts/ci/stop-postgres.sh DATA_DIR
set -uo pipefail
data_dir=${1:?data directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$data_dir" -m fast stop >/dev/null 2>&1
else "$bin/pg_ctl" -D "$data_dir" -m fast stop >/dev/null 2>&1; fi
true

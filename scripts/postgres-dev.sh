#!/usr/bin/env bash
# A PostgreSQL of your own for `nutrichat serve --database postgres://…`: a cluster in one folder, listening on
# 127.0.0.1 only (trust authentication: every local user may connect, so keep it to a machine of your own), with
# a `nutrichat` user and database. Uses Debian's postgresql binaries (apt-get install postgresql).
#
#   scripts/postgres-dev.sh start    create the cluster on first use, start it, print the URL
#   scripts/postgres-dev.sh url      print the URL
#   scripts/postgres-dev.sh status   say whether it runs
#   scripts/postgres-dev.sh stop     stop it (the data stays in the folder)
#
# NUTRICHAT_PG_DIR (folder), NUTRICHAT_PG_PORT (default 55432) and NUTRICHAT_PG_BIN (binaries) override the defaults.
set -euo pipefail

usage() { echo "usage: $0 start|stop|status|url" >&2; exit 2; }
[ $# -eq 1 ] || usage

port="${NUTRICHAT_PG_PORT:-55432}"
if [ "$(id -u)" -eq 0 ]; then
    # PostgreSQL refuses to run as root: its programs run as the postgres user, in a folder that user owns.
    dir="${NUTRICHAT_PG_DIR:-$(getent passwd postgres | cut -d: -f6)/nutrichat-dev}"
    as_owner() { runuser -u postgres -- "$@"; }
else
    dir="${NUTRICHAT_PG_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/nutrichat-postgres}"
    as_owner() { "$@"; }
fi
bin="${NUTRICHAT_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ ! -x "$bin/pg_ctl" ]; then
    echo "$0: no PostgreSQL binaries found (Debian: apt-get install postgresql; or set NUTRICHAT_PG_BIN)" >&2
    exit 1
fi
url="postgres://nutrichat@127.0.0.1:$port/nutrichat"
data="$dir/data"

running() { [ -f "$data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

case "$1" in
start)
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$dir"
        [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
        as_owner "$bin/initdb" -D "$data" -U nutrichat --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 \
            || { echo "$0: initdb failed; see $dir/initdb.log" >&2; exit 1; }
    fi
    if ! running; then
        as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null \
            || { echo "$0: PostgreSQL did not start; see $dir/server.log" >&2; exit 1; }
    fi
    exists=$(as_owner "$bin/psql" -h "$dir" -p "$port" -U nutrichat -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'nutrichat'")
    [ "$exists" = 1 ] || as_owner "$bin/createdb" -h "$dir" -p "$port" -U nutrichat nutrichat
    echo "$url"
    ;;
stop)
    if running; then as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null; fi
    echo "stopped ($dir)"
    ;;
status)
    if running; then echo "running: $url ($dir)"; else echo "not running ($dir)"; exit 3; fi
    ;;
url)
    echo "$url"
    ;;
*)
    usage
    ;;
esac

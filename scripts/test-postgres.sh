#!/usr/bin/env bash
# A throwaway PostgreSQL on 127.0.0.1 for the library store tests (Debian's postgresql package).
#   scripts/test-postgres.sh start [PORT]   initdb in a new temp folder, start, create role and database;
#                                           prints the URL for READER_TEST_POSTGRES_URL
#   scripts/test-postgres.sh stop           stops it and removes the folder
set -euo pipefail
state=${READER_TEST_POSTGRES_STATE:-/tmp/reader-test-postgres.dir}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[[ -n "$bin" ]] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_postgres() {
    if [[ $(id -u) -eq 0 ]]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}
case "${1:-}" in
start)
    port=${2:-55432}
    if [[ -f "$state" ]] && as_postgres "'$bin/pg_ctl' -D '$(cat "$state")/data' status >/dev/null 2>&1"; then
        echo "postgres://reader@127.0.0.1:$port/reader_test"  # already running: started by an earlier call
        exit 0
    fi
    dir=$(mktemp -d /tmp/reader-postgres.XXXXXX)
    [[ $(id -u) -eq 0 ]] && chown postgres "$dir"
    echo "$dir" >"$state"
    as_postgres "'$bin/initdb' -D '$dir/data' -A trust -U postgres -E UTF8 >'$dir/initdb.log' 2>&1"
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 60 \
        -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c fsync=off\" start >/dev/null"
    as_postgres "'$bin/psql' -q -h 127.0.0.1 -p $port -U postgres -d postgres \
        -c 'CREATE ROLE reader LOGIN' -c 'CREATE DATABASE reader_test OWNER reader'"
    echo "postgres://reader@127.0.0.1:$port/reader_test"
    ;;
stop)
    [[ -f "$state" ]] || exit 0
    dir=$(cat "$state")
    as_postgres "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null" || true
    rm -rf "$dir" "$state"
    ;;
*)
    echo "usage: $0 start [PORT] | stop" >&2
    exit 2
    ;;
esac

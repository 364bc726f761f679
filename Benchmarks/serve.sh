#!/usr/bin/env bash
# `reader serve` under load: wrk (Debian's `wrk`) on loopback, 64 connections for 30 s, against
# /api/files on a generated folder of 5,000 articles, a book's cover, an article, a page of a book
# (the engine API) and an OPDS thumbnail; requests/s,
# p50/p99 latency, errors, and the server's RSS before and after. Also /api/files's latency cold
# (the first request after start) and when nothing changed (curl, median of 20).
#   Benchmarks/serve.sh [READER]          (READER defaults to the release build, built here)
#   SERVE_MILLION=1 Benchmarks/serve.sh   also runs over 1,000,000 requests on the cover (60 s), RSS sampled
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/lib.sh
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
reader=${1:-$(SCRATCH_PATH=.build-release release_reader)}
work=$(mktemp -d)
server=""
trap '[[ -n $server ]] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
python3 Benchmarks/make-article-folder.py "$work/articles" 5000
cp TestBooks/epub/lighthouse-keeper.epub "$work/articles/"
sync

rss() { awk '/^VmRSS/ {print $2 / 1024 " MiB"}' "/proc/$server/status"; }
"$reader" serve "$work/articles" --port 0 >"$work/out" 2>&1 &
server=$!
for _ in $(seq 300); do grep -q "Serving at" "$work/out" && break; sleep 0.1; done
base=$(sed -n 's/^Serving at \(http[^ ]*\)\/$/\1/p' "$work/out")
echo "server: $base (pid $server), folder: 5,000 articles + 1 EPUB, $(du -sh "$work/articles" | cut -f1)"
echo "RSS at start: $(rss)"

time_of() { curl -s -o /dev/null -w '%{time_total}\n' "$base$1"; }
echo "/api/files cold (first request): $(python3 -c "print('%.1f ms' % (float('$(time_of /api/files)') * 1000))")"
size=$(curl -s "$base/api/files" | wc -c)
warm=$(for _ in $(seq 20); do time_of /api/files; done | sort -n | sed -n 10p)
echo "/api/files when nothing changed (median of 20): $(python3 -c "print('%.1f ms' % (float('$warm') * 1000))"), $size bytes"
echo "RSS before wrk: $(rss)"

load() {
    echo "== wrk -t2 -c64 -d30s $1"
    wrk -t2 -c64 -d30s --latency "$base$1" | grep -E 'Requests/sec|Transfer/sec| 50%| 99%|Non-2xx|Socket errors|requests in'
    echo "RSS after: $(rss)"
}
load /api/files
load /api/covers/lighthouse-keeper.epub
load /api/file?name=2020-01-01-article-0.md
book=$(curl -s "$base/api/books?format=epub" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
# The first request of each group walks the folder (and the thumbnail's decodes the cover): timed
# once here, apart from the steady state wrk measures.
echo "first page of a book (engine API): $(python3 -c "print('%.1f ms' % (float('$(time_of "/api/books/$book/page?page=3&width=80&height=24")') * 1000))")"
echo "first OPDS thumbnail (walks the folder for OPDS, decodes the cover): $(python3 -c "print('%.1f ms' % (float('$(time_of "/opds/books/$book/thumbnail")') * 1000))")"
load "/api/books/$book/page?page=3&width=80&height=24"
load "/opds/books/$book/thumbnail"

if [[ ${SERVE_MILLION:-0} == 1 ]]; then
    # wrk has no request count; 60 s at the cover's rate (about 40,000/s in release) is well over a million.
    echo "== over 1,000,000 requests on the cover (wrk -t2 -c64 -d60s, RSS every 10 s)"
    before=$(rss)
    (while kill -0 "$server" 2>/dev/null; do sleep 10; echo "  RSS $(rss)"; done) &
    sampler=$!
    wrk -t2 -c64 -d60s "$base/api/covers/lighthouse-keeper.epub" | grep -E 'requests in|Requests/sec|Non-2xx|Socket errors'
    kill $sampler 2>/dev/null || true
    echo "RSS before the run: $before, after: $(rss)"
fi

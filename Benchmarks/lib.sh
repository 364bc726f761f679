# Shell helpers the benchmark scripts share; source it, do not run it.

# release_reader: builds the reader CLI in release mode, the Swift runtime and Foundation linked in
# statically as a shipped binary would have them (the process starts about 8 ms sooner than with
# the shared libraries), and prints its path. SwiftPM's scratch path is $SCRATCH_PATH (default
# .build), so that a benchmark build can keep out of the folder the debug builds and tests use.
release_reader() {
    local scratch=${SCRATCH_PATH:-.build}
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product reader >/dev/null
    echo "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/reader"
}

# wall_and_cpu RUNS ARGS…: "WALL CPU": the median wall seconds and the mean CPU seconds (user +
# system, every thread) of a command over RUNS runs, from hyperfine's JSON
wall_and_cpu() {
    local runs=$1 json
    shift
    json=$(mktemp)
    hyperfine --style none --warmup 1 --runs "$runs" --export-json "$json" "$@" >/dev/null 2>&1
    python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%.3f %.3f" % (r["median"], r["user"] + r["system"]))' "$json"
    rm -f "$json"
}

# median RUNS ARGS…: median wall seconds of a command over RUNS runs
median() {
    local times
    times=$(wall_and_cpu "$@")
    echo "${times%% *}"
}

# peak_rss COMMAND…: peak resident memory of one run, in MB
peak_rss() {
    /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'
}

# ratio A B: A / B with two decimals
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

# net_ratio READER PEER READER_START PEER_START: the ratio of the times once each tool's process start is taken off
net_ratio() {
    python3 -c "import sys; r, p, rs, ps = map(float, sys.argv[1:]); print('%.2f' % ((r - rs) / (p - ps)))" "$1" "$2" "$3" "$4"
}

# verdict VALUE LIMIT: "met" when VALUE <= LIMIT
verdict() { python3 -c "import sys; print('met' if float(sys.argv[1]) <= float(sys.argv[2]) else '**not met**')" "$1" "$2"; }

# run_alone_into_docs SCRIPT HEADING: what a per-format script does when run without arguments.
# Builds the release CLI, runs SCRIPT READER CACHE_DIR, and puts what it prints in place of the
# section of docs/benchmarks.md whose heading starts with "## HEADING" (up to the next "## "
# heading); a new section goes before the encoding-accuracy one, where run.sh puts it.
run_alone_into_docs() {
    local script=$1 heading=$2 reader cache section
    reader=$(release_reader)
    cache=$(mktemp -d)
    section=$(mktemp)
    READER_CACHE_DIR=$cache bash "$script" "$reader" "$cache" > "$section"
    python3 - docs/benchmarks.md "$section" "## $heading" <<'PY'
import sys
doc_path, section_path, heading = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(doc_path, encoding="utf-8").read().splitlines(keepends=True)
section = open(section_path, encoding="utf-8").read().splitlines(keepends=True)
start = next((i for i, l in enumerate(lines) if l.rstrip().startswith(heading)), None)
if start is None:
    start = end = next((i for i, l in enumerate(lines) if l.startswith("## Encoding detection")), len(lines))
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
open(doc_path, "w", encoding="utf-8").write("".join(lines[:start] + section + lines[end:]))
PY
    rm -rf "$cache" "$section"
    echo "updated the $heading section of docs/benchmarks.md"
}

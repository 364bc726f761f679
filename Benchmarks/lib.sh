# Shell helpers the benchmark scripts share; source it, do not run it.

# release_reader: builds the reader CLI in release mode and prints its path. SwiftPM's scratch
# path is $SCRATCH_PATH (default .build), so that a benchmark build can keep out of the folder
# the debug builds and tests use.
release_reader() {
    local scratch=${SCRATCH_PATH:-.build}
    swift build -c release --scratch-path "$scratch" --product reader >/dev/null
    echo "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/reader"
}

# median RUNS ARGS…: median wall seconds of a command over RUNS runs, from hyperfine's JSON
median() {
    local runs=$1 json
    shift
    json=$(mktemp)
    hyperfine --style none --warmup 1 --runs "$runs" --export-json "$json" "$@" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$json"
    rm -f "$json"
}

# peak_rss COMMAND…: peak resident memory of one run, in MB
peak_rss() {
    /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'
}

# ratio A B: A / B with two decimals
ratio() { python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

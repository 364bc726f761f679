#!/usr/bin/env bash
# Exports every file of the shared corpus that opens to EPUB with `reader export` and runs epubcheck
# on each export (two at a time), printing one line per file: the export's outcome and epubcheck's
# count of fatal errors, errors and warnings, with the messages when there are any.
# Usage: scripts/export-corpus-check.sh [READER] [CORPUS]   (defaults: .build/debug/reader, ../shared/corpus)
set -uo pipefail
reader=${1:-.build/debug/reader}
corpus=${2:-../shared/corpus}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SOURCE_DATE_EPOCH=946684800

check() {
    local file=$1 out=$2 name
    name=$(echo "${file#"$corpus"/}" | tr '/' '_')
    if ! "$reader" export "$file" -o "$out/$name.epub" >"$out/$name.log" 2>&1; then
        echo "skipped  ${file#"$corpus"/}: $(tail -1 "$out/$name.log")"
        return
    fi
    java -XX:TieredStopAtLevel=1 -jar /usr/share/java/epubcheck.jar "$out/$name.epub" --json "$out/$name.json" >/dev/null 2>&1
    python3 - "$out/$name.json" "${file#"$corpus"/}" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
bad = [m for m in report.get("messages", []) if m["severity"] in ("FATAL", "ERROR", "WARNING")]
counts = {s: sum(1 for m in bad if m["severity"] == s) for s in ("FATAL", "ERROR", "WARNING")}
status = "valid   " if not bad else "PROBLEMS"
print(f"{status} {sys.argv[2]}: {counts['FATAL']} fatal, {counts['ERROR']} errors, {counts['WARNING']} warnings")
for m in bad[:5]:
    where = ", ".join(f"{l.get('path')}:{l.get('line')}" for l in m.get("locations", [])[:2])
    print(f"    {m['severity']} {m['ID']} {where}: {m['message']}")
PY
}
export -f check
export reader corpus
find "$corpus" -type f \( -name '*.epub' -o -name '*.pdf' -o -name '*.txt' -o -name '*.md' -o -name '*.mobi' -o -name '*.azw3' -o -name '*.azw' \) \
    -not -path '*/reference/*' | sort | xargs -P 2 -I{} bash -c 'check "$1" "$2"' _ {} "$out"

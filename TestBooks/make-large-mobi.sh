#!/usr/bin/env bash
# Makes the large MOBI/AZW3 benchmark books from the large benchmark EPUB with calibre.
#
#   bash TestBooks/make-large-mobi.sh [SIZE_MB]
#
# SIZE_MB (default 5) is the size of the source EPUB, in MiB: TestBooks/generated/large-<SIZE_MB>mb.epub,
# made by TestBooks/make-large-epub.py when it is missing (Benchmarks/epub.sh uses the same file).
# Writes, skipping a file that is already there:
#
#   TestBooks/generated/large-<SIZE_MB>mb.azw3   KF8 only   (calibre's AZW3 output)
#   TestBooks/generated/large-<SIZE_MB>mb.mobi   MOBI 6     (--mobi-file-type old)
#
# Both use calibre's defaults (PalmDOC compression). PalmDOC packs text less tightly than the
# EPUB's deflate, so the books are larger than the EPUB: from the 5 MiB EPUB (12.9 MiB of XHTML),
# about 8 MiB each. calibre's output is not byte-deterministic (a random UUID, the dates):
# Benchmarks only, never committed (TestBooks/generated/ is ignored by git). Needs calibre's
# ebook-convert and python3. Each conversion takes one to four minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-5}
gen=TestBooks/generated
epub=$gen/large-${size_mb}mb.epub
mkdir -p "$gen"
command -v ebook-convert >/dev/null || { echo "make-large-mobi.sh: ebook-convert not found (apt-get install calibre)" >&2; exit 1; }
[[ -f $epub ]] || python3 TestBooks/make-large-epub.py "$epub" "$size_mb" >/dev/null

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/config"
export CALIBRE_CONFIG_DIRECTORY="$tmp/config" CALIBRE_OVERRIDE_LANG=en TZ=UTC

# convert OUT ARGS…: ebook-convert into a temporary file, then moved into place, so an interrupted
# run leaves no half-written book that a later run would take as done.
convert() {
    local out=$1 name
    shift
    [[ -f $out ]] && return
    name=$(basename "$out")
    ebook-convert "$epub" "$tmp/$name" "$@" > "$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
    mv "$tmp/$name" "$out"
    echo "$out: $(stat -c %s "$out") bytes"
}
convert "$gen/large-${size_mb}mb.azw3"
convert "$gen/large-${size_mb}mb.mobi" --mobi-file-type old

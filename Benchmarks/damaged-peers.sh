#!/usr/bin/env bash
# What reader and the peer tools recover from the damaged TestBooks (TestBooks/make-damaged.py).
#   Benchmarks/damaged-peers.sh [READER]     (READER defaults to .build/debug/reader)
# For each file: the words reader's `text` gives and its warnings, and
#   EPUB: the entries `unzip -t` finds intact; the entries of `zip -FF` whose `unzip -t` passes;
#         the words calibre's `ebook-convert FILE out.txt` gives;
#   MOBI/AZW3: the words `ebook-convert FILE out.txt` gives;
#   PDF:  the words `pdftotext` gives (poppler-utils) and `mutool draw -F txt` (mupdf-tools);
#   TXT:  no peer. A peer that fails counts 0 words. Needs calibre and mupdf-tools
#   (apt-get install calibre mupdf-tools).
set -uo pipefail
cd "$(dirname "$0")/.."
reader=${1:-.build/debug/reader}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 TestBooks/make-damaged.py "$work/damaged" >/dev/null
printf '%-36s %14s %9s  %s\n' file "reader words" warnings peer
tail -n +2 "$work/damaged/MANIFEST.tsv" | while IFS=$'\t' read -r name original _; do
    file="$work/damaged/$name"
    words=$("$reader" text "$file" 2>/dev/null | wc -w)
    intact=$("$reader" text "TestBooks/$original" 2>/dev/null | wc -w)
    warnings=$("$reader" info "$file" --no-cache 2>/dev/null | grep -c '^warning:')
    if ! "$reader" info "$file" --no-cache >/dev/null 2>&1; then warnings="refused"; fi
    peer="-"
    calibre() {
        rm -f "$work/calibre.txt"
        timeout 300 ebook-convert "$1" "$work/calibre.txt" >/dev/null 2>&1
        if [[ -f $work/calibre.txt ]]; then wc -w < "$work/calibre.txt"; else echo 0; fi
    }
    case "$name" in
        *.epub)
            total=$(unzip -Z1 "TestBooks/$original" | wc -l)
            tested=$(unzip -t "$file" 2>/dev/null | grep -c ' OK$')
            fixed="$work/fixed-$name"
            (yes | zip -FF "$file" --out "$fixed" >/dev/null 2>&1) || true
            repaired=0
            [[ -f $fixed ]] && repaired=$(unzip -t "$fixed" 2>/dev/null | grep -c ' OK$')
            peer="unzip -t: $tested/$total entries OK; zip -FF then unzip -t: $repaired/$total; calibre: $(calibre "$file") of $(calibre "TestBooks/$original") words" ;;
        *.mobi|*.azw3)
            peer="calibre: $(calibre "$file") of $(calibre "TestBooks/$original") words" ;;
        *.pdf)
            peer="pdftotext: $(pdftotext -q "$file" - 2>/dev/null | wc -w) of $(pdftotext -q "TestBooks/$original" - | wc -w) words; mutool: $(mutool draw -q -F txt -o - "$file" 2>/dev/null | wc -w) of $(mutool draw -q -F txt -o - "TestBooks/$original" 2>/dev/null | wc -w)" ;;
    esac
    printf '%-36s %6s/%-7s %9s  %s\n' "$name" "$words" "$intact" "$warnings" "$peer"
done

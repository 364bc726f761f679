#!/usr/bin/env bash
# Makes a large plain-text book for benchmarks by repeating a test book with fresh chapter numbers.
#
#   bash TestBooks/make-large.sh [OUT [SIZE_MB [utf8|gb18030]]]
#
#   OUT      the file to write; empty or "-" means TestBooks/generated/large-<ENCODING>-<SIZE_MB>mb.txt
#   SIZE_MB  the size to reach, in MiB (default 100); the file ends after the copy that reaches it
#   utf8     repeats The Lighthouse Keeper (English, UTF-8): "BOOK k" then "CHAPTER n. TITLE" (default)
#   gb18030  repeats Moon Garden (Chinese), encoded as GB18030: "第k卷" then "第n章　TITLE"
#
# Chapter numbers keep counting up across copies, so every heading is different. The output is
# deterministic (same arguments, same bytes) and is not committed: TestBooks/generated/ is ignored
# by git. Needs only bash, coreutils and iconv. It appends whole copies of the book to one string
# and writes each copy with a single printf, so 100 MiB takes a few seconds.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
size_mb=${2:-100}
encoding=${3:-utf8}
out=${1:-}
if [[ -z $out || $out == "-" ]]; then
    out=$here/generated/large-$encoding-${size_mb}mb.txt
fi
if ! [[ $size_mb =~ ^[0-9]+$ ]] || (( size_mb < 1 )); then
    echo "make-large.sh: SIZE_MB must be a whole number of MiB, got '$size_mb'" >&2
    exit 2
fi
case $encoding in
    utf8) book=$here/txt/lighthouse-keeper.txt; heading_pattern='/^CHAPTER /' ;;
    gb18030) book=$here/txt/moon-garden.zh.txt; heading_pattern='/^第.*章/' ;;
    *) echo "make-large.sh: encoding must be utf8 or gb18030, got '$encoding'" >&2; exit 2 ;;
esac
target=$(( size_mb * 1024 * 1024 ))
mkdir -p "$(dirname "$out")"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Cut the book at its chapter headings: part00 is the front matter, part01… are the chapters.
csplit --quiet --elide-empty-files --prefix="$work/part" --digits=2 "$book" "$heading_pattern" '{*}'

# Reads a file into the variable named $1 without losing trailing newlines.
read_file() {
    local content
    content=$(cat "$2"; printf x)
    printf -v "$1" '%s' "${content%x}"
}

# Bytes that a UTF-8 string takes once converted to the output encoding.
encoded_size() {
    if [[ $encoding == gb18030 ]]; then
        printf '%s' "$1" | iconv -f UTF-8 -t GB18030 | wc -c
    else
        printf '%s' "$1" | wc -c
    fi
}

read_file front "$work/part00"
titles=()
bodies=()
fixed_sizes=()   # encoded bytes of each chapter without its number
for part in "$work"/part[0-9][0-9]; do
    [[ $part == "$work/part00" ]] && continue
    read_file chapter "$part"
    heading=${chapter%%$'\n'*}
    body=${chapter#*$'\n'}
    if [[ $encoding == gb18030 ]]; then
        title=${heading#*章}          # "　搬家": keeps the ideographic space
        title=${title#"　"}
    else
        title=${heading#*. }         # "CHAPTER I. THE NEW KEEPER" -> "THE NEW KEEPER"
    fi
    titles+=("$title")
    bodies+=("$body")
    if [[ $encoding == gb18030 ]]; then
        # "第" + number + "章" + "　" + title + "\n" + body; 第, 章 and 　 take two bytes each.
        fixed_sizes+=($(( 6 + $(encoded_size "$title") + 1 + $(encoded_size "$body") )))
    else
        # "CHAPTER " + number + ". " + title + "\n" + body
        fixed_sizes+=($(( 8 + 2 + ${#title} + 1 + ${#body} )))
    fi
done

written=$(encoded_size "$front")
chapter_number=0
copy=0
# The copies are written as UTF-8 (converted at the end for gb18030); no pipeline here, so that the
# counters stay in this shell.
exec 3> "$work/book.utf8"
printf '%s' "$front" >&3
while (( written < target )); do
    copy=$(( copy + 1 ))
    if [[ $encoding == gb18030 ]]; then
        block="第${copy}卷"$'\n'
        written=$(( written + 2 + ${#copy} + 2 + 1 ))
    else
        block=$'\n\n'"BOOK ${copy}"$'\n\n\n'
        written=$(( written + 2 + 5 + ${#copy} + 3 ))
    fi
    for index in "${!titles[@]}"; do
        chapter_number=$(( chapter_number + 1 ))
        if [[ $encoding == gb18030 ]]; then
            block+="第${chapter_number}章　${titles[index]}"$'\n'"${bodies[index]}"
        else
            block+="CHAPTER ${chapter_number}. ${titles[index]}"$'\n'"${bodies[index]}"
        fi
        written=$(( written + ${#chapter_number} + fixed_sizes[index] ))
    done
    printf '%s' "$block" >&3
done
exec 3>&-
if [[ $encoding == gb18030 ]]; then
    iconv -f UTF-8 -t GB18030 "$work/book.utf8" > "$out.partial"
    rm -f "$work/book.utf8"
else
    mv -f "$work/book.utf8" "$out.partial"
fi
mv -f "$out.partial" "$out"

actual=$(wc -c < "$out")
if (( actual != written )); then
    echo "make-large.sh: expected $written bytes but wrote $actual" >&2
    exit 1
fi
echo "make-large.sh: wrote $out ($actual bytes, $copy copies, $chapter_number chapters, $encoding)"

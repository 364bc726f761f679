#!/usr/bin/env bash
# Regenerates the derived test books in TestBooks/txt/ from the sources in TestBooks/src/.
#
#   bash TestBooks/generate.sh
#
# Needs only bash, coreutils and glibc's iconv (a bare Debian 12 has all three). Running it again
# produces byte-identical files; the output is committed, so CI never has to run it.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$here/src
out=$here/txt
mkdir -p "$out"

# Writes stdin to $1 through a temporary file, so an interrupted run never leaves half a book.
write_to() {
    local target=$1 temporary
    temporary=$(mktemp "$target.XXXXXX")
    cat > "$temporary"
    chmod 644 "$temporary"
    mv -f "$temporary" "$target"
}

# Fails unless decoding $1 from encoding $2 gives back exactly the UTF-8 file $3.
check_round_trip() {
    local encoded=$1 encoding=$2 original=$3 back expected
    back=$(iconv -f "$encoding" -t UTF-8 "$encoded" | sha256sum)
    expected=$(sha256sum < "$original")
    if [[ $back != "$expected" ]]; then
        echo "generate.sh: $encoded does not decode back to $original" >&2
        exit 1
    fi
}

# --- The Lighthouse Keeper (English) ---------------------------------------------------------
# The source has one paragraph per line. fmt -s splits long lines at 72 columns and leaves short
# lines (the verse, the numbered rules, the log entries, the URL) alone. fmt counts bytes, so the
# text goes through windows-1252, which has every character the story uses (’ “ ” — …) in one byte.
iconv -f UTF-8 -t CP1252 "$src/lighthouse-keeper.txt" \
    | fmt -s -w 72 \
    | iconv -f CP1252 -t UTF-8 \
    | write_to "$out/lighthouse-keeper.txt"

# The same text as UTF-16LE with a byte order mark and CR LF line endings.
{
    printf '\xff\xfe'
    paste -d $'\r' "$out/lighthouse-keeper.txt" /dev/null | iconv -f UTF-8 -t UTF-16LE
} | write_to "$out/lighthouse-keeper.utf16le.txt"

# --- Moon Garden (Chinese) --------------------------------------------------------------------
# GB18030 rather than GBK: the story uses 𠮷 (U+20BB7) and ™ (U+2122), which only GB18030's
# four-byte sequences can encode.
write_to "$out/moon-garden.zh.txt" < "$src/moon-garden.zh.txt"
iconv -f UTF-8 -t GB18030 "$src/moon-garden.zh.txt" | write_to "$out/moon-garden.gb18030.txt"

# --- Winter Road (Russian) --------------------------------------------------------------------
write_to "$out/winter-road.ru.txt" < "$src/winter-road.ru.txt"
iconv -f UTF-8 -t CP1251 "$src/winter-road.ru.txt" | write_to "$out/winter-road.cp1251.txt"

# --- Checks -----------------------------------------------------------------------------------
check_round_trip "$out/moon-garden.gb18030.txt" GB18030 "$src/moon-garden.zh.txt"
check_round_trip "$out/winter-road.cp1251.txt" CP1251 "$src/winter-road.ru.txt"
# UTF-16LE with BOM and CR LF must decode to the UTF-8 book with CR LF.
utf16_back=$(tail -c +3 "$out/lighthouse-keeper.utf16le.txt" | iconv -f UTF-16LE -t UTF-8 | tr -d '\r' | sha256sum)
if [[ $utf16_back != "$(sha256sum < "$out/lighthouse-keeper.txt")" ]]; then
    echo "generate.sh: lighthouse-keeper.utf16le.txt does not decode back to lighthouse-keeper.txt" >&2
    exit 1
fi
if iconv -f UTF-8 -t GBK "$src/moon-garden.zh.txt" > /dev/null 2>&1; then
    echo "generate.sh: moon-garden.zh.txt fits in GBK; it should need GB18030" >&2
    exit 1
fi

echo "generate.sh: wrote $(cd "$out" && ls | tr '\n' ' ')"

#!/usr/bin/env bash
# The EPUB section of docs/benchmarks.md, printed as Markdown; Benchmarks/run.sh calls it.
# Usage: bash Benchmarks/epub.sh READER CACHE_DIR. Needs hyperfine, unzip and calibre's
# ebook-convert (apt-get install hyperfine unzip calibre); the 5 MB input is generated.
set -euo pipefail
cd "$(dirname "$0")/.."
reader=$1
cache=$2
runs=${RUNS:-5}
calibre_runs=${CALIBRE_RUNS:-3}
gen=TestBooks/generated
large="$gen/large-5mb.epub"
[[ -f $large ]] || python3 TestBooks/make-large-epub.py "$large" 5 >/dev/null
inputs=("$large")
corpus_book=../shared/corpus/epub/moby-dick_epub3.epub
[[ -f $corpus_book ]] && inputs+=("$corpus_book")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source Benchmarks/lib.sh

echo "## EPUB"
echo
echo "Targets: \`open --page 3\` of a 5 MB EPUB under 0.150 s cold; full text at least 10x faster than"
echo "calibre's \`ebook-convert book.epub book.txt\` (a time ratio of 0.10 or less). A cold \`open\` on an EPUB"
echo "lays out only the sections up to the page and shows an estimated total (\`page 3 of ~N\`);"
echo "\`reader info\` computes the exact count. \`unzip -p\` (inflating every entry, no parsing) is the floor."
echo "calibre runs $calibre_runs times, the others $runs."
echo
for input in "${inputs[@]}"; do
    label=$(basename "$input")
    bytes=$(stat -c %s "$input")
    inflated=$(unzip -l "$input" | tail -1 | awk '{print $1}')
    echo "### $label ($(python3 -c "print('%.1f' % ($bytes / 1048576))") MiB, $(python3 -c "print('%.1f' % ($inflated / 1048576))") MiB inflated)"
    echo
    echo "| task | reader (s) | peer | peer (s) | ratio | reader peak RSS (MB) |"
    echo "|---|---|---|---|---|---|"
    t_unzip=$(median "$runs" "unzip -p $input > /dev/null")
    t_open=$(median "$runs" --prepare "rm -rf $cache/page-index" "$reader open $input --page 3 --width 80 --height 24")
    rss_open=$(rm -rf "$cache/page-index"; peak_rss "$reader" open "$input" --page 3 --width 80 --height 24)
    echo "| \`open --page 3\` cold | $t_open | \`unzip -p\` | $t_unzip | $(ratio "$t_open" "$t_unzip") | $rss_open |"
    t_text=$(median "$runs" "$reader text $input --width 80 > /dev/null")
    t_calibre=$(median "$calibre_runs" "ebook-convert $input $work/out.txt")
    rss_text=$(peak_rss "$reader" text "$input" --width 80)
    echo "| full text \`text --width 80\` | $t_text | \`ebook-convert x.epub x.txt\` | $t_calibre | $(ratio "$t_text" "$t_calibre") | $rss_text |"
    echo "| full text \`text --width 80\` | $t_text | \`unzip -p\` | $t_unzip | $(ratio "$t_text" "$t_unzip") | $rss_text |"
    echo
done

#!/usr/bin/env bash
# The EPUB export section of docs/benchmarks.md: `reader export FILE -o OUT.epub` beside calibre's
# `ebook-convert FILE OUT.epub` on the same inputs, wall time and peak RSS (issue 20).
#   bash Benchmarks/export.sh READER CACHE_DIR   prints the section as Markdown
#   bash Benchmarks/export.sh                    alone: builds the release CLI (scratch path
#                                                $SCRATCH_PATH, default .build), then replaces the
#                                                section in docs/benchmarks.md
# Inputs: the 5 MiB AZW3 (TestBooks/make-large-mobi.sh, made with calibre), the 100 MiB UTF-8 TXT
# (TestBooks/make-large.sh), the largest PDF of ../shared/corpus/pdf, and a folder of 1,000
# Markdown articles (Benchmarks/make-article-folder.py) as one book; calibre, which takes no
# folder, converts the same articles joined into one Markdown file. Needs hyperfine, GNU time
# and calibre (apt-get install hyperfine time calibre). RUNS (default 3) timed runs of reader;
# calibre runs once per input (minutes each), under CALIBRE_TIMEOUT seconds (default 1800).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/lib.sh

if [[ $# -eq 0 ]]; then
    run_alone_into_docs "$0" "EPUB export"
    exit
fi

reader=$1
cache=$2
export READER_CACHE_DIR=$cache
runs=${RUNS:-3}
calibre_timeout=${CALIBRE_TIMEOUT:-1800}
gen=TestBooks/generated
for tool in ebook-convert hyperfine /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "export.sh: $tool not found (apt-get install -y calibre hyperfine time)" >&2; exit 1; }
done
bash TestBooks/make-large-mobi.sh 5 >&2
[[ -f $gen/large-100mb.utf8.txt ]] || bash TestBooks/make-large.sh "$gen/large-100mb.utf8.txt" 100 utf8 >&2
largest_pdf=$(ls -S ../shared/corpus/pdf/*.pdf | head -1)
articles=$gen/articles-1000
[[ -d $articles ]] || python3 Benchmarks/make-article-folder.py "$articles" 1000 >&2
inputs=("$gen/large-5mb.azw3" "$gen/large-100mb.utf8.txt" "$largest_pdf" "$articles")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The articles in path order, front matter dropped, each under its title as a heading: calibre's input.
python3 - "$articles" "$out/articles.md" <<'PY'
import os, sys
folder, target = sys.argv[1], sys.argv[2]
paths = sorted(os.path.relpath(os.path.join(d, f), folder).encode() for d, _, fs in os.walk(folder)
               for f in fs if f.endswith(".md") and not os.path.relpath(d, folder).split(os.sep)[0] in ("favicons", "notebooks"))
with open(target, "w") as out:
    for path in paths:
        text = open(os.path.join(folder, path.decode()), encoding="utf-8").read()
        title = ""
        if text.startswith("---\n"):
            head, _, text = text[4:].partition("\n---\n")
            title = next((line.split(":", 1)[1].strip().strip('"') for line in head.splitlines() if line.startswith("title:")), "")
        out.write(f"# {title}\n\n{text.strip()}\n\n")
PY

# calibre_run INPUT: "SECONDS RSS_MB" of one ebook-convert run, or "- -" when it fails or times out.
calibre_run() {
    local input=$1 report
    report=$(mktemp)
    if /usr/bin/time -f '%e %M' -o "$report" timeout "$calibre_timeout" ebook-convert "$input" "$out/calibre.epub" >/dev/null 2>&1; then
        awk '{printf "%.2f %.0f\n", $1, $2/1024}' "$report"
    else
        echo "- -"
    fi
    rm -f "$report" "$out/calibre.epub"
}

echo "## EPUB export: \`reader export\` vs calibre's \`ebook-convert\`"
echo
echo "\`bash Benchmarks/export.sh\` on $(date -u +%Y-%m-%d) ($(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at"
echo "the start; the machine is shared). reader: release build, median of $runs runs (hyperfine, one warm-up);"
echo "calibre $(ebook-convert --version | head -1 | sed 's/.*calibre \([0-9.]*\).*/\1/'): one run each (minutes). Peak RSS from GNU time. Both write an"
echo "EPUB from the same file, calibre with its defaults. Goal: reader at least 10x faster (a ratio of 0.10 or less)."
echo
echo "| input | size | reader (s) | reader peak RSS (MB) | calibre (s) | calibre peak RSS (MB) | time ratio | goal |"
echo "|---|---|---|---|---|---|---|---|"
for input in "${inputs[@]}"; do
    size=$(du -sh --apparent-size "$input" | cut -f1)
    t_reader=$(median "$runs" "$reader export $input -o $out/reader.epub")
    rss_reader=$(peak_rss "$reader" export "$input" -o "$out/reader.epub")
    calibre_input=$input
    [[ -d $input ]] && calibre_input=$out/articles.md
    read -r t_calibre rss_calibre < <(calibre_run "$calibre_input")
    if [[ $t_calibre == - ]]; then
        row_ratio="-"; goal="calibre did not finish in ${calibre_timeout} s"
    else
        row_ratio=$(ratio "$t_reader" "$t_calibre"); goal=$(verdict "$row_ratio" 0.10)
    fi
    echo "| $(basename "$input") | $size | $t_reader | $rss_reader | $t_calibre | $rss_calibre | $row_ratio | $goal |"
done
echo

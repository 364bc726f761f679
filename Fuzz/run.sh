#!/usr/bin/env bash
# Builds the libFuzzer targets and runs one (or each in turn) with seeds from the TestBooks.
#
#   Fuzz/run.sh TARGET [SECONDS]   TARGET: epub-archive | epub-markup | epub-cfi | pdf-document |
#                                  mobi-records | mobi-document | zip-writer | web-article | feed |
#                                  opds | markdown-front-matter | all | build
#   Fuzz/run.sh TARGET -- FILE...  runs the target once on each FILE (a reproducer), no fuzzing
#
# Everything lives in $FUZZ_WORK (default /tmp/reader-fuzz), never in the repository:
#   src/               a mirror of the package (Package.swift, Sources, Tests, Fuzz), updated
#                      file by file, so edits made in the tree during a build cannot break it
#   build/             SwiftPM's scratch path
#   seeds/TARGET/      seeds made from the TestBooks (remade on every run)
#   corpus/TARGET/     what libFuzzer learnt (kept between runs; delete it to start over)
#   artifacts/TARGET/  crash-*, timeout-*, oom-* reproducers
#   tmp/               the files the targets write and open (one of each per process)
# Environment: FUZZ_WORK, FUZZ_SANITIZERS (fuzzer,address), FUZZ_CONFIG (release),
# FUZZ_JOBS (1; more runs that many fuzzing processes), FUZZ_EXTRA (more libFuzzer flags),
# FUZZ_FROM_HEAD (Sources folders to build as committed, e.g. "ReaderTXT ReaderMarkdown", when
# unrelated work in progress there does not compile).
# The targets run with SWIFT_BACKTRACE=enable=no: Swift's backtracer would otherwise take the
# trap signal before libFuzzer, and a Swift runtime failure would not be reported as a crash.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/reader-fuzz}
sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
config=${FUZZ_CONFIG:-release}
jobs=${FUZZ_JOBS:-1}
targets=(epub-archive epub-markup epub-cfi pdf-document mobi-records mobi-document zip-writer web-article feed opds
         markdown-front-matter)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
[[ $# -ge 1 ]] || usage
target=$1
shift
case $target in
    epub-archive|epub-markup|epub-cfi|pdf-document|mobi-records|mobi-document|all|build) ;;
    zip-writer|web-article|feed|opds|markdown-front-matter) ;;
    *) usage ;;
esac

# Copies changed files only (keeping their times) and deletes removed ones, so SwiftPM
# rebuilds only what changed. Sets files_changed when a file was added or removed.
files_changed=0
mirror() {
    local from=$1 to=$2 file
    mkdir -p "$to"
    while IFS= read -r -d '' file; do
        if ! cmp -s "$from/$file" "$to/$file"; then
            [[ -e "$to/$file" ]] || files_changed=1
            mkdir -p "$(dirname "$to/$file")"
            cp -p "$from/$file" "$to/$file"
        fi
    done < <(cd "$from" && find . -type f -print0)
    while IFS= read -r -d '' file; do
        # SwiftPM writes Package.resolved next to the fuzz package's manifest.
        if [[ ! -e "$from/$file" && $file != ./Package.resolved ]]; then
            rm -f "$to/$file"
            files_changed=1
        fi
    done < <(cd "$to" && find . -type f -print0)
}

build() {
    echo "== mirroring the package into $work/src"
    local file
    mkdir -p "$work/src"
    for file in Package.swift Package.resolved; do
        if [[ -f "$repo/$file" ]] && ! cmp -s "$repo/$file" "$work/src/$file"; then
            cp -p "$repo/$file" "$work/src/$file"
        fi
    done
    local sources=$repo/Sources folder
    if [[ -n ${FUZZ_FROM_HEAD:-} ]]; then
        sources=$work/sources && rm -rf "$sources" && mkdir -p "$sources"
        (cd "$repo/Sources" && find . -mindepth 1 -maxdepth 1 -type d -print0 | xargs -0 cp -rp -t "$sources")
        for folder in $FUZZ_FROM_HEAD; do
            echo "== Sources/$folder as committed"
            rm -rf "${sources:?}/$folder"
            git -C "$repo" archive HEAD "Sources/$folder" | tar -x -C "$sources" --strip-components=1
        done
    fi
    mirror "$sources" "$work/src/Sources"
    for file in Tests Fuzz; do mirror "$repo/$file" "$work/src/$file"; done
    # SwiftPM does not always notice a source file added to or removed from an existing target
    # when its times are kept: drop the build plan so that it is made again.
    if ((files_changed)); then rm -f "$work/build/$config.yaml" "$work/build/$config/description.json"; fi
    # The fuzz package resolves the same dependency versions as the root package.
    if [[ -f "$work/src/Package.resolved" ]] && ! cmp -s "$work/src/Package.resolved" "$work/src/Fuzz/Package.resolved"; then
        cp -p "$work/src/Package.resolved" "$work/src/Fuzz/Package.resolved"
    fi
    echo "== building ($config, -sanitize=$sanitizers)"
    (cd "$work/src/Fuzz" && swift build --scratch-path "$work/build" -c "$config" \
        -Xswiftc "-sanitize=$sanitizers" -Xswiftc -parse-as-library -Xswiftc -g)
}

# Seeds, by target:
#   epub-archive: the TestBooks (good and malformed) and the corpus books that fit in -max_len.
#   epub-markup:  every container.xml, .opf, .ncx, .xhtml, .html and .svg inside those books.
#   epub-cfi:     Fuzz/seeds/cfi.txt, the CFIs of the golden Locators and those the tests spell.
#   pdf-document: every PDF of TestBooks/pdf and ../shared/corpus/pdf, with their subfolders
#                 (malformed, broken, encrypted); libFuzzer cuts one longer than -max_len.
#   mobi-document: the .mobi and .azw3 books of TestBooks/mobi (and malformed/) and of
#                 ../shared/corpus/mobi (and its subfolders) that fit in -max_len (a cut PDB file
#                 fails its record table check, so a longer book is left out).
#   mobi-records: records of all those books, whatever their size, cut out by
#                 Fuzz/seeds/mobi-records.py: text records (PalmDOC, with and without their
#                 trailing entries), HUFF/CDIC tables with a text record, each record 0, each index.
#   zip-writer:   scripts made by Fuzz/seeds/zip-writer.py: the entries of the EPUB seeds written
#                 again, and scripts with the names and levels the writer must refuse.
#   web-article:  the source.html of every ../shared/corpus-web/readability case.
#   feed:         every feed of ../shared/corpus-web/feedparser (XML and JSON, well-formed, ill-formed,
#                 encodings, entities) that fits in -max_len.
#   opds:         the catalogs of ../shared/corpus-web/opds, and the Atom feeds of the feedparser tests
#                 (atom10/ and atom/).
#   markdown-front-matter: TestBooks/md and ../shared/corpus/md (with subfolders), and one seed of
#                 article fields for the front-matter round trip (Fuzz/seeds/front-matter.txt).
make_seeds() {
    local name=$1 max=$2 dir=$work/seeds/$1 book count=0
    rm -rf "$dir" && mkdir -p "$dir"
    local books=("$repo"/TestBooks/epub/*.epub "$repo"/TestBooks/epub/malformed/*.epub)
    local corpus=$repo/../shared/corpus/epub
    [[ -d "$corpus" ]] && books+=("$corpus"/*.epub "$corpus"/malformed/*.epub)
    local mobis=("$repo"/TestBooks/mobi/*.mobi "$repo"/TestBooks/mobi/*.azw3 "$repo"/TestBooks/mobi/malformed/*.mobi)
    [[ -d "$repo/../shared/corpus/mobi" ]] && mapfile -t -O "${#mobis[@]}" mobis < <(find "$repo/../shared/corpus/mobi" \
        -type f \( -name '*.mobi' -o -name '*.azw3' \) | sort)
    case $name in
    epub-archive)
        for book in "${books[@]}"; do
            [[ -f "$book" && $(stat -c %s "$book") -le $max ]] || continue
            cp "$book" "$dir/$(basename "$book")"
            count=$((count + 1))
        done ;;
    epub-markup)
        local unpacked=$work/seeds/unpacked member
        for book in "${books[@]}"; do
            rm -rf "$unpacked" && mkdir -p "$unpacked"
            unzip -qq -o "$book" -d "$unpacked" 2>/dev/null || true
            while IFS= read -r -d '' member; do
                [[ $(stat -c %s "$member") -le $max ]] || continue
                cp "$member" "$dir/$(basename "$book" .epub)-$count-$(basename "$member")"
                count=$((count + 1))
            done < <(find "$unpacked" -type f \( -iname '*.opf' -o -iname '*.ncx' -o -iname '*.xhtml' \
                -o -iname '*.html' -o -iname '*.htm' -o -iname '*.svg' -o -iname 'container.xml' \) -print0)
        done
        rm -rf "$unpacked" ;;
    pdf-document)
        local pdfs=("$repo"/TestBooks/pdf/*.pdf "$repo"/TestBooks/pdf/malformed/*.pdf) folder
        [[ -d "$repo/../shared/corpus/pdf" ]] && pdfs+=("$repo"/../shared/corpus/pdf/*.pdf "$repo"/../shared/corpus/pdf/*/*.pdf)
        for book in "${pdfs[@]}"; do
            [[ -f "$book" ]] || continue
            folder=$(basename "$(dirname "$book")")
            cp "$book" "$dir/$folder-$(basename "$book")"
            count=$((count + 1))
        done ;;
    mobi-document)
        local folder
        for book in "${mobis[@]}"; do
            [[ -f "$book" && $(stat -c %s "$book") -le $max ]] || continue
            folder=$(basename "$(dirname "$book")")
            cp "$book" "$dir/$folder-$(basename "$book")"
            count=$((count + 1))
        done ;;
    mobi-records)
        count=$(python3 "$repo/Fuzz/seeds/mobi-records.py" "$dir" "$max" "${mobis[@]}") ;;
    zip-writer)
        count=$(python3 "$repo/Fuzz/seeds/zip-writer.py" "$dir" "$max" "${books[@]}") ;;
    web-article|feed|opds|markdown-front-matter)
        local web=$repo/../shared/corpus-web files=() file
        case $name in
            web-article) [[ -d "$web/readability" ]] && mapfile -t files < <(find "$web/readability" -name source.html | sort) ;;
            feed) [[ -d "$web/feedparser" ]] && mapfile -t files < <(find "$web/feedparser" -type f \( -name '*.xml' -o -name '*.json' \) | sort) ;;
            opds) [[ -d "$web/opds" ]] && mapfile -t files < <(find "$web/opds" -type f ! -name LICENSE | sort)
                  [[ -d "$web/feedparser" ]] && mapfile -t -O "${#files[@]}" files < <(find "$web/feedparser" -type f -path '*atom*' -name '*.xml' | sort) ;;
            markdown-front-matter) files=("$repo"/TestBooks/md/*.md)
                [[ -d "$repo/../shared/corpus/md" ]] && mapfile -t -O "${#files[@]}" files < <(find "$repo/../shared/corpus/md" -type f -name '*.md' | sort)
                # The round trip's seeds: 0x01, then the fields of a line, its | made NUL bytes.
                count=$(python3 -c 'import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8") if l.strip() and not l.startswith("#")]
for i, l in enumerate(lines):
    open(f"{sys.argv[2]}/front-matter-{i}", "wb").write(b"\x01" + l.replace("|", "\0").replace("\\n", "\n").encode())
print(len(lines))' "$repo/Fuzz/seeds/front-matter.txt" "$dir") ;;
        esac
        local seed
        for file in "${files[@]}"; do
            # Pages longer than -max_len are cut by libFuzzer (still HTML); other long files are left out.
            [[ -f "$file" && ( $(stat -c %s "$file") -le $max || $name == web-article ) ]] || continue
            seed=${file#"$repo/"} && seed=${seed#../shared/} && seed=${seed//\//-}
            cp "$file" "$dir/$seed"
            count=$((count + 1))
        done ;;
    epub-cfi)
        local line
        while IFS= read -r line; do
            [[ -z "$line" || "$line" == \#* ]] && continue
            printf '%s' "$line" > "$dir/cfi-$count"
            count=$((count + 1))
        done < <(cat "$repo/Fuzz/seeds/cfi.txt"
                 grep -rhoE '"cfi": ?"[^"]*"' "$repo/Tests/ReaderEngineTests/Golden" | sed -E 's/^"cfi": ?"(.*)"$/\1/' | sort -u
                 grep -rhoE 'epubcfi\([^"]*\)' "$repo/Tests/ReaderHTMLTests" | sort -u) ;;
    esac
    echo "== $count seeds for $name in $dir"
}

run() {
    local name=$1 seconds=$2 max dict parallel=()
    case $name in
        epub-archive) max=65536 dict= ;;
        epub-markup) max=65536 dict=$repo/Fuzz/seeds/markup.dict ;;
        epub-cfi) max=4096 dict=$repo/Fuzz/seeds/cfi.dict ;;
        pdf-document) max=2097152 dict=$repo/Fuzz/seeds/pdf.dict ;;
        mobi-records) max=65536 dict=$repo/Fuzz/seeds/mobi.dict ;;
        mobi-document) max=262144 dict=$repo/Fuzz/seeds/mobi.dict ;;
        zip-writer) max=65536 dict= ;;
        web-article) max=65536 dict=$repo/Fuzz/seeds/html.dict ;;
        feed) max=65536 dict=$repo/Fuzz/seeds/feed.dict ;;
        opds) max=65536 dict=$repo/Fuzz/seeds/opds.dict ;;
        markdown-front-matter) max=65536 dict=$repo/Fuzz/seeds/markdown.dict ;;
    esac
    make_seeds "$name" "$max"
    mkdir -p "$work/corpus/$name" "$work/artifacts/$name" "$work/tmp"
    if ((jobs > 1)); then parallel=(-jobs="$jobs" -workers="$jobs"); fi
    echo "== running $name for ${seconds}s"
    # From $work, so that libFuzzer's own files (fuzz-N.log with -jobs) land there.
    cd "$work"
    TMPDIR=$work/tmp SWIFT_BACKTRACE=enable=no "$work/build/$config/$name" \
        -max_len="$max" -rss_limit_mb=2048 -timeout=10 -max_total_time="$seconds" \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$name/" ${dict:+-dict="$dict"} \
        "${parallel[@]}" ${FUZZ_EXTRA:-} "$work/corpus/$name" "$work/seeds/$name"
}

reproduce() {
    local name=$1
    shift
    mkdir -p "$work/tmp"
    TMPDIR=$work/tmp SWIFT_BACKTRACE=enable=no "$work/build/$config/$name" -rss_limit_mb=2048 -timeout=10 "$@"
}

build
if [[ ${1:-} == -- ]]; then
    shift
    reproduce "$target" "$@"
    exit
fi
seconds=${1:-600}
case $target in
    build) ;;
    all) for name in "${targets[@]}"; do run "$name" "$seconds"; done ;;
    *) run "$target" "$seconds" ;;
esac

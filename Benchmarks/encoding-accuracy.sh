#!/usr/bin/env bash
# Prints a Markdown table: reader's detected encoding vs uchardet's (from the corpus reference)
# against the manifest's truth, for every corpus TXT file. Usage: encoding-accuracy.sh READER_BINARY
set -euo pipefail
reader=$1
corpus=$(cd "$(dirname "$0")/../.." && pwd)/shared/corpus
python3 - "$reader" "$corpus" <<'PY'
import json, subprocess, sys
reader, corpus = sys.argv[1], sys.argv[2]

def norm(name):
    name = name.strip().lower()
    name = {"utf-8-bom": "utf-8", "utf-8 (invalid)": "utf-8", "uhc": "cp949"}.get(name, name)
    return name

def family(name):
    # Same decoding result: a superset decodes its subset exactly.
    name = norm(name)
    return {"gbk": "gb18030", "euc-kr": "cp949", "utf-16le": "utf-16", "utf-16be": "utf-16",
            "iso-8859-1": "windows-1252"}.get(name, name)

rows = [l.split("\t") for l in open(f"{corpus}/reference/txt-encodings.tsv").read().splitlines()[1:]]
strict = {"reader": 0, "uchardet": 0}
lenient = {"reader": 0, "uchardet": 0}
print("| file | truth | reader | uchardet |")
print("|---|---|---|---|")
for path, truth, uchardet, *_ in rows:
    info = json.loads(subprocess.run([reader, "info", "--json", "--no-cache", f"{corpus}/{path}"],
                                     capture_output=True, text=True, check=True).stdout)
    ours = info["details"]["encoding"]
    for who, answer in (("reader", ours), ("uchardet", uchardet)):
        strict[who] += norm(answer) == norm(truth)
        lenient[who] += family(answer) == family(truth)
    mark = lambda a: a if norm(a) == norm(truth) else f"**{a}** ✗"
    print(f"| {path} | {truth} | {mark(ours)} | {mark(uchardet)} |")
n = len(rows)
print()
print(f"Exact name: reader {strict['reader']}/{n}, uchardet {strict['uchardet']}/{n}.  ")
print(f"Same decoded text (GBK⊂GB18030, EUC-KR⊂UHC, ISO-8859-1⊂windows-1252, UTF-16 with BOM): "
      f"reader {lenient['reader']}/{n}, uchardet {lenient['uchardet']}/{n}.")
PY

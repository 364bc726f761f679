#!/usr/bin/env python3
"""Times `reader read` in a real terminal (tmux), for Benchmarks/read.sh.

For each book: the time from the shell starting the command to the first frame written (the
reader's hidden --timing-log notes the wall clock when its first frame is out), cold (empty page
index cache, no library), median of RUNS runs; then the time of each page turn (from the key's
bytes arriving to its frame written), median and 95th percentile over TURNS turns. For the
text files the first screen is also timed from outside, the same way for reader and for
`less` (polling tmux's capture-pane until the book's first words show), for a ratio.
Prints a Markdown table per measure.
Usage: read_bench.py READER RUNS TURNS BOOK...
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

reader, runs, turns = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
books = sys.argv[4:]
tmux = shutil.which("tmux")
if not tmux:
    sys.exit("read_bench.py: tmux is needed")


def tmux_run(socket, *args):
    return subprocess.run([tmux, "-L", socket, *args], capture_output=True, text=True).stdout


def wait_for(predicate, seconds=30.0, step=0.001):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


def log_lines(path):
    try:
        with open(path) as handle:
            return [line.split() for line in handle if line.strip()]
    except FileNotFoundError:
        return []


def one_run(book, measure_turns):
    """(first frame seconds, [page turn seconds]) of one cold run."""
    work = tempfile.mkdtemp(prefix="read-bench-")
    socket = "read-bench-" + uuid.uuid4().hex[:8]
    log, start = os.path.join(work, "timing"), os.path.join(work, "start")
    env = f"env LANG=C.UTF-8 READER_CACHE_DIR={work}/cache READER_LIBRARY={work}/none/library.sqlite"
    command = f"sh -c 'date +%s%N > {start}; exec {env} {reader} read \"{book}\" --timing-log {log}'"
    try:
        tmux_run(socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command)
        first = wait_for(lambda: next((l for l in log_lines(log) if l[0] == "first-frame"), None))
        if not first:
            raise SystemExit(f"read_bench.py: no first frame for {book}")
        started = int(open(start).read().strip())
        first_frame = (int(first[1]) - started) / 1e9
        turn_times = []
        if measure_turns:
            time.sleep(0.3)
            for index in range(turns):
                before = len([l for l in log_lines(log) if l[0] == "key"])
                tmux_run(socket, "send-keys", "-t", "0", "Space")
                wait_for(lambda: len([l for l in log_lines(log) if l[0] == "key"]) > before, seconds=10)
            turn_times = [int(l[1]) / 1e9 for l in log_lines(log) if l[0] == "key"]
        tmux_run(socket, "send-keys", "-t", "0", "q")
        return first_frame, turn_times
    finally:
        tmux_run(socket, "kill-server")
        shutil.rmtree(work, ignore_errors=True)


def outside_first_screen(command_for, book, marker):
    """Seconds from the shell starting `command` until `marker` shows in the pane."""
    work = tempfile.mkdtemp(prefix="read-bench-")
    socket = "read-bench-" + uuid.uuid4().hex[:8]
    start = os.path.join(work, "start")
    command = f"sh -c 'date +%s%N > {start}; exec {command_for(book, work)}'"
    try:
        tmux_run(socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command)
        seen = wait_for(lambda: marker in tmux_run(socket, "capture-pane", "-p", "-t", "0") and time.time_ns(), step=0)
        if not seen:
            raise SystemExit(f"read_bench.py: {marker!r} never showed for {book}")
        return (seen - int(open(start).read().strip())) / 1e9
    finally:
        tmux_run(socket, "kill-server")
        shutil.rmtree(work, ignore_errors=True)


def ms(seconds):
    return f"{seconds * 1000:.1f}"


print("| book | size (MB) | first page, cold (ms) | target 100 ms | page turn median (ms) | page turn p95 (ms) | target 16 ms |")
print("|---|---|---|---|---|---|---|")
text_books = []
for book in books:
    firsts, turn_all = [], []
    for index in range(runs):
        first, turned = one_run(book, measure_turns=index == 0)
        firsts.append(first)
        turn_all += turned
    first = statistics.median(firsts)
    median_turn = statistics.median(turn_all) if turn_all else float("nan")
    p95 = sorted(turn_all)[max(0, int(len(turn_all) * 0.95) - 1)] if turn_all else float("nan")
    size = os.path.getsize(book) / 1e6
    print(f"| {os.path.basename(book)} | {size:.1f} | {ms(first)} | {'met' if first <= 0.1 else '**not met**'} "
          f"| {ms(median_turn)} | {ms(p95)} | {'met' if p95 <= 0.016 else '**not met**'} |")
    if book.endswith(".txt"):
        text_books.append(book)

if text_books:
    print()
    print("First screen of a text file seen from outside (tmux capture-pane polled until the file's first words show), "
          f"reader read against `less`, medians of {runs} runs:")
    print()
    print("| book | reader read (ms) | less (ms) | ratio |")
    print("|---|---|---|---|")
    for book in text_books:
        with open(book, "rb") as handle:
            words = handle.read(4096).decode("utf-8", "replace").split()
        marker = " ".join(words[:2]) if len(words) >= 2 else words[0]
        reader_cmd = lambda b, w: f"env LANG=C.UTF-8 READER_CACHE_DIR={w}/cache READER_LIBRARY={w}/none/library.sqlite {reader} read \"{b}\""
        less_cmd = lambda b, w: f"env LANG=C.UTF-8 LESSHISTFILE=- less \"{b}\""
        r = statistics.median(outside_first_screen(reader_cmd, book, marker) for _ in range(runs))
        l = statistics.median(outside_first_screen(less_cmd, book, marker) for _ in range(runs))
        print(f"| {os.path.basename(book)} | {ms(r)} | {ms(l)} | {r / l:.2f} |")

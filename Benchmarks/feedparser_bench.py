"""Parsing throughput of Python's feedparser, for Benchmarks/feeds.sh: the same inputs and the same
measure as FeedBenchmark (files read into memory once, parsed in rounds for at least a second; one
round when it takes longer).
Prints "files bytes seconds-per-round MB/s items MB-per-CPU-second"."""
import os
import sys
import time

import feedparser

paths = []
for argument in sys.argv[1:]:
    if os.path.isdir(argument):
        for root, _, names in os.walk(argument):
            paths += [os.path.join(root, n) for n in names if n.endswith((".xml", ".json"))]
    elif os.path.exists(argument):
        paths.append(argument)
inputs = [open(p, "rb").read() for p in sorted(paths)]
total = sum(len(b) for b in inputs)
rounds, start, cpu_start = 0, time.perf_counter(), time.process_time()
while True:
    items = 0
    for data in inputs:
        items += len(feedparser.parse(data).entries)
    rounds += 1
    if time.perf_counter() - start >= 1:
        break
per_round = (time.perf_counter() - start) / rounds
cpu_per_round = (time.process_time() - cpu_start) / rounds
print("%d %d %.4f %.2f %d %.2f" % (len(inputs), total, per_round, total / per_round / 1e6, items, total / cpu_per_round / 1e6))

#!/usr/bin/env python3
"""Writes a folder of N Markdown articles in the article-folder convention (YYYY/MM/ subfolders,
YAML front matter as `reader article` writes it, a body of a few KB with an image), plus
favicons/ and notebooks/, for Benchmarks/serve.sh.
    make-article-folder.py FOLDER [N]"""
import os
import random
import sys

folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
rng = random.Random(19)
words = ("harbour tide lantern keeper gannet storm chart lens beacon channel ferry quay "
         "shingle breakwater gull fog signal current anchor mooring").split()

def sentence():
    return " ".join(rng.choice(words) for _ in range(rng.randint(8, 18))).capitalize() + "."

for index in range(count):
    year = 2020 + index % 6
    month = 1 + index % 12
    day = 1 + index % 28
    sub = os.path.join(folder, f"{year}", f"{month:02d}")
    os.makedirs(sub, exist_ok=True)
    title = f"Article {index}: " + " ".join(rng.choice(words) for _ in range(4))
    slug = f"{year}-{month:02d}-{day:02d}-article-{index}"
    paragraphs = "\n\n".join(" ".join(sentence() for _ in range(5)) for _ in range(6))
    with open(os.path.join(sub, slug + ".md"), "w") as out:
        out.write("---\n")
        out.write(f'title: "{title}"\n')
        out.write(f"url: https://www.site{index % 40}.example.org/{slug}\n")
        out.write(f"bookmarked: {year}-{month:02d}-{day:02d}T{index % 24:02d}:{index % 60:02d}:00Z\n")
        out.write(f"domain: site{index % 40}.example.org\n")
        out.write(f"feed: Feed {index % 40}\n")
        out.write(f'categories: ["{rng.choice(words)}", "{rng.choice(words)}"]\n')
        out.write(f'author: "Author {index % 97}"\n')
        out.write(f'excerpt: "{sentence()}"\n')
        if index % 3 == 0:
            out.write(f'summary: "{" ".join(sentence() for _ in range(8))}"\n')
        out.write(f"favicon: /favicons/site{index % 40}.png\n")
        out.write(f"comment_count: {index % 300}\n")
        out.write("---\n\n")
        out.write(f"# {title}\n\n![](https://tracker.example.org/pixel.gif?u={index})\n\n")
        out.write(f"![A picture](https://images.example.org/{slug}.jpg)\n\n{paragraphs}\n")
os.makedirs(os.path.join(folder, "favicons"), exist_ok=True)
os.makedirs(os.path.join(folder, "notebooks"), exist_ok=True)
for site in range(40):
    with open(os.path.join(folder, "favicons", f"site{site}.png"), "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")

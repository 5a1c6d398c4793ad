#!/usr/bin/env python3
"""Writes data/fonts/coverage.txt: the code points each monospace font
Debian ships in fonts-dejavu-core and fonts-noto-mono has a glyph for,
read from the fonts' cmap tables, as ranges in hex.

    apt-get install fonts-dejavu-core fonts-noto-mono
    pip install fonttools
    python3 data/fonts/make-coverage.py > data/fonts/coverage.txt

src/ui/glyphs.rs tests every symbol the screen draws by default against
this table.
"""
import subprocess
from fontTools.ttLib import TTFont

FONTS = [
    ("DejaVu Sans Mono", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
    ("DejaVu Sans Mono Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
    ("Noto Sans Mono", "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf", "fonts-noto-mono"),
    ("Noto Sans Mono Bold", "/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf", "fonts-noto-mono"),
]

def version(package):
    return subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                          capture_output=True, text=True).stdout.strip()

def ranges(points):
    out, start, prev = [], None, None
    for p in sorted(points):
        if start is None:
            start = prev = p
        elif p == prev + 1:
            prev = p
        else:
            out.append((start, prev))
            start = prev = p
    if start is not None:
        out.append((start, prev))
    return out

print("# Code points with a glyph in the monospace fonts Debian ships, from")
print("# their cmap tables (data/fonts/make-coverage.py). One font per")
print("# 'font' line, then its ranges, first-last in hex.")
for name, path, package in FONTS:
    cmap = TTFont(path).getBestCmap()
    print(f"font {name} ({package} {version(package)})")
    line = []
    for a, b in ranges(cmap.keys()):
        line.append(f"{a:X}" if a == b else f"{a:X}-{b:X}")
        if len(line) == 12:
            print(" ".join(line))
            line = []
    if line:
        print(" ".join(line))

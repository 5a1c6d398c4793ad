#!/usr/bin/env python3
"""Writes data/fonts/console.txt: the code points each Linux console font
Debian's console-setup ships (the 512-glyph Uni2 fonts and the 256-glyph
Lat15 and Lat2 ones) has a glyph for, read from the fonts' Unicode tables,
as ranges in hex, in the form of coverage.txt.

    apt-get install console-setup-linux
    python3 data/fonts/make-console.py > data/fonts/console.txt

src/ui/glyphs.rs tests every character of every screen drawn in the
letters set (the console theme's) against every font of this table.
"""
import gzip
import struct
import subprocess

DIR = "/usr/share/consolefonts/"
FONTS = ["Uni2-Fixed16", "Uni2-VGA16", "Uni2-Terminus16",
         "Lat15-Fixed16", "Lat15-Terminus16", "Lat2-Terminus16"]
PACKAGE = "console-setup-linux"


def code_points(path):
    """The glyph count and the code points of a PSF 1 or 2 font's table."""
    data = gzip.open(path).read()
    points = set()
    if data[:4] == b"\x72\xb5\x4a\x86":
        header, _flags, glyphs, size = struct.unpack("<IIII", data[8:24])
        table = data[header + glyphs * size:]
        for entry in table.split(b"\xff")[:glyphs]:
            single = entry.split(b"\xfe")[0]
            points.update(ord(c) for c in single.decode("utf-8", "replace"))
        points.discard(0xFFFD)
        return glyphs, points
    mode, size = data[2], data[3]
    glyphs = 512 if mode & 1 else 256
    table = data[4 + glyphs * size:]
    values = struct.unpack(f"<{len(table) // 2}H", table[: len(table) // 2 * 2])
    sequence = False
    for v in values:
        if v == 0xFFFF:
            sequence = False
        elif v == 0xFFFE:
            sequence = True
        elif not sequence:
            points.add(v)
    return glyphs, points


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


version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", PACKAGE],
                         capture_output=True, text=True).stdout.strip()
print("# Code points with a glyph in the Linux console fonts Debian ships, from")
print("# their Unicode tables (data/fonts/make-console.py). One font per")
print("# 'font' line, then its ranges, first-last in hex.")
for name in FONTS:
    glyphs, points = code_points(f"{DIR}{name}.psf.gz")
    print(f"font {name} ({glyphs} glyphs, {PACKAGE} {version})")
    line = []
    for a, b in ranges(points):
        line.append(f"{a:X}" if a == b else f"{a:X}-{b:X}")
        if len(line) == 12:
            print(" ".join(line))
            line = []
    if line:
        print(" ".join(line))

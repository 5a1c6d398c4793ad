#!/usr/bin/env python3
"""Plays typed lines into `catboard line` as a person would, one after each
prompt, and prints the transcript with each typed line shown after its
prompt (as a terminal shows it): the example transcripts of
docs/line-mode.md are made so.

    scripts/line-session.py 'e4;e5;status;quit' -- --variant chess --black club

The lines are separated by ';'. BINARY (environment) defaults to
target/release/catboard. A line is typed once the output has ended in a
prompt (": ") and been still for QUIET seconds (default 0.4).
"""

import os
import select
import subprocess
import sys
import time


def main() -> int:
    if "--" not in sys.argv:
        print(__doc__, file=sys.stderr)
        return 2
    cut = sys.argv.index("--")
    lines = ";".join(sys.argv[1:cut]).split(";")
    args = sys.argv[cut + 1 :]
    binary = os.environ.get("BINARY", "target/release/catboard")
    quiet = float(os.environ.get("QUIET", "0.4"))
    proc = subprocess.Popen(
        [binary, "line", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    shown = "$ catboard line " + " ".join(
        f"'{a}'" if " " in a or "/" in a else a for a in args
    )
    out = [shown + "\n"]
    said = b""
    last = time.monotonic()
    fd = proc.stdout.fileno()
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            said += chunk
            last = time.monotonic()
            continue
        still = time.monotonic() - last >= quiet
        if still and said.endswith(b": ") and lines:
            line = lines.pop(0)
            out.append(said.decode() + line + "\n")
            said = b""
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            if not lines:
                proc.stdin.close()
    out.append(said.decode())
    proc.wait(timeout=60)
    text = "".join(out)
    if any(ord(c) < 32 and c != "\n" for c in text):
        print("a control character in the transcript", file=sys.stderr)
        return 1
    sys.stdout.write(text.rstrip() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

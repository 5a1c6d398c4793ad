#!/usr/bin/env python3
"""How long the line mode speaks per move of one's own, read aloud by
espeak-ng: plays one whole game of each variant between computers in
`catboard line` (club level: the same binary plays the same games), keeps
what a player would hear (every line but the introduction, the "is
thinking" notices and the prompts), speaks it with espeak-ng at its
default rate and prints, per variant, the plies, the words and seconds of
speech per round (one move of each seat: what one hears from one of one's
own moves to the next).

    scripts/line-speech.py [VARIANT ...]

BINARY (environment) defaults to target/release/catboard, LEVEL to club,
CAP (seconds per game) to 1500; the transcripts are left in OUT (default:
a fresh folder under /tmp). Needs espeak-ng (apt-get install -y espeak-ng).
"""

import os
import re
import select
import subprocess
import sys
import tempfile
import time
import wave

SEATS = {
    "chess": ["--white", "{l}", "--black", "{l}"],
    "cat": ["--white", "{l}", "--black", "{l}", "--cats", "{l}"],
    "chu": ["--white", "{l}", "--black", "{l}"],
    "polar": ["--white", "{l}", "--black", "{l}"],
    "baccancat": [
        "--seat", "red={l}", "--seat", "orange={l}",
        "--seat", "green={l}", "--seat", "blue={l}",
    ],
}
ROUND = {"chess": 2, "cat": 3, "chu": 2, "polar": 2, "baccancat": 4}
OVER = "The game is over."


def play(binary, variant, level, cap, saves):
    """The transcript of one game between computers, to its end."""
    args = [a.format(l=level) for a in SEATS[variant]]
    proc = subprocess.Popen(
        [binary, "line", "--variant", variant, *args, "--save-dir", saves,
         "--thinking-after-ms", "3600000"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    said = b""
    deadline = time.monotonic() + cap
    fd = proc.stdout.fileno()
    quitting = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        said += chunk
        if not quitting and OVER.encode() in said:
            quitting = True
            proc.stdin.write(b"quit\n")
            proc.stdin.flush()
            proc.stdin.close()
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    return said.decode(errors="replace")


def heard(transcript):
    """The lines a player hears about the game: no introduction, notice of
    thinking or prompt."""
    lines = transcript.splitlines()[2:]
    keep = []
    for line in lines:
        line = line.strip()
        if not line or line.endswith("thinking.") or line.startswith(OVER):
            continue
        if "saved" in line and ("resume" in line or "come back" in line):
            continue
        keep.append(line)
    return keep


def seconds(text, folder):
    """How long espeak-ng takes to say `text`."""
    path = os.path.join(folder, "speech.wav")
    subprocess.run(["espeak-ng", "-w", path, text], check=True)
    with wave.open(path) as w:
        return w.getnframes() / w.getframerate()


def plies(saves):
    """The moves played, from the save."""
    for name in sorted(os.listdir(saves)):
        if name.endswith(".json"):
            with open(os.path.join(saves, name)) as f:
                text = f.read()
            body = text.split('"moves": [', 1)[-1].split("]", 1)[0]
            return len(re.findall(r'"[^"]*"', body))
    return 0


def main():
    binary = os.environ.get("BINARY", "target/release/catboard")
    level = os.environ.get("LEVEL", "club")
    cap = float(os.environ.get("CAP", "1500"))
    out = os.environ.get("OUT") or tempfile.mkdtemp(prefix="line-speech.")
    os.makedirs(out, exist_ok=True)
    variants = sys.argv[1:] or list(SEATS)
    print(f"{'variant':<10} {'plies':>6} {'rounds':>7} {'words/round':>12} {'s/round':>8}")
    for variant in variants:
        saves = os.path.join(out, "saves-" + variant)
        subprocess.run(["rm", "-rf", saves], check=True)
        transcript = play(binary, variant, level, cap, saves)
        with open(os.path.join(out, variant + ".txt"), "w") as f:
            f.write(transcript)
        lines = heard(transcript)
        with open(os.path.join(out, variant + ".heard.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        n = plies(saves)
        rounds = max(n / ROUND[variant], 1)
        words = sum(len(line.split()) for line in lines)
        secs = seconds(" ".join(lines), out)
        print(f"{variant:<10} {n:>6} {rounds:>7.1f} {words / rounds:>12.1f} {secs / rounds:>8.2f}",
              flush=True)
    print(f"transcripts in {out}")


if __name__ == "__main__":
    main()

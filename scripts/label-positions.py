#!/usr/bin/env python3
"""Labels tuning positions with a stronger engine's judgement.

Reads `FEN;RESULT` lines (`examples/texel_positions.rs`: the result of the
game the position came from, from White's side: 1, 0.5 or 0) and writes
`FEN;LABEL`, the label a blend of Stockfish's winning chance for White
after `--nodes` nodes and the game's result:

    LABEL = LAMBDA * 1 / (1 + 10^(-cp / 400)) + (1 - LAMBDA) * RESULT

with Stockfish's score in centipawns from White's side (a mate counts as
3,000). `examples/texel_tune.rs` fits the chess evaluation to the labels.

  cargo run --release --example texel_positions -- 2400 8000 2 > positions.txt
  scripts/label-positions.py positions.txt labelled.txt --nodes 2000 --lambda 0.75 --jobs 2
  cargo run --release --example texel_tune -- labelled.txt 400

A measuring tool, not part of the build or the tests: it needs Stockfish
(Debian's `stockfish`, in /usr/games).
"""

import argparse
import multiprocessing
import os
import subprocess
import sys

MATE_CP = 3000


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("input", help="FEN;RESULT lines")
    p.add_argument("output", help="where FEN;LABEL lines go")
    p.add_argument("--nodes", type=int, default=2000, help="Stockfish's nodes a position")
    p.add_argument("--lambda", dest="lam", type=float, default=0.75,
                   help="the share of Stockfish's judgement in the label (0 to 1)")
    p.add_argument("--jobs", type=int, default=2, help="Stockfish processes")
    p.add_argument("--stockfish", default="/usr/games/stockfish", help="Stockfish's path")
    args = p.parse_args()
    if not 0.0 <= args.lam <= 1.0:
        p.error("--lambda must lie between 0 and 1")
    if args.nodes < 1 or args.jobs < 1:
        p.error("--nodes and --jobs must be at least 1")
    return args


class Stockfish:
    """One Stockfish process, asked for one position's score at a time."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish stopped running")
            if line.startswith(word):
                return line

    def white_cp(self, fen, nodes):
        """Stockfish's score of `fen` for White, in centipawns, or None."""
        self.send("position fen " + fen)
        self.send(f"go nodes {nodes}")
        cp = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish stopped running")
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                k = words.index("score")
                if words[k + 1] == "cp":
                    cp = int(words[k + 2])
                elif words[k + 1] == "mate":
                    cp = MATE_CP if int(words[k + 2]) > 0 else -MATE_CP
            if words[:1] == ["bestmove"]:
                break
        if cp is None:
            return None
        if fen.split()[1] == "b":
            cp = -cp
        return max(-MATE_CP, min(MATE_CP, cp))

    def close(self):
        self.send("quit")
        self.proc.wait()


def label_shard(job):
    """Labels every `jobs`-th line of the input from `shard` on."""
    args, shard = job
    engine = Stockfish(args.stockfish)
    out = []
    with open(args.input) as f:
        for i, line in enumerate(f):
            if i % args.jobs != shard or ";" not in line:
                continue
            fen, result = line.strip().rsplit(";", 1)
            try:
                result = float(result)
            except ValueError:
                continue
            cp = engine.white_cp(fen, args.nodes)
            if cp is None:
                continue
            chance = 1 / (1 + 10 ** (-cp / 400))
            out.append(f"{fen};{args.lam * chance + (1 - args.lam) * result:.4f}")
    engine.close()
    return out


def main():
    args = parse_args()
    try:
        with open(args.input):
            pass
        with multiprocessing.Pool(args.jobs) as pool:
            shards = pool.map(label_shard, [(args, s) for s in range(args.jobs)])
    except OSError as e:
        sys.exit(f"label-positions: cannot run: {e.strerror}: {e.filename}")
    except RuntimeError as e:
        sys.exit(f"label-positions: {e}")
    # Written beside the output under a name of its own, then renamed: the
    # output is never half-written.
    temporary = f"{args.output}.{os.getpid()}.tmp"
    with open(temporary, "w") as out:
        for lines in shards:
            out.writelines(line + "\n" for line in lines)
    os.replace(temporary, args.output)
    print(f"{sum(map(len, shards))} positions labelled", file=sys.stderr)


if __name__ == "__main__":
    main()

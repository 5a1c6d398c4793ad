#!/usr/bin/env python3
"""A chess match between two engines, XBoard or UCI, for measurements.

Plays each opening of a fixed book twice, colours reversed, one game per
worker at a time, at a fixed time or a fixed number of nodes per move,
and prints every game, then wins/draws/losses, the score with its 95%
margin, the Elo difference and, with --sprt, the log-likelihood ratio of
a sequential probability ratio test (stopping once it is decided).

Uses python-chess (`pip install chess`) to speak the protocols and judge
the rules; it is a measuring tool, not part of the build or the tests.

  # catboard Master against Stockfish held to UCI_Elo 2400, 0.5 s a move
  scripts/match.py --engine1 "target/release/catboard xboard" \
      --engine2 "stockfish" --proto2 uci \
      --option2 UCI_LimitStrength=true --option2 UCI_Elo=2400 \
      --games 40 --st 0.5 --book bench/openings-chess.txt --pgn sf.pgn

  # catboard as a UCI engine against Stockfish at 1350, on clocks of
  # 10 s + 0.1 s a move (a move after the flag loses on time); the last
  # lines count the illegal moves, time losses and engine errors
  scripts/match.py --engine1 "target/release/catboard uci" --proto1 uci \
      --engine2 stockfish --proto2 uci \
      --option2 UCI_LimitStrength=true --option2 UCI_Elo=1350 \
      --games 10 --tc 10+0.1 --pgn uci.pgn

  # a change against the build before it, 40,000 nodes a move, SPRT
  scripts/match.py --engine1 "/tmp/new xboard" --engine2 "/tmp/old xboard" \
      --games 400 --nodes 40000 --concurrency 2 --sprt 0,10
"""

import argparse
import math
import queue
import shlex
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine1", required=True, help="first engine's command")
    p.add_argument("--engine2", required=True, help="second engine's command")
    p.add_argument("--proto1", default="xboard", choices=["xboard", "uci"])
    p.add_argument("--proto2", default="xboard", choices=["xboard", "uci"])
    p.add_argument("--option1", action="append", default=[], help="NAME=VALUE (UCI option)")
    p.add_argument("--option2", action="append", default=[], help="NAME=VALUE (UCI option)")
    p.add_argument("--name1")
    p.add_argument("--name2")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--st", type=float, help="seconds a move")
    p.add_argument("--nodes", type=int, help="nodes a move (instead of --st)")
    p.add_argument("--tc", help="BASE+INC seconds: clocks (instead of --st); "
                                "a move made after the flag loses on time")
    p.add_argument("--book", default="bench/openings-chess.txt",
                   help="one opening a line, moves in UCI coordinates")
    p.add_argument("--first-opening", type=int, default=0,
                   help="start at this line of the book (0-based)")
    p.add_argument("--concurrency", type=int, default=1, help="games at once")
    p.add_argument("--max-moves", type=int, default=200,
                   help="adjudicate a draw after this many moves each")
    p.add_argument("--material", type=int, default=0,
                   help="adjudicate a win once a side is this many pawns ahead "
                        "for eight plies (0: never)")
    p.add_argument("--sprt", help="ELO0,ELO1: stop once the SPRT decides")
    p.add_argument("--pgn", help="append every game to this file")
    args = p.parse_args()
    if sum(x is not None for x in (args.st, args.nodes, args.tc)) != 1:
        p.error("give exactly one of --st, --nodes and --tc")
    if args.tc:
        base, _, inc = args.tc.partition("+")
        args.tc = (float(base), float(inc or 0))
    return args


def options(pairs):
    out = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        out[name] = value
    return out


def start(command, proto, opts):
    argv = shlex.split(command)
    engine = (chess.engine.SimpleEngine.popen_uci(argv) if proto == "uci"
              else chess.engine.SimpleEngine.popen_xboard(argv))
    if opts:
        engine.configure(opts)
    return engine


VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board):
    return sum(v * (len(board.pieces(k, chess.WHITE)) - len(board.pieces(k, chess.BLACK)))
               for k, v in VALUES.items())


def play_game(args, engines, white, opening, number):
    """One game, engines[white] having White; returns (result, reason, game)."""
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    clocks = [args.tc[0], args.tc[0]] if args.tc else None  # by colour: white, black
    lopsided = 0
    reason = None
    result = None
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result, reason = outcome.result(), outcome.termination.name.lower()
            break
        if board.fullmove_number > args.max_moves:
            result, reason = "1/2-1/2", "move limit"
            break
        if args.material:
            m = material(board)
            lopsided = lopsided + 1 if abs(m) >= args.material else 0
            if lopsided >= 8:
                result, reason = ("1-0" if m > 0 else "0-1"), "material"
                break
        mover = white if board.turn == chess.WHITE else 1 - white
        if clocks:
            limit = chess.engine.Limit(white_clock=clocks[0], black_clock=clocks[1],
                                       white_inc=args.tc[1], black_inc=args.tc[1])
        elif args.nodes:
            limit = chess.engine.Limit(nodes=args.nodes)
        else:
            limit = chess.engine.Limit(time=args.st)
        side = 0 if board.turn == chess.WHITE else 1
        started = time.monotonic()
        try:
            played = engines[mover].play(board, limit, game=number)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            reason = f"engine error: {e}"
            break
        if clocks:
            clocks[side] -= time.monotonic() - started
            if clocks[side] < 0:
                result = "0-1" if board.turn == chess.WHITE else "1-0"
                reason = "time forfeit"
                break
            clocks[side] += args.tc[1]
        if played.resigned:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            reason = "resigns"
            break
        if played.move is None or played.move not in board.legal_moves:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            reason = f"illegal move {played.move}"
            break
        board.push(played.move)
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    return result, reason, game


def llr(w, d, l, elo0, elo1):
    """The trinomial SPRT log-likelihood ratio (the normal approximation)."""
    n = w + d + l
    if n == 0:
        return 0.0
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var)


def summary(w, d, l):
    n = w + d + l
    if n == 0:
        return "no games"
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    margin = 1.96 * math.sqrt(var / n)

    def elo(x):
        x = min(max(x, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / x - 1)

    return (f"+{w} ={d} -{l} of {n}: {100 * s:.1f}% ± {100 * margin:.1f}, "
            f"Elo {elo(s):+.0f} (95%: {elo(s - margin):+.0f} to {elo(s + margin):+.0f})")


def main():
    args = parse_args()
    with open(args.book) as f:
        book = [l.split() for l in f if l.strip() and not l.startswith("#")]
    book = book[args.first_opening:] + book[:args.first_opening]
    names = [args.name1 or args.engine1, args.name2 or args.engine2]
    sprt = tuple(float(x) for x in args.sprt.split(",")) if args.sprt else None
    jobs = queue.Queue()
    for n in range(args.games):
        jobs.put(n)
    lock = threading.Lock()
    tally = [0, 0, 0]
    # Faults by engine (1, 2): illegal moves, losses on time, engine errors.
    faults = {name: [0, 0, 0] for name in ("1", "2")}
    stop = threading.Event()

    def worker():
        engines = [start(args.engine1, args.proto1, options(args.option1)),
                   start(args.engine2, args.proto2, options(args.option2))]
        try:
            while not stop.is_set():
                try:
                    n = jobs.get_nowait()
                except queue.Empty:
                    return
                white = n % 2  # engine 1 has White in even games
                opening = book[(n // 2) % len(book)]
                result, reason, game = play_game(args, engines, white, opening, n)
                game.headers["White"] = names[white]
                game.headers["Black"] = names[1 - white]
                game.headers["Round"] = str(n + 1)
                first_wins = {"1-0": white == 0, "0-1": white == 1}.get(result)
                loser_white = result == "0-1"
                loser = white if loser_white else 1 - white
                kind = (0 if reason.startswith("illegal move") else
                        1 if reason == "time forfeit" else
                        2 if reason.startswith("engine error") else None)
                with lock:
                    if kind is not None:
                        faults[str(loser + 1)][kind] += 1
                    if result == "1/2-1/2":
                        tally[1] += 1
                    elif first_wins:
                        tally[0] += 1
                    else:
                        tally[2] += 1
                    w, d, l = tally
                    line = (f"game {n + 1:>4}: {names[white]} - {names[1 - white]} "
                            f"{result} ({reason}, {len(game.end().board().move_stack)} plies); "
                            f"{summary(w, d, l)}")
                    if sprt:
                        ratio = llr(w, d, l, *sprt)
                        line += f"; LLR {ratio:+.2f} (±2.94)"
                        if abs(ratio) >= 2.94:
                            stop.set()
                    print(line, flush=True)
                    if args.pgn:
                        with open(args.pgn, "a") as f:
                            print(game, file=f, end="\n\n")
        finally:
            for e in engines:
                try:
                    e.quit()
                except Exception:
                    pass

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    w, d, l = tally
    for i, name in enumerate(names):
        illegal, flagged, errors = faults[str(i + 1)]
        print(f"{name}: {illegal} illegal moves, {flagged} losses on time, {errors} engine errors")
    print(f"{names[0]} vs {names[1]}: {summary(w, d, l)}")
    if sprt:
        ratio = llr(w, d, l, *sprt)
        verdict = ("H1 accepted (a gain)" if ratio >= 2.94 else
                   "H0 accepted (no gain)" if ratio <= -2.94 else "undecided")
        print(f"SPRT [{sprt[0]:g}, {sprt[1]:g}]: LLR {ratio:+.2f}, {verdict}")


if __name__ == "__main__":
    sys.exit(main())

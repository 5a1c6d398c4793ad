#!/bin/sh
# How much the line mode says per move: plays one whole game of each
# variant between computers in `catboard line` (no input: the computers
# play to the end) and prints, per variant, the plies, the lines and
# characters of the transcript per move, and the share of the characters
# that say a computer "is thinking".
#
#   scripts/line-figures.sh [BINARY] [LEVEL] [SECONDS]
#
# BINARY defaults to target/release/catboard, LEVEL to club (deterministic:
# the same binary plays the same games), SECONDS (the cap per game) to 1200.
# The transcripts are left in $OUT (default: a fresh folder under /tmp).
set -eu
bin=${1:-target/release/catboard}
level=${2:-club}
cap=${3:-1200}
out=${OUT:-$(mktemp -d /tmp/line-figures.XXXXXX)}
mkdir -p "$out"
printf '%-10s %6s %8s %8s %10s %10s %9s\n' variant plies lines chars lines/move chars/move thinking
for variant in chess cat chu polar baccancat; do
    case $variant in
        chess | chu | polar) seats="--white $level --black $level" ;;
        cat) seats="--white $level --black $level --cats $level" ;;
        baccancat) seats="--seat red=$level --seat orange=$level --seat green=$level --seat blue=$level" ;;
    esac
    saves="$out/saves-$variant"
    rm -rf "$saves"
    # shellcheck disable=SC2086
    timeout "$cap" "$bin" line --variant "$variant" $seats --save-dir "$saves" \
        </dev/null >"$out/$variant.txt" 2>"$out/$variant.err" || true
    save=$(ls "$saves"/*.json 2>/dev/null | head -n 1)
    plies=0
    if [ -n "$save" ]; then
        plies=$(awk '/"moves": \[/ {on = 1; next} on && /\]/ {on = 0} on {n++} END {print n + 0}' "$save")
    fi
    lines=$(wc -l <"$out/$variant.txt")
    chars=$(wc -m <"$out/$variant.txt")
    thinking=$(grep 'is thinking' "$out/$variant.txt" | wc -m || true)
    awk -v v="$variant" -v p="$plies" -v l="$lines" -v c="$chars" -v t="$thinking" 'BEGIN {
        d = (p > 0) ? p : 1; s = (c > 0) ? 100 * t / c : 0
        printf "%-10s %6d %8d %8d %10.2f %10.1f %8.1f%%\n", v, p, l, c, l / d, c / d, s
    }'
done
echo "transcripts in $out"

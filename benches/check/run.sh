#!/bin/sh
# `check` beside `solve` on the 10M-leaf file (random b=10 d=7, seed 1:
# 11.1M nodes), then `check` with a full key on caterpillars 2,500 to
# 10,000 levels deep; prints wall times and peak memory (GNU time's
# maximum resident set) and the ratios.
#
#   benches/check/run.sh [ROUNDS]     (default 3)
#
# The answer file of the 10M-leaf cut holds the value, the best move and
# the pruned list (the tops of the 20,784 cuts' skipped subtrees), taken
# from `gametree key`: what a student answers about the cuts, without the
# key's every window. `solve` and `check` alternate, ROUNDS times each,
# with the same binary on the same core; the ratios are of the medians.
set -eu
rounds=${1:-3}
cd "$(dirname "$0")/../.."
cargo build --release --quiet
bin=$PWD/target/release/gametree
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pin=""
command -v taskset > /dev/null && pin="taskset -c 0"

# Prints "SECONDS KILOBYTES" of one run of the command given.
measure() {
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M' -o "$dir/time" $pin "$@" > /dev/null
    cat "$dir/time"
}

# The median of the numbers on standard input.
median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

$bin gen --game random:branching=10,depth=7,seed=1 -o "$dir/big.tree"
$bin key "$dir/big.tree" | grep -E '^expect (value|best|pruned) ' > "$dir/cut.answers"
echo "10M-leaf cut: $(wc -c < "$dir/cut.answers") bytes of answers"
: > "$dir/solve"
: > "$dir/check"
i=0
while [ $i -lt "$rounds" ]; do
    measure $bin solve "$dir/big.tree" >> "$dir/solve"
    measure $bin check "$dir/big.tree" "$dir/cut.answers" >> "$dir/check"
    i=$((i + 1))
done
for what in solve check; do
    awk -v what=$what '{ printf "%s: %.2f s, %.0f MB\n", what, $1, $2 / 1024 }' "$dir/$what"
done
solve_s=$(cut -d' ' -f1 "$dir/solve" | median)
solve_kb=$(cut -d' ' -f2 "$dir/solve" | median)
check_s=$(cut -d' ' -f1 "$dir/check" | median)
check_kb=$(cut -d' ' -f2 "$dir/check" | median)
awk -v a="$check_s" -v b="$solve_s" -v c="$check_kb" -v d="$solve_kb" 'BEGIN {
    printf "check / solve (medians of %s): time %.2fx (%.2f s / %.2f s), memory %.2fx (%.0f MB / %.0f MB)\n",
        "'"$rounds"'", a / b, a, b, c / d, c / 1024, d / 1024 }'

# A caterpillar DEPTH levels deep: each level a leaf, then the next level.
caterpillar() {
    awk -v d="$1" 'BEGIN {
        for (l = 0; l < d; l++) printf "[ %d ", (l % 2) ? 100000 - l : l
        printf "50000"
        for (l = 0; l < d; l++) printf " ]"
        print ""
    }'
}
for depth in 2500 5000 10000; do
    caterpillar $depth > "$dir/deep.tree"
    $bin key "$dir/deep.tree" > "$dir/deep.key"
    set -- $(measure $bin check "$dir/deep.tree" "$dir/deep.key")
    echo "caterpillar $depth deep, full key ($(grep -c '^expect' "$dir/deep.key") lines): check $1 s, $(($2 / 1024)) MB"
done

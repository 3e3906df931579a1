#!/usr/bin/env bash
# Real cores: on the sweep's trees, sequential alpha-beta once, then the
# parallel search with its default settings (full brothers; split depth 4
# below 8 threads, 6 from 8) on 2, 4, 8 and 16 threads, best of 2 runs,
# printing the speed-up and the search overhead (nodes visited against
# alpha-beta's); then each sequential search of alpha-beta's family, its
# nodes per second from `solve --stats`, best of 3.
#
#   benches/parallel/cores.sh [THREADS...]
#
# GAMETREE names the binary (default: target/release/gametree, built with
# `cargo build --release`). Times include starting the process, which is a
# few milliseconds.
set -euo pipefail
bin=${GAMETREE:-target/release/gametree}
threads=("$@")
[ ${#threads[@]} -eq 0 ] && threads=(2 4 8 16)
source "$(dirname "$0")/trees.sh"
trees=("${bench_trees[@]}")
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# A line of $out's, by its label.
field() {
  awk -v label="$1" 'index($0, label ":") == 1 { print $(NF - ($NF == "nodes/s")) }' "$out"
}

for entry in "${trees[@]}"; do
  game=${entry%%|*}
  read -r -a extra <<<"${entry#*|}"
  seq=$(seconds --game "$game" "${extra[@]}" --algo alphabeta)
  seq_nodes=$(field "nodes visited")
  echo "$game${extra[*]:+ ${extra[*]}}: alpha-beta ${seq}s, $seq_nodes nodes"
  for t in "${threads[@]}"; do
    flags=(--algo parallel --threads "$t")
    best=$(seconds --game "$game" "${extra[@]}" "${flags[@]}")
    again=$(seconds --game "$game" "${extra[@]}" "${flags[@]}")
    awk -v t="$t" -v s="$seq" -v a="$best" -v b="$again" -v sn="$seq_nodes" \
      -v pn="$(field "nodes visited")" 'BEGIN {
        p = (a < b ? a : b)
        printf "  threads %-3s %8.3fs  speed-up %5.2f  overhead %+6.1f%%\n", t, p, s / p, (pn / sn - 1) * 100
      }'
  done
done

game=random:branching=8,depth=8,seed=1,noise=2
echo "$game: nodes per second, best of 3"
for algo in alphabeta negamax-alphabeta pvs mtdf sss; do
  best=0
  for _ in 1 2 3; do
    "$bin" solve --game "$game" --algo "$algo" --stats >"$out"
    speed=$(field "search speed")
    best=$(awk -v a="$best" -v b="$speed" 'BEGIN { print (b > a ? b : a) }')
  done
  printf "  %-18s %10s nodes  %12.0f nodes/s\n" "$algo" "$(field "nodes visited")" "$best"
done

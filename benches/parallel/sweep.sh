#!/usr/bin/env bash
# Sweeps the parallel search's settings on the bench's implicit trees, with
# the command line: for each tree, sequential alpha-beta once, then each
# setting (best of 2 runs), printing the speed-up and the search overhead
# (nodes visited against alpha-beta's).
#
#   benches/parallel/sweep.sh THREADS SETTING...
#
# A SETTING is YOUNG:SPLIT_DEPTH:WIDTH, for example full:4:- (full brothers,
# split depth 4, no width limit) or scout:6:2. GAMETREE names the binary
# (default: target/release/gametree, built with `cargo build --release`).
# Times include starting the process, which is a few milliseconds.
set -euo pipefail
threads=$1
shift
bin=${GAMETREE:-target/release/gametree}
source "$(dirname "$0")/trees.sh"
trees=("${bench_trees[@]}")
out=$(mktemp)
trap 'rm -f "$out"' EXIT

nodes() {
  awk '/^nodes visited:/ { print $3 }' "$out"
}

for entry in "${trees[@]}"; do
  game=${entry%%|*}
  read -r -a extra <<<"${entry#*|}"
  seq=$(seconds --game "$game" "${extra[@]}" --algo alphabeta)
  seq_nodes=$(nodes)
  echo "$game${extra[*]:+ ${extra[*]}}: alpha-beta ${seq}s, $seq_nodes nodes"
  for setting in "$@"; do
    IFS=: read -r young split width <<<"$setting"
    flags=(--algo parallel --threads "$threads" --young-brothers "$young" --split-depth "$split")
    [ "$width" != "-" ] && flags+=(--width "$width")
    best=$(seconds --game "$game" "${extra[@]}" "${flags[@]}")
    again=$(seconds --game "$game" "${extra[@]}" "${flags[@]}")
    best=$(awk -v a="$best" -v b="$again" 'BEGIN { print (a < b ? a : b) }')
    awk -v y="$young" -v k="$split" -v w="$width" -v t="$threads" -v s="$seq" -v p="$best" \
      -v sn="$seq_nodes" -v pn="$(nodes)" 'BEGIN {
        printf "  %-6s split depth %-2s width %-3s threads %-3s %8.3fs  speed-up %5.2f  overhead %+6.1f%%\n",
          y, k, w, t, p, s / p, (pn / sn - 1) * 100
      }'
  done
done

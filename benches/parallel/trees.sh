# The bench's implicit trees and the timer the parallel scripts share
# (sourced by sweep.sh, cores.sh and simulate.sh): each entry is a game
# and, after `|`, the flags it is searched with.
# shellcheck shell=bash
bench_trees=(
  "random:branching=8,depth=13,seed=1|"
  "random:branching=12,depth=11,seed=1|"
  "random:branching=30,depth=8,seed=1|"
  "random:branching=8,depth=15,seed=1,noise=2|--order static"
  "random:branching=20,depth=10,seed=1,noise=2|--order static"
)

# Prints the seconds `$bin solve ARGS...` takes; its output goes to $out.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$bin" solve "$@" >"$out"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}

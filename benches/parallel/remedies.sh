#!/usr/bin/env bash
# Simulated speed-ups on 2 and 16 processors of Young Brothers Wait with
# full brothers, with and without deferring busy split nodes (ABDADA),
# for each setting of split depth and width given, on seeds 1 to 5 of
# each random tree shape: settings found on one tree are checked on trees
# they were not chosen on. Deterministic: any machine prints the same.
#
#   benches/parallel/remedies.sh [SHAPE...] [-- SETTING...]
#
# SHAPE is a random tree's parameters without the seed (default:
# branching=8,depth=9 and branching=12,depth=7, the trees of the 16-processor
# target); SETTING is "split=D width=W [min=M] [cost=C]", a smallest split
# of M nodes and C steps to take a brother when given (default: the defaults, then
# "split=7 width=4"). EXAMPLE names the binary (default
# target/release/examples/simulate_deferral, built with `cargo build
# --release --example simulate_deferral`). About 5 seconds a simulation
# table on b=8 d=9.
set -euo pipefail
bin=${EXAMPLE:-target/release/examples/simulate_deferral}
shapes=(); settings=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do shapes+=("$1"); shift; done
[ $# -gt 0 ] && shift
settings=("$@")
[ ${#shapes[@]} -eq 0 ] && shapes=('branching=8,depth=9' 'branching=12,depth=7')
[ ${#settings[@]} -eq 0 ] && settings=('' 'split=7 width=4')
printf '%-36s %-18s %-8s %7s %7s %9s\n' tree setting deferral P=2 P=16 "ovh at 16"
for shape in "${shapes[@]}"; do
  for seed in 1 2 3 4 5; do
    tree="random:$shape,seed=$seed"
    for setting in "${settings[@]}"; do
      read -r -a args <<<"$setting"
      "$bin" "$tree" "${args[@]}" | awk -F'|' -v t="$tree" -v s="${setting:-defaults}" '
        $3 ~ / 2 / { gsub(/ /, "", $2); two[$2] = $4 }
        $3 ~ / 16 / { gsub(/ /, "", $2); six[$2] = $4; ovh[$2] = $5 }
        END { split("Off Busy", ds, " ")
              for (i = 1; i <= 2; i++) { d = ds[i]
                printf "%-36s %-18s %-8s %7.2f %7.2f %9s\n", t, s, d, two[d], six[d], ovh[d] } }'
    done
  done
done

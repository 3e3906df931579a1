#!/usr/bin/env bash
# Prints the simulated speed-ups of the parallel search (Young Brothers
# Wait, full brothers, default split depth and width) on the bench's
# implicit trees, for P = 2, 4, 8, 16, 32 and 64 processors, beside the
# critical path: the speed-up with unlimited processors (work over span),
# taken as the simulation on 65535 processors, more than any of these
# trees ever keeps busy at once. The simulation is deterministic: the same
# figures on any machine, however loaded.
#
#   benches/parallel/simulate.sh [GAME[|EXTRA FLAGS]]...
#
# With no argument, the trees of sweep.sh (about 10^7 to 10^8 nodes each:
# minutes a tree). GAMETREE names the binary (default:
# target/release/gametree, built with `cargo build --release`); FLAGS adds
# flags to every simulation (for example FLAGS="--split-depth 6").
set -euo pipefail
bin=${GAMETREE:-target/release/gametree}
read -r -a flags <<<"${FLAGS:-}"
trees=("$@")
source "$(dirname "$0")/trees.sh"
[ ${#trees[@]} -eq 0 ] && trees=("${bench_trees[@]}")
processors=2,4,8,16,32,64,65535

printf '%-52s %10s' "tree" "seq nodes"
for p in 2 4 8 16 32 64; do printf ' %6s' "P=$p"; done
printf ' %10s %9s\n' "ovh at 16" "critical"
for entry in "${trees[@]}"; do
  game=${entry%%|*}
  extra=()
  [ "$entry" != "$game" ] && read -r -a extra <<<"${entry#*|}"
  json=$("$bin" solve --game "$game" "${extra[@]}" "${flags[@]}" --algo parallel \
    --young-brothers full --simulate "$processors" --json)
  printf '%-52s' "$game${extra[*]:+ ${extra[*]}}"
  # One object a line per number of processors, in the order simulated.
  tr -d ' \n' <<<"$json" | grep -o '{"efficiency"[^}]*}' | tr -d '{}"' |
    awk -F, '{
        for (i = 1; i <= NF; i++) { split($i, kv, ":"); f[kv[1]] = kv[2] }
        seq = f["sequential_steps"]; speed[NR] = f["speedup"]
        over[f["processors"]] = f["overhead_nodes"] / seq
      }
      END {
        printf " %10d", seq
        for (i = 1; i < NR; i++) printf " %6.2f", speed[i]
        printf " %+9.0f%% %9.2f\n", over[16] * 100, speed[NR]
      }'
done

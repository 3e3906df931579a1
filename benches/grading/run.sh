#!/bin/sh
# Grades 1,000 answer files of the lecture tree against its key in one
# process, diagnosis included, on one core; prints the wall time.
#
#   benches/grading/run.sh [FILES]     (default 1000)
#
# The answer files are written from the keys of the right search and of a
# fail-hard one (`gametree key`), a key cut in half and one with its cut
# kinds swapped, with the value changed per file, so that most files have
# wrong answers to diagnose.
set -eu
count=${1:-1000}
cd "$(dirname "$0")/../.."
cargo build --release --quiet
bin=target/release/gametree
tree=trees/lecture-a-to-v.tree
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
$bin key $tree > "$dir/right"
$bin key --fail-hard $tree > "$dir/fail-hard"
head -n 8 "$dir/right" > "$dir/half"
sed 's/beta/alpha/' "$dir/right" > "$dir/cuts"
i=0
while [ $i -lt "$count" ]; do
    case $((i % 4)) in
        0) base=right ;;
        1) base=fail-hard ;;
        2) base=half ;;
        *) base=cuts ;;
    esac
    { grep -v '^expect value' "$dir/$base"; echo "expect value $((i % 9))"; } > "$dir/$i.answers"
    i=$((i + 1))
done
files=$(i=0; while [ $i -lt "$count" ]; do printf '%s ' "$dir/$i.answers"; i=$((i + 1)); done)
pin=""
command -v taskset > /dev/null && pin="taskset -c 0"
start=$(date +%s.%N)
# shellcheck disable=SC2086
$pin $bin check --format csv $tree $files > "$dir/out.csv" || true
end=$(date +%s.%N)
rows=$(($(wc -l < "$dir/out.csv") - 1))
diagnosed=$($bin check --format json $tree $files 2>/dev/null | grep -c '"diagnosis"' || true)
echo "graded $rows files ($diagnosed diagnosed) in $(echo "$end - $start" | bc) s on one core"

#!/usr/bin/env bash
# Gradescope's setup of the autograder image: installs Python's pip and
# the gametree wheel packed in the autograder's zip beside this file.
#
# Build the wheel once, on a Linux x86_64 machine with the Rust toolchain
# (the wheel serves every Python from 3.9; maturin tags it with the oldest
# manylinux it runs on), from the repository's root:
#   pip install maturin
#   maturin build --release -m python/Cargo.toml -o python/examples/gradescope
# then zip this folder's files (setup.sh, run_autograder, exercise.tree,
# key.answers and the .whl) at the zip's top level. $PYTHON names another
# interpreter than python3 (for trying it in a virtual environment).
set -euo pipefail
cd "$(dirname "$0")"
python="${PYTHON:-python3}"
if ! "$python" -m pip --version >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq python3 python3-pip >/dev/null
fi
"$python" -m pip install --quiet gametree-*.whl

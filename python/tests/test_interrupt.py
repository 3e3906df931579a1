"""Long searches run with the interpreter's lock released, and Ctrl-C
(SIGINT) stops them between nodes with KeyboardInterrupt, leaving the
interpreter ready for the next call."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import gametree
from conftest import Cli, canonical

# About a second of search in a debug build: minimax visits every node.
LONG_GAME = "random:branching=7,depth=8,seed=3"


def test_other_threads_run_while_a_search_runs(cli: Cli) -> None:
    result = {}

    def search() -> None:
        result["solved"] = gametree.solve(game=LONG_GAME, algo="minimax")

    worker = threading.Thread(target=search)
    worker.start()
    wakeups = 0
    # With the lock held through the search, this thread would wake once,
    # when the search is over.
    while worker.is_alive():
        time.sleep(0.01)
        wakeups += 1
    worker.join()
    assert wakeups >= 5
    expected = cli.json("solve", "--json", "--game", LONG_GAME, "--algo", "minimax")
    # Cuts are not listed for a game this big, and the note that says so
    # names what Python calls to list them, not the command.
    solved = result["solved"]
    for field in ("value", "principal_variation", "stats"):
        assert canonical(solved[field]) == canonical(expected[field])


# The child takes Python's own Ctrl-C handler whatever it inherits: a shell
# starts background jobs with SIGINT ignored, and Python keeps an ignored
# SIGINT ignored, so run under `.ci/run &` the signal would never arrive.
SCRIPT = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import gametree
print("searching", flush=True)
try:
    gametree.solve(game="random:branching=10,depth=18,seed=1", algo="minimax")
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print(gametree.solve("[[3 12 8] [2 4 6] [14 5 2]]")["value"], flush=True)
"""


def test_ctrl_c_stops_a_search_between_nodes() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "searching"
    time.sleep(1.0)  # the search is under way (10^18 leaves: it never ends alone)
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        raise AssertionError(f"no end 120 s after SIGINT; it printed {out!r}, {err!r}") from None
    assert child.returncode == 0, err
    assert out.split() == ["interrupted", "3"]

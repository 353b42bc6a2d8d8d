#!/usr/bin/env python3
"""Benchmark of the Python asyncio client against the built sidecar.

    python3 clients/python/bench/bench.py path/to/dist/cli.js [--rounds 300] [--requests 3000] [--in-flight 64]

Spawns hookd on a scratch workspace with no hooks (claude dialect, home = the workspace), then measures
  1. the round trip of a no-match PreToolUse, one at a time (after a warm-up): median and p99 in ms;
  2. throughput with `--in-flight` requests outstanding, over `--requests` no-match PreToolUse events.
Prints exactly one line of JSON on stdout:
  {"client":"python","rounds":N,"noMatchMedianMs":x,"noMatchP99Ms":y,"inFlight":64,"eventsPerSecond":z}
Everything else (hookd's own logs) goes to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import hookd  # noqa: E402

WARM_UP = 50
TOOL_INPUT = {"command": "ls -la", "description": "list files"}


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


async def measure(cli: str, rounds: int, requests: int, in_flight: int) -> dict[str, object]:
    node = shutil.which("node") or "node"
    command = [node, cli] if cli.endswith((".js", ".mjs", ".cjs")) else [cli]
    with tempfile.TemporaryDirectory(prefix="hookd-py-bench-") as workspace:
        async with hookd.aspawn(workspace, home=workspace, dialect="claude", command=command, session="bench") as h:
            assert h.initialize_result.hooks == [], "the bench workspace must have no hooks"
            for _ in range(WARM_UP):
                await h.pre_tool_use("Bash", TOOL_INPUT)

            latencies: list[float] = []
            for _ in range(rounds):
                started = time.perf_counter()
                result = await h.pre_tool_use("Bash", TOOL_INPUT)
                latencies.append((time.perf_counter() - started) * 1000)
                assert result.decision == "none" and result.runs == []

            remaining = requests

            async def worker() -> None:
                nonlocal remaining
                while remaining > 0:
                    remaining -= 1
                    await h.pre_tool_use("Bash", TOOL_INPUT)

            started = time.perf_counter()
            await asyncio.gather(*(worker() for _ in range(in_flight)))
            elapsed = time.perf_counter() - started

    return {
        "client": "python",
        "rounds": rounds,
        "noMatchMedianMs": round(statistics.median(latencies), 3),
        "noMatchP99Ms": round(percentile(latencies, 0.99), 3),
        "inFlight": in_flight,
        "eventsPerSecond": round(requests / elapsed, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli", nargs="?", default=os.environ.get("HOOKD_BIN"), help="path to hookd's dist/cli.js (or $HOOKD_BIN)")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--in-flight", type=int, default=64)
    args = parser.parse_args()
    if not args.cli or not Path(args.cli).exists():
        print(f"bench.py: hookd not found at {args.cli!r}: pass the path to dist/cli.js", file=sys.stderr)
        return 2
    figures = asyncio.run(measure(args.cli, args.rounds, args.requests, args.in_flight))
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())

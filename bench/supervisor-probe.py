#!/usr/bin/env python3
# The spawn path alone, without Node: this process drives native/build/hookd-supervisor over its framed channel
# (docs/supervisor.md, "Channel") — a SPAWN of `sh -c true` with the floor's stdin payload, then its frames until
# RELEASED — and, in the same rounds, the floor (bench/floor-probe.py's spawn_once). Their ratio is the share of P2
# the supervisor and its keeper take before the sidecar adds anything. Prints one JSON line: {"supervisorUs",
# "spawnedUs" (SPAWN written → SPAWNED read), "floorUs", "rounds"} medians, or {"unavailable": why}.
# Usage: supervisor-probe.py [rounds] [binary] [gap ms between rounds, default 0.2]. Measures only; asserts nothing.
# bench/spawn-throughput.py imports spawn_frame.
import importlib.util
import json
import os
import signal
import statistics
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Read only when run as a program (bench/spawn-throughput.py imports this file with arguments of its own).
ARGS = sys.argv[1:] if __name__ == '__main__' else []
ROUNDS = int(ARGS[0]) if len(ARGS) > 0 else 1500
BINARY = ARGS[1] if len(ARGS) > 1 else os.path.join(HERE, '..', 'native', 'build', 'hookd-supervisor')
GAP_S = float(ARGS[2]) / 1000 if len(ARGS) > 2 else 0.0002
SPAWN, SPAWNED, SPAWN_FAILED, RELEASED, ERROR = 1, 102, 103, 108, 109


def load_floor():
    spec = importlib.util.spec_from_file_location('floor_probe', os.path.join(HERE, 'floor-probe.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spawn_frame(run_id, file, argv, payload):
    """A SPAWN frame: cwd /tmp, this process's environment, 64 KiB output caps, `payload` as stdin."""
    env = [f'{name}={value}' for name, value in os.environ.items()]
    strings = b''.join(text.encode() + b'\0' for text in ['/tmp', file, *argv, *env])
    body = struct.pack('<IIII', 65536, len(argv), len(env), len(payload)) + strings + payload
    return struct.pack('<IBI', 5 + len(body), SPAWN, run_id) + body


class Supervisor:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.buffer = b''

    def frame(self):
        """The next reply frame: (type, runId, payload)."""
        while True:
            if len(self.buffer) >= 4:
                length = struct.unpack_from('<I', self.buffer)[0]
                if len(self.buffer) >= 4 + length:
                    frame = self.buffer[4:4 + length]
                    self.buffer = self.buffer[4 + length:]
                    return frame[0], struct.unpack_from('<I', frame, 1)[0], frame[5:]
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError('the supervisor closed its stdout')
            self.buffer += chunk

    def run_once(self, run_id, frame):
        """(SPAWN written → RELEASED read, → SPAWNED read) in µs."""
        start = time.perf_counter()
        os.write(self.process.stdin.fileno(), frame)
        spawned = None
        while True:
            kind, _, payload = self.frame()
            if kind == SPAWNED:
                spawned = time.perf_counter()
            if kind in (RELEASED, SPAWN_FAILED, ERROR):
                if kind != RELEASED:
                    raise RuntimeError(f'run {run_id}: frame {kind}: {payload!r}')
                end = time.perf_counter()
                return (end - start) * 1e6, ((spawned or end) - start) * 1e6

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def main():
    if not os.access(BINARY, os.X_OK):
        print(json.dumps({'unavailable': f'{BINARY} is not built (npm run build needs a C compiler)'}))
        return
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    floor = load_floor()
    supervisor = Supervisor(BINARY)
    kind, _, _ = supervisor.frame()
    if kind != 101:
        print(json.dumps({'unavailable': f'the supervisor answered frame {kind} before READY'}))
        return
    frame = lambda run_id: spawn_frame(run_id, floor.FILE, floor.argv, floor.PAYLOAD)
    totals, spawns, floors = [], [], []
    warmup = max(50, ROUNDS // 5)
    for round_number in range(1, warmup + ROUNDS + 1):
        total, spawned = supervisor.run_once(round_number, frame(round_number))
        floor_us = floor.spawn_once() * 1000
        if round_number > warmup:
            totals.append(total)
            spawns.append(spawned)
            floors.append(floor_us)
        time.sleep(GAP_S)
    supervisor.close()
    print(json.dumps({'supervisorUs': statistics.median(totals), 'spawnedUs': statistics.median(spawns), 'floorUs': statistics.median(floors), 'rounds': ROUNDS}))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
# The spawn throughput ceiling of this machine, with K runs of `sh -c true` in flight and no Node, no JSON-RPC:
# - mode `posix_spawn`: this process spawns each run as the floor does (three pipes, a new session, the stdin payload,
#   both outputs read to EOF, waitpid);
# - mode `supervisor`: this process keeps K SPAWNs (the floor's payload) in flight through
#   native/build/hookd-supervisor, as bench/supervisor-probe.py does one at a time, and counts RELEASED frames.
# What the events/s goal at 64 in flight compares with: a sidecar starts hooks no faster than its spawn path alone.
# Usage: spawn-throughput.py MODE RUNS IN_FLIGHT [binary]; prints one JSON line {"perSecond", "runs"} or
# {"unavailable": why}. Measures only; asserts nothing.
import json
import os
import selectors
import signal
import struct
import subprocess
import sys
import time

from importlib import util

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = util.spec_from_file_location(name, os.path.join(HERE, file))
    module = util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


floor_probe = load('floor_probe', 'floor-probe.py')
supervisor_probe = load('supervisor_probe', 'supervisor-probe.py')


def start_run(selector, live):
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    actions = [(os.POSIX_SPAWN_DUP2, stdin_read, 0), (os.POSIX_SPAWN_DUP2, stdout_write, 1), (os.POSIX_SPAWN_DUP2, stderr_write, 2)]
    pid = os.posix_spawn(floor_probe.FILE, floor_probe.argv, os.environ, file_actions=actions, setsid=True)
    os.close(stdin_read)
    os.close(stdout_write)
    os.close(stderr_write)
    try:
        os.write(stdin_write, floor_probe.PAYLOAD)
    except BrokenPipeError:
        pass
    os.close(stdin_write)
    run = {'pid': pid, 'open': 2}
    for fd in (stdout_read, stderr_read):
        selector.register(fd, selectors.EVENT_READ, run)
    live[pid] = run


def posix_spawn_rate(runs, in_flight):
    selector = selectors.DefaultSelector()
    live = {}
    started = finished = 0
    begin = time.perf_counter()
    while finished < runs:
        while len(live) < in_flight and started < runs:
            start_run(selector, live)
            started += 1
        for key, _ in selector.select():
            if os.read(key.fd, 65536):
                continue
            selector.unregister(key.fd)
            os.close(key.fd)
            run = key.data
            run['open'] -= 1
            if run['open'] == 0:
                os.waitpid(run['pid'], 0)
                del live[run['pid']]
                finished += 1
    return finished / (time.perf_counter() - begin)


READY, SPAWN_FAILED, RELEASED, ERROR = 101, 103, 108, 109


def supervisor_rate(runs, in_flight, binary):
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    frame = lambda run_id: supervisor_probe.spawn_frame(run_id, floor_probe.FILE, floor_probe.argv, floor_probe.PAYLOAD)
    buffer = b''
    started = finished = 0
    ready = False
    begin = time.perf_counter()
    try:
        while finished < runs:
            if ready:
                batch = []
                while started - finished < in_flight and started < runs:
                    started += 1
                    batch.append(frame(started))
                if batch:
                    os.write(process.stdin.fileno(), b''.join(batch))
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError('the supervisor closed its stdout')
            buffer += chunk
            offset = 0
            while len(buffer) - offset >= 4:
                length = struct.unpack_from('<I', buffer, offset)[0]
                if len(buffer) - offset - 4 < length:
                    break
                kind = buffer[offset + 4]
                if kind == READY:
                    ready = True
                    begin = time.perf_counter()
                elif kind in (SPAWN_FAILED, ERROR):
                    raise RuntimeError(f'frame {kind}: {buffer[offset + 9:offset + 4 + length]!r}')
                elif kind == RELEASED:
                    finished += 1
                offset += 4 + length
            buffer = buffer[offset:]
        return finished / (time.perf_counter() - begin)
    finally:
        process.stdin.close()
        process.wait(timeout=10)


def main():
    mode, runs, in_flight = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if mode == 'supervisor':
        binary = sys.argv[4] if len(sys.argv) > 4 else os.path.join(HERE, '..', 'native', 'build', 'hookd-supervisor')
        if not os.access(binary, os.X_OK):
            print(json.dumps({'unavailable': f'{binary} is not built (npm run build needs a C compiler)'}))
            return
        rate = supervisor_rate(runs, in_flight, binary)
    else:
        rate = posix_spawn_rate(runs, in_flight)
    print(json.dumps({'perSecond': rate, 'runs': runs}))


if __name__ == '__main__':
    main()

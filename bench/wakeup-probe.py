#!/usr/bin/env python3
# What waking a process on another CPU costs on this machine: a one-byte pipe round trip between two processes
# (two wake-ups), both pinned to one CPU, then pinned to two different CPUs, ~250 µs apart so the woken side is idle
# first, as hookd's supervisor and keepers are between runs. Prints one JSON line: {"sameUs", "otherUs"} medians
# (Python's own overhead is in both), or {"unavailable": why}. Measures only; asserts nothing.
import json
import os
import sys
import time


def median_round_trip_us(parent_cpu, child_cpu, count=1500, gap_s=0.0002):
    request_read, request_write = os.pipe()
    answer_read, answer_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.sched_setaffinity(0, {child_cpu})
        os.close(request_write)
        os.close(answer_read)
        while True:
            byte = os.read(request_read, 1)
            if not byte:
                os._exit(0)
            os.write(answer_write, byte)
    os.close(request_read)
    os.close(answer_write)
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {parent_cpu})
    samples = []
    try:
        for index in range(count + 100):
            time.sleep(gap_s)
            start = time.perf_counter()
            os.write(request_write, b'x')
            os.read(answer_read, 1)
            if index >= 100:
                samples.append(time.perf_counter() - start)
    finally:
        os.sched_setaffinity(0, before)
        os.close(request_write)
        os.close(answer_read)
        os.waitpid(pid, 0)
    samples.sort()
    return samples[len(samples) // 2] * 1e6


cpus = sorted(os.sched_getaffinity(0))
if len(cpus) < 2:
    print(json.dumps({'unavailable': 'fewer than 2 CPUs to run on'}))
    sys.exit(0)
print(json.dumps({'sameUs': median_round_trip_us(cpus[0], cpus[0]), 'otherUs': median_round_trip_us(cpus[0], cpus[1])}))

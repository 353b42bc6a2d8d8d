#!/usr/bin/env python3
# The spawn floor of this machine: a bare posix_spawn (glibc: clone(CLONE_VFORK)) of `sh -c true` + wait, with the
# three stdio pipes and a payload written to the child's stdin, as a hook run needs — timed inside this small
# process, so no Node and no JSON-RPC is in the figure. bench/run.mjs keeps one probe alive and asks it for samples
# between its own rounds: each input line is a count, each answer one JSON line with that many durations in ms.
# Usage: floor-probe.py [file args...]   (default: sh -c true). Measures only; asserts nothing.
# bench/supervisor-probe.py imports spawn_once (then argv is always sh -c true).
import json
import os
import sys
import time

PAYLOAD = b'{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}'
argv = (sys.argv[1:] if __name__ == '__main__' else []) or ['sh', '-c', 'true']


def resolve(name):
    if '/' in name:
        return name
    for entry in os.environ.get('PATH', '/bin:/usr/bin').split(':'):
        candidate = os.path.join(entry or '.', name)
        if os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(name)


FILE = resolve(argv[0])


def drain(fd):
    while os.read(fd, 65536):
        pass
    os.close(fd)


def spawn_once():
    """One run: three pipes, posix_spawn in a new session, stdin payload, both outputs to EOF, waitpid."""
    start = time.perf_counter()
    stdin_read, stdin_write = os.pipe()
    stdout_read, stdout_write = os.pipe()
    stderr_read, stderr_write = os.pipe()
    actions = [(os.POSIX_SPAWN_DUP2, stdin_read, 0), (os.POSIX_SPAWN_DUP2, stdout_write, 1), (os.POSIX_SPAWN_DUP2, stderr_write, 2)]
    pid = os.posix_spawn(FILE, argv, os.environ, file_actions=actions, setsid=True)
    os.close(stdin_read)
    os.close(stdout_write)
    os.close(stderr_write)
    try:
        os.write(stdin_write, PAYLOAD)
    except BrokenPipeError:
        pass
    os.close(stdin_write)
    drain(stdout_read)
    drain(stderr_read)
    os.waitpid(pid, 0)
    return (time.perf_counter() - start) * 1000


if __name__ == '__main__':
    for _ in range(20):
        spawn_once()
    for line in sys.stdin:
        count = int(line.strip() or '1')
        sys.stdout.write(json.dumps([spawn_once() for _ in range(count)]) + '\n')
        sys.stdout.flush()

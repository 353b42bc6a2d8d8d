#!/usr/bin/env python3
"""Runs a command on a fresh pseudo-terminal (120 columns) and relays what the terminal shows to this process's
stdout as it arrives, raw. Test helper for hookd's live line: it prints `pid <n>` on stderr once the command runs,
and exits with the command's exit code. --stdout-file PATH: the command's stdout goes to PATH instead (only
stderr is the terminal). SIGTERM/SIGINT/SIGHUP kill the command. Linux/macOS only (the pty module)."""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios


def main(argv: list[str]) -> int:
    stdout_file = None
    if argv[:1] == ["--stdout-file"]:
        stdout_file, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    out = open(stdout_file, "wb") if stdout_file else None
    child = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=out if out else slave,
        stderr=slave,
        start_new_session=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    os.close(slave)
    if out:
        out.close()

    def stop(signum: int, _frame: object) -> None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        sys.exit(128 + signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, stop)
    sys.stderr.write(f"pid {child.pid}\n")
    sys.stderr.flush()
    relay = sys.stdout.buffer
    while True:
        try:
            data = os.read(master, 4096)
        except OSError as error:
            if error.errno == errno.EIO:  # every holder of the terminal closed it
                break
            raise
        if not data:
            break
        relay.write(data)
        relay.flush()
    os.close(master)
    return child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of its own and copies what it writes to standard output.

Usage: python3 Tests/tools/in_pty.py COMMAND [ARG...]

For programs that open /dev/tty (``asciinema cat`` does), so that they behave the same with or
without a controlling terminal (CI runs the tests with none). The command's standard input,
output and error are the pseudo-terminal; its exit status is this program's (128+N if a signal
ended it). The terminal's own line discipline turns "\\n" into "\\r\\n" in what is copied.
"""
import errno
import os
import pty
import sys


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: in_pty.py COMMAND [ARG...]", file=sys.stderr)
        return 2
    pid, master = pty.fork()
    if pid == 0:  # the child: a new session whose controlling terminal is the pty
        try:
            os.execvp(argv[0], argv)
        except OSError as exc:
            print(f"in_pty.py: cannot run {argv[0]}: {exc.strerror}", file=sys.stderr)
        os._exit(127)
    out = sys.stdout.buffer
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError as exc:
            if exc.errno == errno.EIO:  # every copy of the slave is closed: the command is done
                break
            raise
        if not chunk:
            break
        out.write(chunk)
    out.flush()
    os.close(master)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

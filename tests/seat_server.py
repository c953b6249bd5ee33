"""``razzcore serve`` started as a real subprocess on a free port, for the
web seat's tests (request level and in Chromium)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence

import pytest


class Server:
    """A running ``razzcore serve --port 0 ...``; ``url`` ends with ``/``."""

    def __init__(self, args: Sequence[str]) -> None:
        pytest.importorskip("starlette", reason="razzcore serve needs the serve extra")
        pytest.importorskip("uvicorn", reason="razzcore serve needs the serve extra")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "razzcore", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # printed once the socket listens
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            self.stop()
            raise AssertionError(f"no address printed: {line!r} {self.stderr()!r}")
        self.url = found.group(0)

    def stderr(self) -> str:
        if self.proc.poll() is None:
            return ""
        assert self.proc.stderr is not None
        return self.proc.stderr.read()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()

"""What a benchmark's server and its load client use: memory, CPU, the machine's CPU pressure, open files."""

from __future__ import annotations

import asyncio
import os
import resource
import time
from pathlib import Path

from tests.live_server import LiveServer


def server_processes(server: LiveServer) -> list[list[str]]:
    """/proc/<pid>/stat fields (after the name) of the server's processes: gunicorn's master and its workers."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[2] == str(server.process.pid):  # its process group
                found.append([entry, *fields])
    return found


def server_rss(server: LiveServer) -> float:
    """MB resident of the server's processes."""
    total = 0
    for process in server_processes(server):
        try:
            for line in Path(f"/proc/{process[0]}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def server_cpu(server: LiveServer) -> float:
    """CPU seconds the server's processes have used (user and system)."""
    return sum(int(p[12]) + int(p[13]) for p in server_processes(server)) / os.sysconf("SC_CLK_TCK")


def cpu_pressure() -> str:
    """The share of the last minute some runnable task of this machine waited for a CPU (Linux PSI): other work
    on the machine slows the figures down when it is high."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return ""
    return f", CPU pressure {float(line.split()[2].split('=')[1]):.0f}% (tasks waiting for a core, last minute)"


def own_cpu() -> float:
    times = os.times()
    return times.user + times.system


async def sample_memory(server: LiveServer, samples: list[float], until: float) -> None:
    while time.monotonic() < until:
        samples.append(server_rss(server))
        await asyncio.sleep(2)


def open_files_for(count: int) -> None:
    """Raises this client's own open-files limit: every page and phone is a socket here too."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 256 if hard == resource.RLIM_INFINITY else min(count + 256, hard)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if wanted < count + 256:
        print(f"note: this client may open {wanted} files, fewer than the {count + 256} wanted")

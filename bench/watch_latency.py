#!/usr/bin/env python3
"""Measures how long `emotions watch` takes to print a tap made by another process.

    python3 bench/watch_latency.py [EMOTIONS_BINARY]

The binary defaults to $EMOTIONS_BINARY, else .build/release/emotions. The data file is in a new
temporary folder, chosen with --file. `emotions watch --json --initial` is started with its standard
output a pipe, and its five initial lines are read: from then on, the watch is established. Then, for
each round, `emotions --file F tap happy -q` runs to its exit (spawned with subprocess, which waits
for it), the monotonic clock is read as soon as the wait returns, and the watch's next line is read
from the pipe (select with a timeout); the latency is the time it was read minus the tap's exit. A
line already waiting in the pipe when the tap's exit was seen counts as 0 ms, and how many were is
reported: the watch can print before the tap exits, since the tap's rename, which the watch hears
of, comes before its last fsync. Every line must be the next step of happy (old, then old + 1), with
the tap's `command` and `at`, so a lost, doubled or coalesced line stops the run. A few untimed warm-up taps come first.

Last, the watch is left alone for a quiet period, and the CPU time it uses then is read from
/proc/PID/stat (utime + stime, in clock ticks); then it is sent SIGINT and must exit with 0 and
have written nothing to standard error.

Figures are reported, not asserted. Settings, from the environment:
  BENCH_WATCH_ROUNDS  timed taps (default 200)
  BENCH_WATCH_WARMUP  untimed taps before them (default 5)
  BENCH_WATCH_IDLE    seconds of quiet in which the watch's CPU time is read (default 2)
  BENCH_DIR           where the temporary folder goes (default: the system's temporary folder)
"""
import argparse
import json
import os
import platform
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from run import cpu_model, env_number, file_system, first_line, percentile  # noqa: E402  (bench/run.py, the main benchmark)

EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
# How long the script waits for any one line, or for the watch to exit, before it gives up.
LINE_TIMEOUT_S = 5


class BenchError(Exception):
    """A failure that makes the figures meaningless: a line lost, doubled or wrong, or a run that failed."""


class Watch:
    """A running `emotions watch`, its standard output read line by line from a pipe without Python's buffering."""

    def __init__(self, binary, path, stderr_path):
        self.stderr = open(stderr_path, "wb")
        self.process = subprocess.Popen([binary, "watch", "--json", "--initial", "--file", path],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.stderr)
        self.descriptor = self.process.stdout.fileno()
        self.pending = b""

    def has_line(self):
        """Whether a whole line is waiting, in the buffer or in the pipe, without waiting for one."""
        if b"\n" in self.pending:
            return True
        readable, _, _ = select.select([self.descriptor], [], [], 0)
        return bool(readable)

    def next_line(self, what, timeout=LINE_TIMEOUT_S):
        """The next line, without its newline; raises BenchError, naming `what` was awaited, if none comes
        within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.pending:
            remaining = deadline - time.monotonic()
            readable, _, _ = select.select([self.descriptor], [], [], max(0, remaining))
            if not readable:
                raise BenchError(f"the watch printed no line for {what} within {timeout} s (pending: {self.pending!r})")
            chunk = os.read(self.descriptor, 65536)
            if not chunk:
                raise BenchError(f"the watch closed its output before {what} (exit status {self.process.poll()})")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def unread(self):
        """Everything printed and not yet read."""
        while select.select([self.descriptor], [], [], 0)[0]:
            chunk = os.read(self.descriptor, 65536)
            if not chunk:
                break
            self.pending += chunk
        text, self.pending = self.pending, b""
        return text.decode(errors="replace")

    def cpu_ticks(self):
        """utime + stime from /proc/PID/stat, in clock ticks."""
        with open(f"/proc/{self.process.pid}/stat") as file:
            fields = file.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # Fields 14 and 15; fields[0] is field 3, the state.

    def interrupt(self):
        """Sends SIGINT and waits for the exit; returns the exit status (negative: the signal that ended it)."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=LINE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise BenchError(f"the watch did not exit within {LINE_TIMEOUT_S} s of SIGINT; it was killed")

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.stderr.close()


def expect_change(line, old):
    """Raises BenchError unless `line` is a tap taking happy from `old` to `old + 1`: `emotion`, `old` and `new`,
    with what the history recorded of it (`at`, `command`, as `watch --json` prints them); other keys are let be."""
    try:
        change = json.loads(line)
    except json.JSONDecodeError:
        change = None
    if not isinstance(change, dict) or {key: change.get(key) for key in ("emotion", "old", "new")} != \
            {"emotion": "happy", "old": old, "new": old + 1}:
        raise BenchError(f"expected happy to go from {old} to {old + 1}, the watch printed {line!r}: "
                         f"a line was lost, doubled or coalesced")
    if change.get("command") != "tap" or not isinstance(change.get("at"), str):
        raise BenchError(f"expected the tap's \"command\" and \"at\" on the watch's line, it printed {line!r}")


def tap(binary, path):
    """Runs `emotions --file path tap happy -q` to its exit; returns the monotonic time in ns its exit was seen."""
    result = subprocess.run([binary, "--file", path, "tap", "happy", "-q"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    exited = time.monotonic_ns()
    if result.returncode != 0:
        raise BenchError(f"tap exited with {result.returncode}: {result.stderr.decode(errors='replace').strip()}")
    return exited


def measure(binary, folder, rounds, warmup, idle_s):
    path = os.path.join(folder, "emotions.json")
    stderr_path = os.path.join(folder, "watch-stderr")
    watch = Watch(binary, path, stderr_path)
    try:
        initial = [json.loads(watch.next_line(f"the initial count of {name}")) for name in EMOTIONS]
        if initial != [{"emotion": name, "new": 0} for name in EMOTIONS]:
            raise BenchError(f"the initial lines are not five zeros: {initial}")

        count = 0
        for _ in range(warmup):
            tap(binary, path)
            expect_change(watch.next_line(f"tap {count + 1}"), count)
            count += 1

        latencies_ns, waiting = [], 0
        for _ in range(rounds):
            exited = tap(binary, path)
            if watch.has_line():
                waiting += 1
                line, latency = watch.next_line(f"tap {count + 1}"), 0
            else:
                line = watch.next_line(f"tap {count + 1}")
                latency = time.monotonic_ns() - exited
            expect_change(line, count)
            count += 1
            latencies_ns.append(latency)

        before = watch.cpu_ticks()
        time.sleep(idle_s)
        idle_ticks = watch.cpu_ticks() - before
        extra = watch.unread()
        if extra:
            raise BenchError(f"the watch printed more than one line per tap: {extra!r}")
        status = watch.interrupt()
    finally:
        watch.close()
    with open(stderr_path, errors="replace") as file:
        errors = file.read()
    if status != 0 or errors:
        raise BenchError(f"after SIGINT the watch exited with {status}; standard error: {errors!r}")
    return {"latencies_ns": latencies_ns, "waiting": waiting, "idle_ticks": idle_ticks}


def report(binary, folder, rounds, warmup, idle_s, results):
    latencies_ms = [value / 1e6 for value in results["latencies_ns"]]
    figures = {
        "min": min(latencies_ms), "median": statistics.median(latencies_ms), "p90": percentile(latencies_ms, 90),
        "p99": percentile(latencies_ms, 99), "max": max(latencies_ms),
    }
    ticks_per_s = os.sysconf("SC_CLK_TCK")
    idle_ms = results["idle_ticks"] * 1000 / ticks_per_s
    kernel = f"{platform.system()} {platform.release()}"
    print(f"Machine:   {cpu_model()}, {os.cpu_count()} cores, {kernel} ({platform.platform()})")
    print(f"Files:     {folder} on {file_system(folder)}")
    print(f"emotions:  {binary}, version {first_line([binary, '--version'])}")
    print(f"Runs:      {rounds} taps after {warmup} warm-up taps, each run to its exit before the next; "
          f"latency from the tap's exit, as seen by waitpid, to its line being read from the watch's pipe")
    print()
    print(f"Latency, tap exit to line read: {len(latencies_ms)} lines, every one checked")
    for name, value in figures.items():
        print(f"  {name:<7} {value:7.3f} ms")
    print(f"  {results['waiting']} of {len(latencies_ms)} lines were already waiting in the pipe when the tap's "
          f"exit was seen (counted as 0 ms)")
    print()
    print(f"Idle: {results['idle_ticks']} clock ticks ({idle_ms:.0f} ms) of CPU in {idle_s:g} s without changes "
          f"(1 tick = {1000 / ticks_per_s:.0f} ms); then SIGINT: exit status 0, nothing on standard error")
    print()
    print("Markdown for Documentation/Performance.md:")
    print()
    print("| watch latency, tap exit to line | lines | median ms | p90 ms | p99 ms | max ms | waiting at exit | "
          f"CPU idle {idle_s:g} s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {cpu_model()}, {os.cpu_count()} cores | {len(latencies_ms)} | {figures['median']:.2f} | "
          f"{figures['p90']:.2f} | {figures['p99']:.2f} | {figures['max']:.2f} | {results['waiting']} | "
          f"{idle_ms:.0f} ms |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", nargs="?",
                        default=os.environ.get("EMOTIONS_BINARY", os.path.join(ROOT, ".build", "release", "emotions")),
                        help="the emotions binary (default: $EMOTIONS_BINARY, else .build/release/emotions)")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"watch_latency.py: no emotions binary at {options.binary}; run 'make release' first")
    if not os.path.isdir("/proc/self"):
        raise SystemExit("watch_latency.py: the idle CPU time is read from /proc, which this system does not have")
    binary = os.path.abspath(options.binary)
    rounds = env_number("BENCH_WATCH_ROUNDS", 200)
    warmup = env_number("BENCH_WATCH_WARMUP", 5, minimum=0)
    idle_s = env_number("BENCH_WATCH_IDLE", 2.0, kind=float, minimum=0.1)

    folder = tempfile.mkdtemp(prefix="emotions-watch-bench-", dir=os.environ.get("BENCH_DIR") or None)
    print(f"Watching {folder}/emotions.json: {warmup} warm-up taps, {rounds} timed, then {idle_s:g} s idle",
          file=sys.stderr)
    try:
        results = measure(binary, folder, rounds, warmup, idle_s)
    except BenchError as error:
        print(f"watch_latency.py: {error}", file=sys.stderr)
        print(f"watch_latency.py: the files are kept in {folder}", file=sys.stderr)
        return 1
    report(binary, folder, rounds, warmup, idle_s, results)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

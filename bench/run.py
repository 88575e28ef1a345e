#!/usr/bin/env python3
"""Times emotions against a C floor, a Python script and a shell+jq script doing the same job.

    python3 bench/run.py [EMOTIONS_BINARY] [--json]

The binary defaults to $EMOTIONS_BINARY, else .build/release/emotions. This script builds nothing
but two small C programs, into .build/bench/: the C floor (bench/floor.c) and the timer
(bench/measure.c), both linked -static where the system can (emotions' release binary is static,
so a dynamic floor would pay for loading libc and flatter it; the report's "C floor:" line says
how it was built, and a note on stderr when it had to be dynamic). The candidates:

  emotions     the binary, which keeps a write-ahead journal (<file>.journal) beside the data file
  C floor      bench/floor.c: the least an update did before the journal (flock, read, temporary
               file, fsync, rename, fsync the folder). The reference: "x C floor" is against it.
  C journal    bench/floor.c --journal: the least the journal's update must do (flock, read, fstat
               the journal, append + fdatasync, temporary file and rename with no fsync); "x C journal"
  Python       bench/reference.py --journal, the script a user might write instead, same journal work
  shell+jq     bench/reference.sh --journal, the same in bash with jq and flock(1)

First a self-check runs every candidate once on a fresh file, and once with no file, and requires
the same exit status, standard output and error, file bytes, modes and folder listing as
emotions, but for the ids' random bits and the times in the journal and the data file's
position; any difference stops the run, since a faster candidate doing a different job proves
nothing. The C floor, which keeps no journal, must give the same status, output and counts. Then,
for each operation, the candidates run round-robin in their own folders, seeded with the same
counts, in an order shuffled every round (seeded by the round, see round_order), so that drift in
the machine's speed falls on all of them alike and none always runs right after the same other
one. Each binary (emotions, the C floor, BENCH_BASELINE) runs from a fresh copy in the run's
temporary folder, written as install writes one, since how a file came into the page cache changes
every run's page faults (see Sandbox.installed). Each run is timed from spawn to wait4, and its
peak RSS is the largest of the process and of any process it waited for (wait4's ru_maxrss), its
minor page faults theirs summed (ru_minflt;
a "faults" column is their median per run). "x C floor", "x C journal" and "emotions faster
by" are medians of per-round ratios: run i of one candidate against run i of the other. Then
the system calls of `tap happy` and of `stats --json` of emotions and both C floors, each counted
in one run under `strace -f -qq` after a warm-up run (so that the data file, journal and lock
exist): every line of the trace but "+++ exited", "--- SIG" and "<... resumed>", exit_group
included; n/a without strace on PATH. The sync and tags parts count a tap with a sync folder and
a tap with three tags the same way, and hold their times to a plain `tap happy --file` (the whole
command line, which they take, where a plain `tap happy` is made before it: TAP_FULL_AGAINST),
printing their ratio to the plain `tap happy` too.

Then the history: bench/history.py writes a data file and journal with 100,000 events over ten
years (checked first: emotions must roll every event forward to the same counts), and emotions runs
round-robin `tap` on an empty history and on that one (the C journal floor too), and `stats --json`,
`log -n 20` and `log --since 7d` on it; then, fewer times, `log` of everything. "x empty" is tap on
the long history against tap on an empty one in the same round, "x stats" log against stats through
the whole command line (`stats --json --file`, the road the views take: a plain `stats --json` is
answered before the command line is parsed, and is timed beside it). If the
binary has no `log` yet (it exits 64, "Unknown subcommand"), the log rows say n/a. Last, eight
writers tap one file at once, 200 taps each, for emotions and both C floors, in three rounds, the
candidates in a shuffled order each round (each tap's time pooled over the rounds, its median, p90,
p99 and max, and the median round's wall time), and every tap must be counted exactly once. A table sets the figures beside issue 13's goals; the sync and tags parts set theirs beside
issue 23's and 24's; and a last one, for the parts that ran, beside issue 25's: tap <= 1.25x the C journal floor; a tap,
a tap with a sync folder and a tap with tags each <= 60 system calls and <= 100 page faults;
stats --json <= 1.25x the C floor's; under contention a tap's p99 <= 2x the C journal floor's, the
whole run's wall time <= 1.15x its, and nothing lost.

Figures are reported, not asserted. Settings, from the environment:
  BENCH_ROUNDS       rounds per operation for emotions and the C floors (default 200)
  BENCH_SLOW_ROUNDS  rounds for Python and shell+jq, at most BENCH_ROUNDS (default 50: each of their runs
                     costs what tens of the others' do, and their ratios are far from 1)
  BENCH_WARMUP       untimed runs of each candidate before each operation (default 10)
  BENCH_HISTORY      events in the long history (default 100000)
  BENCH_LOG_ALL_ROUNDS  rounds of `log` of the whole long history (default 5)
  BENCH_WRITERS      parallel writers in the contention test (default 8)
  BENCH_TAPS         taps per writer in the contention test (default 200: issue 25's 8 × 200)
  BENCH_CONTENTION_ROUNDS
                     rounds of the contention test, the candidates in a shuffled order each round; a
                     candidate's wall is its median round's (default 3)
  BENCH_PYTHON       the interpreter for bench/reference.py (default /usr/bin/python3 if present,
                     else this one: a pyenv or virtualenv python may start far slower)
  BENCH_SYNC_WHOLE_ROUNDS  rounds of a first sync and of an import of the long history (default 5)
  BENCH_BASELINE     another emotions binary (today's release) whose tap is timed beside this one's
  BENCH_PARTS        which parts to run, comma-separated: operations,history,sync,tags,contention (default all)
  BENCH_DIR          where the temporary folders go (default: the system's temporary folder)
  CC, SWIFT          the C compiler for the floor (cc), and the swift whose version is shown
"""
import argparse
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

sys.dont_write_bytecode = True  # No bench/__pycache__ from importing history.py.
import history as long_history  # noqa: E402 (bench/history.py, beside this script)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
FLOOR_BINARY = os.path.join(ROOT, ".build", "bench", "floor")
MEASURE_BINARY = os.path.join(ROOT, ".build", "bench", "measure")
EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
# Every candidate starts each operation from these counts.
# What the views over a history are held to: stats through the whole command line, as they run. A plain
# `stats --json` is answered before the command line is parsed (QuickStats, issue 25's tenth stop), which
# no view can be; `--file` takes the command line's road. Their ratios to the plain one are in the rows too.
STATS_FULL_AGAINST = "× stats --json --file, same history"
# What a synced or tagged tap is held to: a plain tap through the whole command line, the road they
# take. Since issue 25's eleventh stop a plain `tap NAME` is made before the command line is parsed,
# which neither can be, and `--file` is never taken so (Documentation/Performance.md).
TAP_FULL_AGAINST = "× tap --file, no sync folder"
SEED = {"happy": 3, "smile": 1, "neutral": 0, "upset": 2, "sad": 5}
# The benchmarked operations, with what each adds to which count.
OPERATIONS = [
    (["tap", "happy"], {"happy": 1}),
    (["stats", "--json"], {}),
    (["add", "sad", "3"], {"sad": 3}),
]


@dataclass
class Candidate:
    """One program under test: a short key, a label for tables, and the command before the arguments."""

    key: str
    label: str
    command: list
    slow: bool = False
    journal: bool = True  # Keeps the journal, as emotions does; the plain C floor does not.


@dataclass
class Measurement:
    """What bench/measure.c reports of one run."""

    wall_ns: int
    maxrss_kib: float
    status: int
    minor_faults: int


@dataclass
class Samples:
    """One candidate's timed runs of one operation: wall time, peak RSS and minor page faults of each."""

    wall_ns: list = field(default_factory=list)
    maxrss_kib: list = field(default_factory=list)
    minor_faults: list = field(default_factory=list)

    def add(self, measured):
        self.wall_ns.append(measured.wall_ns)
        self.maxrss_kib.append(measured.maxrss_kib)
        self.minor_faults.append(measured.minor_faults)


class BenchError(Exception):
    """A failure that makes the figures meaningless: a candidate failed, differed, or lost a tap."""


def env_number(name, default, kind=int, minimum=1):
    """The setting `name` from the environment as a `kind` of at least `minimum`, else `default`; stops on a bad one."""
    script = os.path.basename(sys.argv[0])
    text = os.environ.get(name, "")
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise SystemExit(f"{script}: {name}={text!r} is not a {'whole ' if kind is int else ''}number")
    if value < minimum:
        raise SystemExit(f"{script}: {name} must be at least {minimum}, not {value}")
    return value


# --- Running one process ---------------------------------------------------------------------------

RSS_UNIT_KIB = 1 / 1024 if sys.platform == "darwin" else 1  # ru_maxrss is bytes on macOS, KiB on Linux


class Spawner:
    """Runs commands through bench/measure.c, which times them and reads their peak RSS and minor page
    faults; one per thread.

    Why not time and reap them here with os.wait4: a process's ru_maxrss starts at the peak RSS of
    the memory it replaced at exec, which for a child of Python is Python's own (about 17 MiB), so
    every candidate would report at least that. measure.c is a small static program, and times
    from just before posix_spawn to just after wait4, leaving out Python's own overhead too.
    """

    def __init__(self):
        self.report_read, self.report_write = os.pipe()

    def run(self, argv, env, stdout_fd, stderr_fd):
        """Runs argv to completion with stdin from /dev/null; returns its Measurement."""
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, stdout_fd, 1),
            (os.POSIX_SPAWN_DUP2, stderr_fd, 2),
            (os.POSIX_SPAWN_DUP2, self.report_write, 3),
        ]
        pid = os.posix_spawn(MEASURE_BINARY, [MEASURE_BINARY] + argv, env, file_actions=actions)
        _, status, _ = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise BenchError(f"measure could not run `{' '.join(argv)}`: exit status {status}")
        # measure.c's line: "<exit status> <wall ns> <peak RSS KiB> <minor page faults>".
        code, wall, rss, faults = os.read(self.report_read, 256).split()
        return Measurement(int(wall), int(rss) * RSS_UNIT_KIB, int(code), int(faults))

    def close(self):
        os.close(self.report_read)
        os.close(self.report_write)


def document(counts):
    """The data file's bytes for these counts, exactly as emotions writes it."""
    return (json.dumps({"version": 1, "counts": {name: counts.get(name, 0) for name in EMOTIONS}}, indent=2)
            + "\n").encode()


class Sandbox:
    """A home-like folder per candidate and purpose, each with its own data file, under one temporary root."""

    def __init__(self, parent):
        self.root = tempfile.mkdtemp(prefix="emotions-bench-", dir=parent)

    def home(self, purpose, candidate, seed=SEED):
        """A fresh home for `candidate` and its data file's path; seeded with `seed`, or with no folder if None."""
        home = os.path.join(self.root, purpose, candidate.key)
        folder = os.path.join(home, ".config", "emotions")
        path = os.path.join(folder, "emotions.json")
        os.makedirs(home if seed is None else folder, mode=0o700)
        if seed is not None:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(document(seed))
        return home, path

    def installed(self, binary):
        """A fresh copy of `binary` in the sandbox, written as `install` writes one; its path.

        Every binary timed is run from such a copy: how a file came into the page cache changes the
        page faults of each run of it. The same bytes made 87 faults a tap as a fresh copy and 101
        as the release build left them half an hour and some other work earlier; the C floor, built
        anew by every run of this script, was always fresh, and emotions was timed at a disadvantage."""
        folder = os.path.join(self.root, "bin")
        os.makedirs(folder, exist_ok=True)
        copy = os.path.join(folder, f"{len(os.listdir(folder))}-{os.path.basename(binary)}")
        shutil.copyfile(binary, copy)
        os.chmod(copy, 0o755)
        return copy

    def environment(self, home, path):
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "EMOTIONS_FILE": path,
                "LANG": "C.UTF-8"}

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Runner:
    """Runs one candidate in one home, many times, checking each run succeeded and wrote nothing to stderr."""

    def __init__(self, candidate, arguments, env, folder, name=None):
        self.candidate = candidate
        self.argv = candidate.command + arguments
        self.env = env
        self.stdout = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
        self.stderr_path = os.path.join(folder, f"stderr-{name or candidate.key}")
        self.stderr = os.open(self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        self.spawner = Spawner()
        self.runs = 0

    def run(self):
        """Runs the command once; its Measurement."""
        measured = self.spawner.run(self.argv, self.env, self.stdout, self.stderr)
        self.runs += 1
        if measured.status != 0 or os.fstat(self.stderr).st_size > 0:
            with open(self.stderr_path, errors="replace") as file:
                message = file.read().strip()
            raise BenchError(f"{self.candidate.label}: `{' '.join(self.argv)}` exited with {measured.status}: "
                             f"{message}")
        return measured

    def close(self):
        os.close(self.stdout)
        os.close(self.stderr)
        self.spawner.close()


# --- The candidates ---------------------------------------------------------------------------------

def build_tools():
    """Compiles the C floor and measure.c into .build/bench/, both static where the system can link them so;
    returns the C floor's flags for the report ("-O2 -static", or "-O2" with why it is dynamic).

    The floor is static as emotions' release binary is: a dynamic one would spend part of its time loading
    the C library, which a static program never pays, and the ratios would flatter emotions."""
    os.makedirs(os.path.dirname(FLOOR_BINARY), exist_ok=True)
    compiler = os.environ.get("CC", "cc")
    floor = [compiler, "-O2", "-Wall", "-Wextra", "-o", FLOOR_BINARY, os.path.join(BENCH, "floor.c")]
    measure = [compiler, "-O2", "-Wall", "-Wextra", "-o", MEASURE_BINARY, os.path.join(BENCH, "measure.c")]
    print(f"Building the C floor and measure.c: {' '.join(floor)} -static", file=sys.stderr)
    flags = "-O2 -static"
    # Linked statically, floor.c's getpwuid (only when HOME is empty, never here) draws a linker warning: hidden.
    if subprocess.run(floor + ["-static"], stderr=subprocess.DEVNULL).returncode != 0:
        print("No static C library: the C floor is linked dynamically, so it pays for loading libc, which the "
              "static emotions does not", file=sys.stderr)
        subprocess.run(floor, check=True)
        flags = "-O2, dynamic (the system cannot link it -static)"
    if subprocess.run(measure + ["-static"], stderr=subprocess.DEVNULL).returncode != 0:
        print("No static C library: measure.c linked dynamically, so RSS figures include about 1 MiB of its own",
              file=sys.stderr)
        subprocess.run(measure, check=True)
    return flags


def python_interpreter():
    chosen = os.environ.get("BENCH_PYTHON")
    if chosen:
        return shutil.which(chosen) or chosen
    return "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def candidates(emotions_binary, floor_binary):
    bash = shutil.which("bash")
    if not bash or not shutil.which("jq") or not shutil.which("flock"):
        raise SystemExit("run.py: the shell+jq candidate needs bash, jq and flock(1) on PATH")
    return [
        Candidate("emotions", "emotions", [os.path.abspath(emotions_binary)]),
        Candidate("floor", "C floor", [floor_binary], journal=False),
        Candidate("journal_floor", "C journal", [floor_binary, "--journal"]),
        Candidate("python", "Python", [python_interpreter(), os.path.join(BENCH, "reference.py"), "--journal"],
                  slow=True),
        Candidate("shell", "shell+jq", [bash, os.path.join(BENCH, "reference.sh"), "--journal"], slow=True),
    ]


def candidate_named(all_candidates, key):
    return next(candidate for candidate in all_candidates if candidate.key == key)


# --- The machine ------------------------------------------------------------------------------------

def first_line(command):
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    text = (result.stdout or result.stderr).strip()
    return text.splitlines()[0] if text else "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def file_system(path):
    """The file system type and source holding `path`, from the longest matching mount point."""
    path = os.path.realpath(path)
    best = ("", "unknown", "unknown")
    try:
        with open("/proc/self/mountinfo") as file:
            for line in file:
                fields = line.split()
                mount_point = fields[4].encode().decode("unicode_escape")
                after = fields[fields.index("-") + 1:]
                inside = path == mount_point or path.startswith(mount_point.rstrip("/") + "/")
                if inside and len(mount_point) >= len(best[0]):
                    best = (mount_point, after[0], after[1])
    except (OSError, ValueError, IndexError):
        return "unknown"
    return f"{best[1]} ({best[2]} on {best[0]})"


def swift_runtime(binary):
    """How the binary gets the Swift runtime: loaded from the toolchain, or built in."""
    if sys.platform != "linux" or not shutil.which("ldd"):
        return "unknown"
    linked = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return "dynamic (libswiftCore.so from the toolchain)" if "libswiftCore" in linked else "static"


def machine(emotions_binary, sandbox_root, python):
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "kernel": f"{platform.system()} {platform.release()}",
        "file_system": file_system(sandbox_root),
        "temporary_folder": sandbox_root,
        "swift": first_line([os.environ.get("SWIFT", "swift"), "--version"]),
        "emotions": f"{emotions_binary}, version {first_line([emotions_binary, '--version'])}",
        "swift_runtime": swift_runtime(emotions_binary),
        "python": f"{python}: {first_line([python, '--version'])}",
        "jq": first_line(["jq", "--version"]),
        "bash": first_line(["bash", "--version"]),
        "cc": first_line([os.environ.get("CC", "cc"), "--version"]),
    }


# --- The self-check ---------------------------------------------------------------------------------

def outcome(candidate, arguments, sandbox, purpose, seed):
    """What one run does from a fresh home: exit status, stdout, stderr, and every file left behind."""
    home, path = sandbox.home(purpose, candidate, seed)
    result = subprocess.run(candidate.command + arguments, env=sandbox.environment(home, path),
                            stdin=subprocess.DEVNULL, capture_output=True)
    files = {}
    for folder, _, names in os.walk(home):
        relative_folder = os.path.relpath(folder, home)
        files[relative_folder + "/"] = oct(os.stat(folder).st_mode & 0o7777)
        for name in names:
            full = os.path.join(folder, name)
            with open(full, "rb") as file:
                files[os.path.join(relative_folder, name)] = (oct(os.stat(full).st_mode & 0o7777), file.read())
    return {"exit status": result.returncode, "stdout": result.stdout, "stderr": result.stderr, "files": files}


EVENT_ID = re.compile(rb"[0-7][0-9A-HJKMNP-TV-Z]{25}")
TIMESTAMP = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d")
LATEST_MS = re.compile(rb'"latest": \d+')
# emotions' memo of the system's zone file in the data file (Documentation/DataFile.md, "zone"): what a
# later tap stamps its change with instead of reading the zone again, as the others (glibc's localtime_r,
# Python's time.localtime) read it on every run. A cache, not the counts or the history: left out of the
# comparison.
ZONE_MEMO = re.compile(rb',\n  "zone": \{[^{}\n]*\}')


def normalized(result, candidate):
    """`result` with what differs between any two right runs made the same: each id by its order of first
    appearance (so that groups still match), every time, the data file's latest time. For the plain C floor,
    which keeps no journal, only the status, output and counts."""
    if not candidate.journal:
        counts = None
        for name, value in result["files"].items():
            if name.endswith("emotions.json"):
                counts = json.loads(value[1])["counts"]
        return {"exit status": result["exit status"], "stdout": result["stdout"], "stderr": result["stderr"],
                "counts": counts}
    ids = {}

    def clean(data):
        data = EVENT_ID.sub(lambda match: b"<id %d>" % ids.setdefault(match.group(), len(ids) + 1), data)
        return LATEST_MS.sub(b'"latest": <ms>', TIMESTAMP.sub(b"<time>", ZONE_MEMO.sub(b"", data)))
    files = {name: (value if isinstance(value, str) else (value[0], clean(value[1])))
             for name, value in sorted(result["files"].items())}
    return {**result, "files": files}


def self_check(all_candidates, sandbox):
    """Requires every candidate to behave as emotions on each benchmarked command (see `normalized`); raises BenchError."""
    cases = [(arguments, SEED, "seeded") for arguments, _ in OPERATIONS]
    cases += [(arguments, None, "no file") for arguments, _ in OPERATIONS]
    reference, *others = all_candidates
    for number, (arguments, seed, situation) in enumerate(cases):
        found = outcome(reference, arguments, sandbox, f"check-{number}", seed)
        if found["exit status"] != 0 or found["stderr"]:
            raise BenchError(f"emotions {' '.join(arguments)} ({situation}) failed: {found}")
        for candidate in others:
            expected = normalized(found, candidate)
            actual = normalized(outcome(candidate, arguments, sandbox, f"check-{number}", seed), candidate)
            different = [key for key in expected if actual[key] != expected[key]]
            if different:
                lines = [f"self-check: {candidate.label} differs from emotions on `{' '.join(arguments)}` "
                         f"({situation}) in its {', '.join(different)}:"]
                for key in different:
                    lines += [f"  emotions: {expected[key]!r}", f"  {candidate.label}: {actual[key]!r}"]
                raise BenchError("\n".join(lines))
        print(f"  same output and files: {' '.join(arguments)} ({situation})", file=sys.stderr)


# --- The timed runs ---------------------------------------------------------------------------------

def benchmark(arguments, increments, all_candidates, sandbox, rounds, slow_rounds, warmup):
    """Runs the candidates round-robin on one operation; returns {candidate key: Samples}."""
    purpose = "-".join(arguments).replace("--", "")
    runners, paths = {}, {}
    for candidate in all_candidates:
        home, path = sandbox.home(purpose, candidate)
        runners[candidate.key] = Runner(candidate, arguments, sandbox.environment(home, path), home)
        paths[candidate.key] = path
    samples = {candidate.key: Samples() for candidate in all_candidates}
    try:
        for _ in range(warmup):
            for candidate in all_candidates:
                runners[candidate.key].run()
        for number in range(rounds):
            active = [c for c in all_candidates if not c.slow or number < slow_rounds]
            for candidate in round_order(active, number):
                samples[candidate.key].add(runners[candidate.key].run())
    finally:
        for runner in runners.values():
            runner.close()
    # Every candidate must have counted each of its runs: its file holds the seed plus one increment per run,
    # and its journal one event per run that changed a count, ending where the data file says.
    for candidate in all_candidates:
        runs = runners[candidate.key].runs
        expected = {name: SEED[name] + runs * increments.get(name, 0) for name in EMOTIONS}
        check_counted(candidate, paths[candidate.key], expected, runs if increments else 0,
                      f"after {runs} runs of {' '.join(arguments)}")
    return samples


def check_counted(candidate, path, counts, events, when):
    """Raises BenchError unless the data file at `path` holds `counts` and, for a candidate keeping the journal,
    records `events` events (at least) and the journal's length."""
    with open(path, "rb") as file:
        data = file.read()
    if not candidate.journal:
        if data != document(counts):
            raise BenchError(f"{candidate.label}: {when} the data file does not hold the expected counts")
        return
    found = json.loads(data)
    position = found.get("journal")
    size = os.stat(path + ".journal").st_size if os.path.exists(path + ".journal") else None
    if found["counts"] != counts or (events and (not position or position["seq"] < events
                                                 or position["bytes"] != size)):
        raise BenchError(f"{candidate.label}: {when} the data file does not hold the expected counts and journal "
                         f"position: {found}, journal {size} bytes, {events} events expected")


# --- The long history ------------------------------------------------------------------------------

def log_support(emotions, env, arguments=("log", "-n", "1")):
    """"ok" if the binary runs `arguments` (by default `log -n 1`) on this history; "n/a" if it has no such
    subcommand or option (exit 64, "Unknown subcommand" or "Unknown option"); else what went wrong."""
    result = subprocess.run(emotions.command + list(arguments), env=env, stdin=subprocess.DEVNULL,
                            capture_output=True)
    if result.returncode == 0 and not result.stderr:
        return "ok"
    message = result.stderr.decode(errors="replace").strip()
    if result.returncode == 64 and ("Unknown subcommand" in message or "Unknown option" in message):
        return "n/a"
    return f"failed (exit status {result.returncode}: {message.splitlines()[0] if message else 'no message'})"


def history_home(sandbox, purpose, candidate, generated):
    """A home for `candidate` holding a copy of the generated history."""
    home, path = sandbox.home(purpose, candidate)
    shutil.copyfile(generated.data_path, path)
    shutil.copyfile(generated.journal_path, path + ".journal")
    os.chmod(path + ".journal", 0o600)
    return home, path


def check_history(emotions, sandbox, generated):
    """Checks the generated history with emotions itself: with the data file's position moved back to the
    header, `stats --json` must roll every event forward to the counts the generator folded."""
    home, path = history_home(sandbox, "history-check", emotions, generated)
    with open(path, "wb") as file:
        file.write(long_history.data_file(generated.before, 0, generated.header_bytes, generated.header_ms))
    started = time.monotonic()
    result = subprocess.run(emotions.command + ["stats", "--json"], env=sandbox.environment(home, path),
                            stdin=subprocess.DEVNULL, capture_output=True)
    elapsed = time.monotonic() - started
    try:
        counts = json.loads(result.stdout)["counts"]
    except ValueError:
        counts = None
    if result.returncode != 0 or counts != generated.counts:
        raise BenchError(f"the generated history of {generated.events} events is not what emotions reads: exit status "
                         f"{result.returncode}, {result.stdout!r}, {result.stderr!r}; expected {generated.counts}")
    shutil.rmtree(os.path.join(sandbox.root, "history-check"), ignore_errors=True)
    return elapsed


def time_whole(emotions, arguments, name, env, home, rounds, what):
    """Times `emotions arguments` on the whole long history `rounds` times, after one untimed run."""
    print(f"Timing {what}: {rounds} rounds", file=sys.stderr)
    samples = Samples()
    everything = Runner(emotions, arguments, env, home, name=name)
    try:
        everything.run()
        for _ in range(rounds):
            samples.add(everything.run())
    finally:
        everything.close()
    return samples


def long_history_template(emotions, sandbox, events):
    """Writes the long history once, for the history and sync parts, and checks it; (history, write s, check s)."""
    started = time.monotonic()
    generated = long_history.generate(os.path.join(sandbox.root, "history-template"), events)
    generate_s = time.monotonic() - started
    roll_forward_s = check_history(emotions, sandbox, generated)
    print(f"  {events} events, journal {generated.journal_bytes / 2**20:.1f} MiB, written in {generate_s:.1f} s; "
          f"emotions rolls all of them forward in {roll_forward_s:.2f} s", file=sys.stderr)
    return generated, generate_s, roll_forward_s


def history_benchmark(all_candidates, sandbox, template, rounds, warmup, log_all_rounds):
    """Times tap on an empty and on a long history, and stats and log on the long one; returns the results."""
    emotions = candidate_named(all_candidates, "emotions")
    floor = candidate_named(all_candidates, "journal_floor")
    generated, generate_s, roll_forward_s = template
    events = generated.events

    long_home, long_path = history_home(sandbox, "history-long", emotions, generated)
    empty_home, empty_path = sandbox.home("history-empty", emotions)
    floor_long_home, floor_long_path = history_home(sandbox, "history-long", floor, generated)
    floor_empty_home, floor_empty_path = sandbox.home("history-empty", floor)
    long_env = sandbox.environment(long_home, long_path)
    log = log_support(emotions, long_env)
    thousands = f"{events:,}"
    tap, stats = ["tap", "happy"], ["stats", "--json"]
    # (key, label, command text, candidate, arguments, home, path, against key, against text)
    plan = [
        ("tap-empty", "emotions", "tap happy, empty history", emotions, tap, empty_home, empty_path, None, ""),
        ("tap-long", "emotions", f"tap happy, {thousands} events", emotions, tap, long_home, long_path,
         "tap-empty", "× emotions tap, empty history"),
        ("floor-tap-empty", floor.label, "tap happy, empty history", floor, tap, floor_empty_home, floor_empty_path,
         None, ""),
        ("floor-tap-long", floor.label, f"tap happy, {thousands} events", floor, tap, floor_long_home,
         floor_long_path, "floor-tap-empty", "× C journal tap, empty history"),
        ("stats-long", "emotions", f"stats --json, {thousands}", emotions, stats, long_home, long_path, None, ""),
        # The views are held to stats through the whole command line, the road they take: a plain
        # `stats --json` is answered before it (QuickStats), `--file` never is.
        ("stats-long-full", "emotions", f"stats --json --file, {thousands}", emotions, stats + ["--file", long_path],
         long_home, long_path, None, ""),
        ("log-20", "emotions", f"log -n 20, {thousands}", emotions, ["log", "-n", "20"], long_home, long_path,
         "stats-long-full", STATS_FULL_AGAINST),
        ("log-7d", "emotions", f"log --since 7d, {thousands}", emotions, ["log", "--since", "7d"], long_home,
         long_path, "stats-long-full", STATS_FULL_AGAINST),
    ]
    # Issue 14's views, where the binary has them: each against plain stats, or alone where the goal is a time.
    views = log_support(emotions, long_env, ("stats", "--week", "--json"))
    calendar = log_support(emotions, long_env, ("calendar", "--json"))
    export = log_support(emotions, long_env, ("export", "--format", "csv", "--since", "1d"))
    plan += [
        ("stats-week", "emotions", f"stats --week, {thousands}", emotions, ["stats", "--week"], long_home, long_path,
         "stats-long-full", STATS_FULL_AGAINST),
        ("calendar", "emotions", f"calendar, {thousands}", emotions, ["calendar"], long_home, long_path,
         "stats-long-full", STATS_FULL_AGAINST),
        ("by-month-10y", "emotions", f"stats --by month --since 10y, {thousands}", emotions,
         ["stats", "--by", "month", "--since", "10y"], long_home, long_path, None, ""),
    ]
    # Issue 24's: every weekday of ten years, from the day index (goal: under 100 ms).
    weekday = log_support(emotions, long_env, ("stats", "--by", "weekday", "--json"))
    plan += [
        ("by-weekday-10y", "emotions", f"stats --by weekday, {thousands}", emotions,
         ["stats", "--by", "weekday"], long_home, long_path, None, ""),
    ]
    support = {"log-20": log, "log-7d": log, "log-all": log, "stats-week": views, "calendar": calendar,
               "by-month-10y": views, "by-weekday-10y": weekday, "export-csv": export}
    timed = [item for item in plan if support.get(item[0], "ok") == "ok"]
    runners = {key: Runner(candidate, arguments, sandbox.environment(home, path), home, name=key)
               for key, _, _, candidate, arguments, home, path, _, _ in timed}
    samples = {key: Samples() for key in runners}
    log_all = Samples()
    try:
        for _ in range(warmup):
            for runner in runners.values():
                runner.run()
        keys = list(runners)
        for number in range(rounds):
            for key in round_order(keys, number):
                samples[key].add(runners[key].run())
        if log == "ok":
            log_all = time_whole(emotions, ["log"], "log-all", long_env, long_home, log_all_rounds,
                                 f"log of all {thousands} events")
    finally:
        for runner in runners.values():
            runner.close()
    export_all = Samples()
    if export == "ok":
        export_all = time_whole(emotions, ["export", "--format", "csv"], "export-csv", long_env, long_home,
                                log_all_rounds, f"export --format csv of all {thousands} events")
    taps = {key: runners[key].runs for key in ("tap-empty", "tap-long", "floor-tap-empty", "floor-tap-long")}
    for key, path, base in (("tap-empty", empty_path, SEED), ("tap-long", long_path, generated.counts),
                            ("floor-tap-empty", floor_empty_path, SEED), ("floor-tap-long", floor_long_path,
                                                                           generated.counts)):
        expected = dict(base, happy=base["happy"] + taps[key])
        events_expected = taps[key] + (generated.events if "long" in key else 0)
        check_counted(emotions, path, expected, events_expected, f"after {taps[key]} taps ({key})")

    rows = []
    plan.append(("log-all", "emotions", f"log, all {thousands}", emotions, ["log"], long_home, long_path, None, ""))
    samples["log-all"] = log_all
    plan.append(("export-csv", "emotions", f"export --format csv, all {thousands}", emotions,
                 ["export", "--format", "csv"], long_home, long_path, None, ""))
    samples["export-csv"] = export_all
    for key, label, command, candidate, arguments, _, _, against, against_text in plan:
        mine = samples.get(key, Samples())
        if not mine.wall_ns:
            why = support.get(key, "ok")
            rows.append({"key": key, "label": label, "command": command, "runs": 0,
                         "against_text": "not in this binary" if why == "n/a" else why})
            continue
        ratio = paired_ratio(mine.wall_ns, samples[against].wall_ns) if against else None
        rows.append({
            "key": key, "label": label, "command": command, "arguments": arguments, "runs": len(mine.wall_ns),
            "median_ms": statistics.median(mine.wall_ns) / 1e6, "p90_ms": percentile(mine.wall_ns, 90) / 1e6,
            "max_rss_mib": max(mine.maxrss_kib) / 1024, "median_rss_mib": statistics.median(mine.maxrss_kib) / 1024,
            "median_faults": statistics.median(mine.minor_faults),
            "ratio": ratio, "against": against, "against_text": against_text,
            "wall_ns": mine.wall_ns, "maxrss_kib": mine.maxrss_kib, "minor_faults": mine.minor_faults,
        })
    return {"events": events, "journal_bytes": generated.journal_bytes, "generate_s": generate_s,
            "roll_forward_all_s": roll_forward_s, "log": log, "rows": rows}


# --- Sync (issue 23) ----------------------------------------------------------------------------------

def run_once(candidate, arguments, env, what):
    """Runs `candidate arguments` once, untimed, for a set-up step; stops the bench if it fails."""
    result = subprocess.run(candidate.command + list(arguments), env=env, stdin=subprocess.DEVNULL,
                            capture_output=True)
    if result.returncode != 0:
        raise BenchError(f"{what}: `{' '.join(arguments)}` exited with {result.returncode}: "
                         f"{result.stderr.decode(errors='replace').strip()}")
    return result


# --- System calls per run (issue 25) -----------------------------------------------------------------

def count_system_calls(trace):
    """The system calls in a `strace -f -qq -o` file: one a line, but for the "+++ exited" and "--- SIG" lines
    and the second half of a call another process interrupted ("<... resumed>"); exit_group counts."""
    calls = 0
    with open(trace, errors="replace") as file:
        for line in file:
            text = line.split(None, 1)[1] if line[:1].isdigit() else line  # -f puts the pid first
            if text.startswith(("+++ ", "--- ", "<... ")) or not text.strip():
                continue
            calls += 1
    return calls


def system_calls(candidate, arguments, env, folder, name):
    """The system calls of one run of `candidate arguments` under `strace -f -qq`, after one untimed warm-up run
    (so that the data file, the journal and the lock exist); None without strace on PATH or where it may not
    trace (a container without ptrace)."""
    strace = shutil.which("strace")
    if not strace:
        return None
    run_once(candidate, arguments, env, f"{candidate.label}: the run before counting its system calls")
    trace = os.path.join(folder, f"strace-{name}")
    result = subprocess.run([strace, "-f", "-qq", "-o", trace] + candidate.command + list(arguments), env=env,
                            stdin=subprocess.DEVNULL, capture_output=True)
    traced = os.path.exists(trace) and os.path.getsize(trace) > 0
    if result.returncode != 0 and not traced:
        print(f"strace cannot trace here ({result.stderr.decode(errors='replace').strip()}): system calls n/a",
              file=sys.stderr)
        return None
    if result.returncode != 0:
        raise BenchError(f"{candidate.label}: `{' '.join(arguments)}` under strace exited with {result.returncode}: "
                         f"{result.stderr.decode(errors='replace').strip()}")
    return count_system_calls(trace)


def operations_system_calls(all_candidates, sandbox):
    """The system calls of `tap happy` and then `stats --json` of emotions and both C floors, each in its own
    seeded home, each after a warm-up run of its own."""
    found = []
    for key in ("emotions", "journal_floor", "floor"):
        candidate = candidate_named(all_candidates, key)
        home, path = sandbox.home("system-calls", candidate)
        env = sandbox.environment(home, path)
        for arguments in (["tap", "happy"], ["stats", "--json"]):
            found.append({"candidate": key, "label": candidate.label, "operation": " ".join(arguments),
                          "calls": system_calls(candidate, arguments, env, home, arguments[0])})
    return found


def time_fresh(candidate, arguments, env, home, rounds, prepare, name):
    """Times `candidate arguments` `rounds` times, each after `prepare()` (untimed) put its files back."""
    samples = Samples()
    runner = Runner(candidate, arguments, env, home, name=name)
    try:
        for _ in range(rounds):
            prepare()
            samples.add(runner.run())
    finally:
        runner.close()
    return samples


def snapshot(paths):
    """The bytes of each of `paths` (None for one that does not exist), to put back with `restore`."""
    kept = {}
    for path in paths:
        try:
            with open(path, "rb") as file:
                kept[path] = file.read()
        except FileNotFoundError:
            kept[path] = None
    return kept


def restore(kept):
    for path, data in kept.items():
        if data is None:
            try:
                os.remove(path)
            except FileNotFoundError:
                pass
        else:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "wb") as file:
                file.write(data)


def row_of_samples(key, label, command, samples, against=None, against_text=""):
    """A row of the sync table, its ratio the median of per-round ratios against `against`'s samples."""
    if not samples.wall_ns:
        return {"key": key, "label": label, "command": command, "runs": 0, "against_text": against_text}
    return {"key": key, "label": label, "command": command, "runs": len(samples.wall_ns),
            "median_ms": statistics.median(samples.wall_ns) / 1e6, "p90_ms": percentile(samples.wall_ns, 90) / 1e6,
            "max_rss_mib": max(samples.maxrss_kib) / 1024, "median_faults": statistics.median(samples.minor_faults),
            "ratio": paired_ratio(samples.wall_ns, against.wall_ns) if against else None,
            "against_text": against_text, "wall_ns": samples.wall_ns, "maxrss_kib": samples.maxrss_kib,
            "minor_faults": samples.minor_faults}


def round_order(items, number):
    """`items` in the order round `number` runs them: shuffled, seeded by the round's number, so that
    a run of the script repeats and no candidate always runs right after the same other one.

    A rotation kept each candidate's predecessor fixed, and the predecessor matters: a run right after
    the plain C floor, whose fsync of the folder commits the file system's journal, has nothing of
    another's left to commit; one right after the C journal floor, which renames without an fsync,
    commits that rename with its own. Rotated, the C journal floor always ran after the plain floor
    and emotions after the C journal floor: in 300 rounds of the three, emotions' tap was 1.35x the
    C journal floor's in that order and 1.27x in the opposite one."""
    order = list(items)
    random.Random(number).shuffle(order)
    return order


def round_robin(runners, rounds, warmup):
    """Runs every runner `warmup` times, then `rounds` rounds in shuffled order; their samples by key."""
    samples = {key: Samples() for key in runners}
    for _ in range(warmup):
        for runner in runners.values():
            runner.run()
    keys = list(runners)
    for number in range(rounds):
        for key in round_order(keys, number):
            samples[key].add(runners[key].run())
    return samples


def reads_after(emotions, sandbox, home, path, rounds, warmup, prefix, what):
    """Times `stats --json`, `log -n 20`, `log --since 7d` and `stats --week` on a history, round-robin:
    each read against stats in the same round."""
    env = sandbox.environment(home, path)
    commands = [("stats", ["stats", "--json"]), ("stats-full", ["stats", "--json", "--file", path]),
                ("log-20", ["log", "-n", "20"]), ("log-7d", ["log", "--since", "7d"]), ("stats-week", ["stats", "--week"])]
    runners = {key: Runner(emotions, arguments, env, home, name=f"{prefix}-{key}") for key, arguments in commands}
    try:
        samples = round_robin(runners, rounds, warmup)
    finally:
        for runner in runners.values():
            runner.close()
    rows = [row_of_samples(f"{prefix}-stats", "emotions", f"stats --json, {what}", samples["stats"]),
            row_of_samples(f"{prefix}-stats-full", "emotions", f"stats --json --file, {what}", samples["stats-full"])]
    for key, arguments in commands[2:]:
        rows.append(row_of_samples(f"{prefix}-{key}", "emotions", f"{' '.join(arguments)}, {what}", samples[key],
                                   samples["stats-full"], STATS_FULL_AGAINST))
    return rows


def sync_benchmark(emotions, baseline, sandbox, generated, rounds, warmup, whole_rounds):
    """Issue 23's cases: tap with and without a sync folder (and today's release, if given), a sync with nothing
    new against stats, a first sync taking in another history's whole file, an import of an export of the
    same size, and reads right after either."""
    root = os.path.join(sandbox.root, "sync")
    folder = os.path.join(root, "folder")
    os.makedirs(folder, mode=0o700)
    events = generated.events
    thousands = f"{events:,}"
    rows = []

    # Tap, sync and stats with nothing to take in: a history syncing with one other that has sent a few changes.
    plain_home, plain_path = sandbox.home("sync-plain", emotions)
    full_home, full_path = sandbox.home("sync-plain-full", emotions)
    synced_home, synced_path = sandbox.home("sync-synced", emotions)
    other_home, other_path = sandbox.home("sync-other", emotions)
    synced_env, other_env = sandbox.environment(synced_home, synced_path), sandbox.environment(other_home, other_path)
    run_once(emotions, ["sync", "--folder", folder, "--name", "here"], synced_env, "setting the sync folder")
    run_once(emotions, ["sync", "--folder", folder, "--name", "there"], other_env, "setting the sync folder")
    for _ in range(3):
        run_once(emotions, ["tap", "sad"], other_env, "tapping in the other history")
    run_once(emotions, ["sync"], synced_env, "taking in the other history's taps")
    # The folder as a tap usually finds it: its names made (this history's own file with its first
    # change) seconds or days before, not a moment ago. A listing is kept, and trusted while the
    # folder's times stay, only once they are 2 s old (Documentation/DataFile.md, "listed").
    run_once(emotions, ["tap", "happy"], synced_env, "making this history's own file")
    time.sleep(2.1)
    plan = [("tap-plain", emotions, ["tap", "happy"], plain_home, plain_path),
            ("tap-plain-full", emotions, ["--file", full_path, "tap", "happy"], full_home, full_path),
            ("tap-synced", emotions, ["tap", "happy"], synced_home, synced_path),
            ("sync-nothing", emotions, ["sync"], synced_home, synced_path),
            ("stats-synced", emotions, ["stats", "--json"], synced_home, synced_path)]
    if baseline:
        base_home, base_path = sandbox.home("sync-baseline", baseline)
        plan.append(("tap-baseline", baseline, ["tap", "happy"], base_home, base_path))
    runners = {key: Runner(candidate, arguments, sandbox.environment(home, path), home, name=key)
               for key, candidate, arguments, home, path in plan}
    try:
        samples = round_robin(runners, rounds, warmup)
    finally:
        for runner in runners.values():
            runner.close()
    rows += [
        row_of_samples("tap-plain", "emotions", "tap happy, no sync folder", samples["tap-plain"],
                       samples.get("tap-baseline"), "× today's release, same round" if baseline else ""),
        row_of_samples("tap-plain-full", "emotions", "tap happy --file, no sync folder", samples["tap-plain-full"],
                       samples["tap-plain"], "× tap, no sync folder"),
        row_of_samples("tap-synced", "emotions", "tap happy, sync folder, nothing new", samples["tap-synced"],
                       samples["tap-plain-full"], TAP_FULL_AGAINST),
        row_of_samples("tap-synced-quick", "emotions", "tap happy, sync folder, nothing new", samples["tap-synced"],
                       samples["tap-plain"], "× tap, no sync folder"),
        row_of_samples("stats-synced", "emotions", "stats --json, sync folder", samples["stats-synced"]),
        row_of_samples("sync-nothing", "emotions", "sync, nothing new", samples["sync-nothing"],
                       samples["stats-synced"], "× stats, same history"),
    ]
    if baseline:
        rows.append(row_of_samples("tap-baseline", baseline.label, "tap happy, no sync folder",
                                   samples["tap-baseline"]))
    # Issue 25: the system calls of a tap with the sync folder set, in the home just timed (warm already).
    tap_synced = next(row for row in rows if row["key"] == "tap-synced")
    tap_synced["system_calls"] = system_calls(emotions, ["tap", "happy"], synced_env, synced_home, "tap-synced")

    # A first sync: another history's whole file of ten years, taken into a history that has none of it.
    first_folder = os.path.join(root, "first-folder")
    first_home, first_path = sandbox.home("sync-first", emotions, seed=None)
    first_env = sandbox.environment(first_home, first_path)
    run_once(emotions, ["sync", "--folder", first_folder, "--name", "here"], first_env, "setting the sync folder")
    published = long_history.publish(generated, first_folder)
    kept = snapshot([first_path, first_path + ".journal"])
    print(f"Timing a first sync of {thousands} events: {whole_rounds} rounds", file=sys.stderr)
    first = time_fresh(emotions, ["sync"], first_env, first_home, whole_rounds, lambda: restore(kept), "first-sync")
    rows.append(row_of_samples("first-sync", "emotions", f"sync, first, {thousands} events in", first))
    counted = json.loads(run_once(emotions, ["stats", "--json"], first_env, "stats after the first sync").stdout)
    expected = generated.counts  # A history with no data file yet: its counts are the other's.
    if counted["counts"] != expected:
        raise BenchError(f"after the first sync of {published}: counts {counted['counts']}, expected {expected}")
    rows += reads_after(emotions, sandbox, first_home, first_path, rounds, warmup, "after-sync",
                        f"after the first sync")

    # An import of an export of the same history, into a history that has none of it.
    export_home, export_path = history_home(sandbox, "sync-export", emotions, generated)
    export_file = os.path.join(root, "export.jsonl")
    with open(export_file, "wb") as file:
        file.write(run_once(emotions, ["export"], sandbox.environment(export_home, export_path), "export").stdout)
    import_home, import_path = sandbox.home("sync-import", emotions, seed=None)
    import_env = sandbox.environment(import_home, import_path)
    kept = snapshot([import_path, import_path + ".journal"])
    print(f"Timing an import of {thousands} changes: {whole_rounds} rounds", file=sys.stderr)
    imported = time_fresh(emotions, ["import", "-q", export_file], import_env, import_home, whole_rounds,
                          lambda: restore(kept), "import")
    rows.append(row_of_samples("import", "emotions", f"import, {thousands} changes", imported))
    counted = json.loads(run_once(emotions, ["stats", "--json"], import_env, "stats after the import").stdout)
    if counted["counts"] != expected:
        raise BenchError(f"after the import of {export_file}: counts {counted['counts']}, expected {expected}")
    rows += reads_after(emotions, sandbox, import_home, import_path, rounds, warmup, "after-import",
                        "after the import")
    return {"events": events, "baseline": baseline.command[0] if baseline else None, "rows": rows}


# --- Tags, views by tag and weekday, Daylio import (issue 24) -----------------------------------------

def tags_benchmark(emotions, sandbox, rounds, warmup, events, whole_rounds):
    """Issue 24's cases: tap with three tags against tap without, round-robin; `stats --by tag` and `--by weekday`
    over a long history whose taps and adds carry tags (against `stats --json` on it); an import of a Daylio
    export of 10,000 rows into an empty history."""
    rows = []
    plain_home, plain_path = sandbox.home("tags-plain", emotions)
    full_home, full_path = sandbox.home("tags-plain-full", emotions)
    tagged_home, tagged_path = sandbox.home("tags-tagged", emotions)
    generated = long_history.generate(os.path.join(sandbox.root, "tags-history"), events, tagged=True)
    long_home, long_path = history_home(sandbox, "tags-long", emotions, generated)
    long_env = sandbox.environment(long_home, long_path)
    thousands = f"{events:,}"
    # The two taps alternate by themselves: after a view of 100,000 lines, whichever ran next was slower.
    taps = [("tap", ["tap", "happy"], plain_home, plain_path),
            ("tap-full", ["--file", full_path, "tap", "happy"], full_home, full_path),
            ("tap-tags", ["tap", "happy", "+gym", "+friends", "+good-meal"], tagged_home, tagged_path)]
    plan = [("tagged-stats", ["stats", "--json"], long_home, long_path)]
    support = {}
    for key, arguments in (("by-tag", ["stats", "--by", "tag", "--json"]),
                           ("by-weekday", ["stats", "--by", "weekday", "--json"])):
        support[key] = log_support(emotions, long_env, tuple(arguments))
        if support[key] == "ok":
            plan.append((key, arguments, long_home, long_path))
    samples = {}
    for group in (taps, plan):
        runners = {key: Runner(emotions, arguments, sandbox.environment(home, path), home, name=key)
                   for key, arguments, home, path in group}
        try:
            samples.update(round_robin(runners, rounds, warmup))
        finally:
            for runner in runners.values():
                runner.close()
        if group is taps:
            taps = runners["tap-tags"].runs
    check_counted(emotions, tagged_path, dict(SEED, happy=SEED["happy"] + taps), taps, f"after {taps} tagged taps")
    tap_tags = row_of_samples("tap-tags", "emotions", "tap happy +gym +friends +good-meal", samples["tap-tags"],
                              samples["tap-full"], "× tap happy --file, same round")
    # Issue 25: the system calls of a tagged tap, in the home just timed (warm already).
    tap_tags["system_calls"] = system_calls(emotions, ["tap", "happy", "+gym", "+friends", "+good-meal"],
                                            sandbox.environment(tagged_home, tagged_path), tagged_home, "tap-tags")
    rows += [
        row_of_samples("tap", "emotions", "tap happy", samples["tap"]),
        row_of_samples("tap-full", "emotions", "tap happy --file", samples["tap-full"], samples["tap"], "× tap happy, same round"),
        tap_tags,
        row_of_samples("tap-tags-quick", "emotions", "tap happy +gym +friends +good-meal", samples["tap-tags"],
                       samples["tap"], "× tap happy, same round"),
        row_of_samples("tagged-stats", "emotions", f"stats --json, {thousands} tagged", samples["tagged-stats"]),
    ]
    for key, command in (("by-tag", "stats --by tag --json"), ("by-weekday", "stats --by weekday --json")):
        rows.append(row_of_samples(key, "emotions", f"{command}, {thousands} tagged", samples.get(key, Samples()),
                                   samples.get(key) and samples["tagged-stats"],
                                   "× stats, same history" if support[key] == "ok" else "not in this binary"))
    daylio = os.path.join(sandbox.root, "daylio.csv")
    if os.path.exists(os.path.join(BENCH, "daylio.py")):
        import daylio as daylio_export  # bench/daylio.py, beside this script
        daylio_export.generate(daylio, rows=10_000)
        import_home, import_path = sandbox.home("tags-daylio", emotions, seed=None)
        import_env = sandbox.environment(import_home, import_path)
        kept = snapshot([import_path, import_path + ".journal"])
        imported = time_fresh(emotions, ["import", "-q", "--from", "daylio", daylio, "--map", "super happy=happy"], import_env, import_home,
                              whole_rounds, lambda: restore(kept), "daylio")
        rows.append(row_of_samples("daylio", "emotions", "import --from daylio, 10,000 rows", imported))
        counted = json.loads(run_once(emotions, ["stats", "--json"], import_env, "stats after the Daylio import").stdout)
        if counted["total"] != 10_000:
            raise BenchError(f"after the Daylio import of {daylio}: total {counted['total']}, expected 10000")
    return {"events": events, "rows": rows}


def tags_goals(results):
    """Issue 24's speed goals beside the figures."""
    rows = {row["key"]: row for row in results["tags"]["rows"]}
    found = []
    value = rows.get("tap-tags", {}).get("ratio")
    found.append({"goal": "tap with three tags ≤ 1.05× tap --file without", "value": value, "limit": 1.05,
                  "measured": "n/a" if value is None else ratio_text(value)})
    events = f"{results['tags']['events']:,}"
    for key, goal, limit_ms in (("by-tag", f"stats --by tag over {events} events < 100 ms", 100),
                                ("by-weekday", f"stats --by weekday over {events} events < 100 ms", 100),
                                ("daylio", "import of a 10,000-row Daylio file < 1 s", 1000)):
        row = rows.get(key, {})
        if not row.get("runs"):
            found.append({"goal": goal, "value": None, "limit": 1, "measured": "n/a"})
            continue
        slowest = (max(row["wall_ns"]) if key == "daylio" else percentile(row["wall_ns"], 90)) / 1e6
        found.append({"goal": goal, "value": slowest / limit_ms, "limit": 1.0 - 1e-9,
                      "measured": f"{slowest:.1f} ms {'slowest' if key == 'daylio' else 'p90'}"})
    for goal in found:
        goal["met"] = "n/a" if goal["value"] is None else "yes" if goal["value"] <= goal["limit"] else "NO"
    return found


def tags_tables(results, markdown):
    goal_rows = [[goal["goal"], goal["measured"], goal["met"]] for goal in results["tags_goals"]]
    return (timing_table("tags (issue 24)", results["tags"]["rows"], markdown) + [""]
            + table(["issue 24 goal", "measured", "met"], goal_rows, [70, 38], 2, markdown))


def sync_goals(results):
    """Issue 23's speed goals beside the figures."""
    rows = {row["key"]: row for row in results["sync"]["rows"]}
    events = f"{results['sync']['events']:,}"
    found = []

    def ratio_goal(key, goal, limit):
        value = rows.get(key, {}).get("ratio")
        found.append({"goal": goal, "value": value, "limit": limit,
                      "measured": "n/a" if value is None else ratio_text(value)})
    ratio_goal("tap-synced", "tap with a sync folder, nothing to take in ≤ 1.10× tap --file without one", 1.10)
    ratio_goal("tap-plain", "tap without a sync folder no slower than today's release (≤ 1.00×)", 1.0)
    ratio_goal("sync-nothing", "sync with nothing new ≤ 1.2× stats", 1.2)
    for key, goal in (("first-sync", f"a first sync taking in {events} events < 1 s and < 32 MiB"),
                      ("import", f"import of {events} changes < 1 s and < 32 MiB")):
        row = rows[key]
        seconds = max(row["wall_ns"]) / 1e9
        found.append({"goal": goal, "value": max(seconds, row["max_rss_mib"] / 32.0), "limit": 1.0 - 1e-9,
                      "measured": f"{seconds * 1000:.0f} ms slowest, {row['max_rss_mib']:.1f} MiB peak"})
    for prefix, when in (("after-sync", "after the first sync"), ("after-import", "after the import")):
        for key, command in (("log-20", "log -n 20"), ("log-7d", "log --since 7d"), ("stats-week", "stats --week")):
            ratio_goal(f"{prefix}-{key}", f"{command} {when} ≤ 2× stats --json --file", 2.0)
    for goal in found:
        goal["met"] = "n/a" if goal["value"] is None else "yes" if goal["value"] <= goal["limit"] else "NO"
    return found


def timing_table(title, found, markdown):
    """A table of rows made by `row_of_samples` (or shaped alike), headed by `title`; "faults" is the median of
    each run's minor page faults."""
    header = [title, "program", "runs", "median ms", "p90 ms", "max RSS MiB", "faults", "ratio", "against"]
    rows = []
    for row in found:
        command = f"`{row['command']}`" if markdown else row["command"]
        if row["runs"] == 0:
            rows.append([command, row["label"], "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", row["against_text"]])
            continue
        rows.append([command, row["label"], str(row["runs"]), f"{row['median_ms']:.2f}", f"{row['p90_ms']:.2f}",
                     f"{row['max_rss_mib']:.1f}", f"{row['median_faults']:.0f}",
                     "—" if row["ratio"] is None else ratio_text(row["ratio"]), row["against_text"]])
    return table(header, rows, [44, 11, 6, 11, 9, 13, 8, 8], 2, markdown)


def sync_tables(results, markdown):
    return timing_table("sync (issue 23)", results["sync"]["rows"], markdown)


def sync_goal_tables(results, markdown):
    header = ["issue 23 goal", "measured", "met"]
    rows = [[goal["goal"], goal["measured"], goal["met"]] for goal in results["sync_goals"]]
    return table(header, rows, [70, 38], 2, markdown)


def goals(results):
    """Issue 13's and 14's goals beside the figures."""
    def row_of(operation, key):
        for found in results["operations"]:
            if found["operation"] == operation:
                return next(row for row in found["candidates"] if row["candidate"] == key)

    def verdict(value, limit):
        return "n/a" if value is None else "yes" if value <= limit else "NO"
    history = {row["key"]: row for row in results["history"]["rows"]}
    events = f"{results['history']['events']:,}"
    tap = row_of("tap happy", "emotions")
    found = [
        {"goal": "tap ≤ 1.25× the C floor (two fsyncs, no journal)",
         "value": tap["times_floor"], "limit": 1.25, "measured": ratio_text(tap["times_floor"])},
    ]
    for key, goal, limit in (("tap-long", f"tap with {events} events ≤ 1.05× tap on an empty history", 1.05),
                             ("log-20", f"log -n 20 with {events} events ≤ 2× stats --json --file", 2.0),
                             ("log-7d", f"log --since 7d with {events} events ≤ 2× stats --json --file", 2.0)):
        value = history[key].get("ratio") if history[key]["runs"] else None
        found.append({"goal": goal, "value": value, "limit": limit,
                      "measured": "n/a" if value is None else ratio_text(value)})
    for key, goal, limit in (("stats-week", f"stats --week with {events} events ≤ 2× stats --json --file", 2.0),
                             ("calendar", f"calendar with {events} events ≤ 2× stats --json --file", 2.0)):
        value = history[key].get("ratio") if history.get(key, {}).get("runs") else None
        found.append({"goal": goal, "value": value, "limit": limit,
                      "measured": "n/a" if value is None else ratio_text(value)})
    for key, goal in (("by-month-10y", f"stats --by month over ten years, {events} events, < 1 s and < 8 MiB"),
                      ("export-csv", f"export --format csv of all {events} events, < 1 s and < 8 MiB")):
        row = history.get(key, {})
        if not row.get("runs"):
            found.append({"goal": goal, "value": None, "limit": 1.0, "measured": "n/a"})
            continue
        seconds = max(row["wall_ns"]) / 1e9
        # Met when the slowest run is under a second and the largest peak under 8 MiB: one value for the verdict.
        value = max(seconds, row["max_rss_mib"] / 8.0)
        found.append({"goal": goal, "value": value, "limit": 1.0 - 1e-9,
                      "measured": f"{seconds * 1000:.0f} ms slowest, {row['max_rss_mib']:.1f} MiB peak"})
    row = history.get("by-weekday-10y", {})
    goal = f"stats --by weekday over ten years, {events} events, < 100 ms"
    if row.get("runs"):
        seconds = max(row["wall_ns"]) / 1e9
        found.append({"goal": goal, "value": seconds * 10, "limit": 1.0 - 1e-9, "measured": f"{seconds * 1000:.0f} ms slowest"})
    else:
        found.append({"goal": goal, "value": None, "limit": 1.0, "measured": "n/a"})
    peaks = [(max(row["maxrss_kib"]) / 1024, f"{found_op['operation']}") for found_op in results["operations"]
             for row in found_op["candidates"] if row["candidate"] == "emotions"]
    peaks += [(row["max_rss_mib"], row["command"]) for row in results["history"]["rows"]
              if row["runs"] and row["label"] == "emotions"]
    peak, command = max(peaks)
    found.append({"goal": f"peak RSS < 8 MiB for every command, with {events} events too", "value": peak,
                  "limit": 8.0 - 1e-9, "measured": f"{peak:.1f} MiB ({command})"})
    for goal in found:
        goal["met"] = verdict(goal["value"], goal["limit"])
    if results["history"]["log"] != "ok":
        found[2]["met"] = found[3]["met"] = "n/a" if results["history"]["log"] == "n/a" else "failed"
    return found


def contention(candidate, sandbox, writers, taps, purpose="contention"):
    """`writers` threads each spawn `taps` taps of one file at once; checks every tap counted exactly once."""
    home, path = sandbox.home(purpose, candidate)
    env = sandbox.environment(home, path)
    argv = candidate.command + ["tap", "happy"]
    barrier = threading.Barrier(writers + 1)
    latencies, failures = [[] for _ in range(writers)], []

    def writer(number):
        output_path = os.path.join(home, f"stdout-{number}")
        stdout = os.open(output_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        stderr = os.open(output_path.replace("stdout", "stderr"), os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC,
                         0o600)
        spawner = Spawner()
        try:
            barrier.wait()
            for _ in range(taps):
                measured = spawner.run(argv, env, stdout, stderr)
                if measured.status != 0:
                    failures.append(f"writer {number}: exit status {measured.status}")
                    return
                latencies[number].append(measured.wall_ns)
        except BenchError as error:
            failures.append(f"writer {number}: {error}")
        finally:
            os.close(stdout)
            os.close(stderr)
            spawner.close()

    threads = [threading.Thread(target=writer, args=(number,)) for number in range(writers)]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter_ns()
    for thread in threads:
        thread.join()
    wall = time.perf_counter_ns() - start

    total = writers * taps
    with open(path, "rb") as file:
        final = json.loads(file.read())["counts"]["happy"]
    steps = []
    for number in range(writers):
        with open(os.path.join(home, f"stdout-{number}"), encoding="utf-8") as file:
            steps += [tuple(map(int, match)) for match in re.findall(r"^happy: (\d+) → (\d+)$", file.read(), re.M)]
        with open(os.path.join(home, f"stderr-{number}"), encoding="utf-8", errors="replace") as file:
            failures += [line for line in file.read().splitlines() if line]
    olds = sorted(old for old, _ in steps)
    counted_once = olds == list(range(SEED["happy"], SEED["happy"] + total)) and all(new == old + 1
                                                                                      for old, new in steps)
    every = [latency for latencies_of_one in latencies for latency in latencies_of_one]
    return {
        "candidate": candidate.key, "label": candidate.label, "writers": writers, "taps_per_writer": taps,
        "wall_s": wall / 1e9, "taps_per_s": total / (wall / 1e9),
        "median_ms": statistics.median(every) / 1e6 if every else None,
        "p90_ms": percentile(every, 90) / 1e6 if every else None,
        "p99_ms": percentile(every, 99) / 1e6 if every else None, "max_ms": max(every) / 1e6 if every else None,
        "final_count": final, "expected_count": SEED["happy"] + total,
        "lost": SEED["happy"] + total - final, "each_step_once": counted_once, "failures": failures,
        "latencies_ns": every,
    }


def contention_rounds(candidates, sandbox, writers, taps, rounds):
    """`contention` of each candidate `rounds` times, the candidates in `round_order` each round; one row
    each: the median round's wall (every round's in "walls_s"), its taps' times pooled over the rounds,
    and every round's count checked.

    Run once each, emotions first and the C journal floor last, right after the plain C floor, whose
    fsync of the folder leaves it nothing of another's to commit (see round_order), the walls drifted
    with the machine and the order: emotions' wall was 0.97-1.46x the C journal floor's from run to
    run, and 1.11-1.14x as the median of three rounds taken in turn."""
    runs = {candidate.key: [] for candidate in candidates}
    for number in range(rounds):
        for candidate in round_order(candidates, number):
            print(f"Contention, round {number + 1} of {rounds}: {writers} writers × {taps} taps of {candidate.label}",
                  file=sys.stderr)
            runs[candidate.key].append(contention(candidate, sandbox, writers, taps, f"contention-{number}"))
    rows = []
    for candidate in candidates:
        each = runs[candidate.key]
        walls = [run["wall_s"] for run in each]
        every = [latency for run in each for latency in run.pop("latencies_ns")]
        wall = statistics.median(walls)
        worst = min(each, key=lambda run: run["final_count"] - run["expected_count"])
        rows.append({
            "candidate": candidate.key, "label": candidate.label, "writers": writers, "taps_per_writer": taps,
            "rounds": rounds, "walls_s": walls, "wall_s": wall, "taps_per_s": writers * taps / wall,
            "median_ms": statistics.median(every) / 1e6 if every else None,
            "p90_ms": percentile(every, 90) / 1e6 if every else None,
            "p99_ms": percentile(every, 99) / 1e6 if every else None, "max_ms": max(every) / 1e6 if every else None,
            "final_count": worst["final_count"], "expected_count": worst["expected_count"],
            "lost": sum(run["lost"] for run in each), "each_step_once": all(run["each_step_once"] for run in each),
            "failures": [failure for run in each for failure in run["failures"]],
        })
    return rows


# --- Figures ----------------------------------------------------------------------------------------

def percentile(values, percent):
    """Linear interpolation between the nearest ranks, as numpy's default."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * percent / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def paired_ratio(numerators, denominators):
    """The median of run i of one candidate over run i of another, over the runs both have."""
    count = min(len(numerators), len(denominators))
    return statistics.median(numerators[i] / denominators[i] for i in range(count))


def summarize(samples, all_candidates):
    emotions, floor = samples["emotions"].wall_ns, samples["floor"].wall_ns
    journal_floor = samples["journal_floor"].wall_ns
    rows = []
    for candidate in all_candidates:
        mine = samples[candidate.key]
        rows.append({
            "candidate": candidate.key, "label": candidate.label, "runs": len(mine.wall_ns),
            "median_ms": statistics.median(mine.wall_ns) / 1e6, "p90_ms": percentile(mine.wall_ns, 90) / 1e6,
            "median_rss_mib": statistics.median(mine.maxrss_kib) / 1024,
            "median_faults": statistics.median(mine.minor_faults),
            "times_floor": paired_ratio(mine.wall_ns, floor),
            "times_journal_floor": paired_ratio(mine.wall_ns, journal_floor),
            "emotions_faster_by": None if candidate.key == "emotions" else paired_ratio(mine.wall_ns, emotions),
            "wall_ns": mine.wall_ns, "maxrss_kib": mine.maxrss_kib, "minor_faults": mine.minor_faults,
        })
    return rows


def ratio_text(value):
    return "—" if value is None else f"{value:.1f}×" if value >= 10 else f"{value:.2f}×"


def faster_text(row):
    """How many times faster emotions is than this candidate; "slower" when below one."""
    value = row["emotions_faster_by"]
    if value is None:
        return "—"
    return f"{ratio_text(value)}" if value >= 1 else f"{ratio_text(1 / value)} slower"


def table(header, rows, widths, left_columns, markdown):
    """Lines of a table: Markdown, or plain text whose columns have these widths (the last one free).

    The first `left_columns` columns are aligned left, the others right."""
    def line(cells):
        if markdown:
            return "| " + " | ".join(cells) + " |"
        fixed = [f"{cell:<{width}}" if index < left_columns else f"{cell:>{width}}"
                 for index, (cell, width) in enumerate(zip(cells, widths))]
        return "".join(fixed) + "  " + cells[-1]
    lines = [line(header)]
    if markdown:
        lines.append("|" + "|".join(["---"] * left_columns + ["---:"] * (len(header) - left_columns)) + "|")
    return lines + [line(cells) for cells in rows]


def tables(results, markdown):
    header = ["operation", "candidate", "runs", "median ms", "p90 ms", "peak RSS MiB", "faults", "× C floor",
              "× C journal", "emotions faster by"]
    rows = []
    for operation in results["operations"]:
        for index, row in enumerate(operation["candidates"]):
            name = operation["operation"] if index == 0 else ""
            rows.append([f"`{name}`" if markdown and name else name, row["label"], str(row["runs"]),
                         f"{row['median_ms']:.2f}", f"{row['p90_ms']:.2f}", f"{row['median_rss_mib']:.1f}",
                         f"{row['median_faults']:.0f}", ratio_text(row["times_floor"]),
                         ratio_text(row["times_journal_floor"]), faster_text(row)])
    return table(header, rows, [14, 11, 6, 11, 9, 14, 8, 11, 13], 2, markdown)


def contention_tables(results, markdown):
    header = ["contention", "writers × taps", "wall s", "each round's", "taps/s", "median ms/tap", "p90 ms/tap",
              "p99 ms/tap", "max ms/tap", "final count", "lost"]

    def milliseconds(value):
        return "n/a" if value is None else f"{value:.2f}"
    rows = [[row["label"], f"{row['writers']} × {row['taps_per_writer']}", f"{row['wall_s']:.2f}",
             " ".join(f"{wall:.2f}" for wall in row.get("walls_s", [row["wall_s"]])), f"{row['taps_per_s']:.0f}", milliseconds(row["median_ms"]), milliseconds(row["p90_ms"]),
             milliseconds(row["p99_ms"]), milliseconds(row["max_ms"]), f"{row['final_count']}/{row['expected_count']}",
             "none" if row["lost"] == 0 and row["each_step_once"] else f"{row['lost']} LOST"]
            for row in results["contention"]]
    return table(header, rows, [12, 15, 8, 16, 9, 15, 12, 12, 12, 13], 1, markdown)


def history_tables(results, markdown):
    history = results["history"]
    return timing_table("long history", history["rows"], markdown)


def operation_row(results, operation, key):
    """The operations part's row of candidate `key` on `operation`, or None when the part did not run."""
    for found in results["operations"]:
        if found["operation"] == operation:
            return next(row for row in found["candidates"] if row["candidate"] == key)
    return None


def system_call_rows(results):
    """(command, program, system calls or None, median minor page faults) of the runs counted under strace, from
    the parts that ran."""
    found = []
    for counted in results.get("system_calls", []):
        row = operation_row(results, counted["operation"], counted["candidate"])
        found.append((counted["operation"], counted["label"], counted["calls"], row["median_faults"]))
    for part, key in (("sync", "tap-synced"), ("tags", "tap-tags")):
        for row in results.get(part, {}).get("rows", []):
            if row["key"] == key and row["runs"]:
                found.append((row["command"], row["label"], row.get("system_calls"), row["median_faults"]))
    return found


def system_call_tables(results, markdown):
    header = ["system calls and page faults", "program", "system calls", "faults"]
    rows = [[f"`{command}`" if markdown else command, label, "n/a" if calls is None else str(calls),
             f"{faults:.0f}"] for command, label, calls, faults in system_call_rows(results)]
    return table(header, rows, [44, 11, 14], 2, markdown)


def issue25_goals(results):
    """Issue 25's goals beside the figures, for the parts that ran: tap's time against the C journal floor, the
    system calls and page faults of a tap (plain, with a sync folder, with tags), stats --json against the C
    floor's, and under contention each tap's p99 and the whole run's wall time against the C journal floor's."""
    found = []

    def goal(text, value, limit, measured):
        found.append({"goal": text, "value": value, "limit": limit, "measured": measured})

    def counts(what, calls, faults):
        goal(f"{what} ≤ 60 system calls", calls, 60, "n/a (no strace)" if calls is None else f"{calls}")
        goal(f"{what} ≤ 100 page faults (median)", faults, 100, f"{faults:.0f}")
    tap = operation_row(results, "tap happy", "emotions")
    if tap:
        goal("tap ≤ 1.25× the C journal floor (median of per-round ratios)", tap["times_journal_floor"], 1.25,
             ratio_text(tap["times_journal_floor"]))
        calls = next((row["calls"] for row in results.get("system_calls", [])
                      if row["candidate"] == "emotions" and row["operation"] == "tap happy"), None)
        counts("tap", calls, tap["median_faults"])
    for part, key, what in (("sync", "tap-synced", "tap with a sync folder"), ("tags", "tap-tags", "tap with tags")):
        row = next((row for row in results.get(part, {}).get("rows", []) if row["key"] == key and row["runs"]), None)
        if row:
            counts(what, row.get("system_calls"), row["median_faults"])
    stats = operation_row(results, "stats --json", "emotions")
    if stats:
        goal("stats --json ≤ 1.25× the C floor's (median of per-round ratios)", stats["times_floor"],
             1.25, ratio_text(stats["times_floor"]))
    contended = {row["candidate"]: row for row in results["contention"]}
    if "emotions" in contended and "journal_floor" in contended:
        mine, floor = contended["emotions"], contended["journal_floor"]
        shape = f"{mine['writers']} × {mine['taps_per_writer']}"
        p99 = mine["p99_ms"] / floor["p99_ms"] if mine["p99_ms"] and floor["p99_ms"] else None
        goal(f"contention {shape}: a tap's p99 ≤ 2× the C journal floor's", p99, 2.0,
             "n/a" if p99 is None else f"{ratio_text(p99)} ({mine['p99_ms']:.2f} / {floor['p99_ms']:.2f} ms)")
        wall = mine["wall_s"] / floor["wall_s"]
        goal(f"contention {shape}: total wall ≤ 1.15× the C journal floor's", wall, 1.15,
             f"{ratio_text(wall)} ({mine['wall_s']:.2f} / {floor['wall_s']:.2f} s)")
        whole = mine["lost"] == 0 and mine["each_step_once"] and not mine["failures"]
        goal(f"contention {shape}: nothing lost, every tap counted once", 0 if whole else 1, 0,
             "none lost" if whole else f"{mine['lost']} lost, {len(mine['failures'])} failures")
    for item in found:
        item["met"] = "n/a" if item["value"] is None else "yes" if item["value"] <= item["limit"] else "NO"
    return found


def issue25_goal_tables(results, markdown):
    rows = [[goal["goal"], goal["measured"], goal["met"]] for goal in results["issue25_goals"]]
    return table(["issue 25 goal", "measured", "met"], rows, [70, 38], 2, markdown)


def goal_tables(results, markdown):
    header = ["issue 13 and 14 goal", "measured", "met"]
    rows = [[goal["goal"], goal["measured"], goal["met"]] for goal in results["goals"]]
    return table(header, rows, [62, 38], 2, markdown)


def report(results):
    m, c = results["machine"], results["config"]
    print(f"Machine:   {m['cpu']}, {m['cores']} cores, {m['kernel']}")
    print(f"Files:     {m['temporary_folder']} on {m['file_system']}")
    print(f"Swift:     {m['swift']}")
    print(f"emotions:  {m['emotions']}; Swift runtime {m['swift_runtime']}")
    print(f"Others:    {m['python']}; {m['jq']}; {m['bash']}")
    print(f"C floor:   {m['cc']}, {m['cc_flags']}")
    print(f"Runs:      {c['rounds']} rounds per operation ({c['slow_rounds']} for Python and shell+jq), after "
          f"{c['warmup']} warm-up runs each; candidates round-robin, order shuffled each round; each run timed "
          f"from spawn to wait4 by bench/measure.c, its peak RSS and minor page faults from wait4; log of everything "
          f"{c['log_all_rounds']} rounds; a first sync and an import {c['sync_whole_rounds']} rounds each")
    print(f"Parts:     {', '.join(c['parts'])}" + (f"; today's release: {c['baseline']}" if c["baseline"] else ""))
    print()
    markdown = []
    if results["operations"]:
        print("\n".join(tables(results, markdown=False)))
        print()
        print("× C floor (two fsyncs, no journal: the reference), × C journal (the same journal work as emotions) and")
        print("emotions faster by: median over rounds of (this run's time / the other's run in the same round).")
        print("Python and shell+jq do the journal's work too (reference.py/.sh --journal).")
        print()
        markdown += [tables(results, markdown=True)]
    if "history" in results:
        h = results["history"]
        print(f"Long history: {h['events']:,} events over ten years, journal {h['journal_bytes'] / 2**20:.1f} MiB "
              f"(bench/history.py, {h['generate_s']:.1f} s); emotions rolls every event forward in "
              f"{h['roll_forward_all_s']:.2f} s (the check)")
        print("\n".join(history_tables(results, markdown=False)))
        print("ratio: median over rounds of (this run / the run it is against, same round); "
              "max RSS: the largest of any run.")
        print()
        markdown += [history_tables(results, markdown=True)]
    if "goals" in results:
        print("\n".join(goal_tables(results, markdown=False)))
        print()
        markdown += [goal_tables(results, markdown=True)]
    if "sync" in results:
        print("\n".join(sync_tables(results, markdown=False)))
        print("A first sync and an import start each round from a history that has none of the events.")
        print()
        print("\n".join(sync_goal_tables(results, markdown=False)))
        print()
        markdown += [sync_tables(results, markdown=True), sync_goal_tables(results, markdown=True)]
    if "tags" in results:
        print("\n".join(tags_tables(results, markdown=False)))
        print()
        markdown += [tags_tables(results, markdown=True)]
    if system_call_rows(results):
        print("\n".join(system_call_tables(results, markdown=False)))
        print("system calls: one run under strace -f -qq after a warm-up run, every line of its trace but the exits,")
        print("signals and resumptions (exit_group counts); faults: median minor page faults of the timed runs.")
        print("Both walk the data file's path a folder at a time, emotions with three calls a folder, the C floors")
        print("with one (readlink); these homes, BENCH_DIR/emotions-bench-*/PURPOSE/PROGRAM, are two folders deeper")
        print("than /home/USER: there emotions makes about 6 calls fewer, the C floors 2.")
        print()
        markdown += [system_call_tables(results, markdown=True)]
    if results["contention"]:
        print("\n".join(contention_tables(results, markdown=False)))
        print("A writer that finds the file locked: the C floors block in flock(LOCK_EX) until it is free;")
        print("emotions: see Documentation/Performance.md, Waiting for the lock.")
        print()
        markdown += [contention_tables(results, markdown=True)]
    if results.get("issue25_goals"):
        print("\n".join(issue25_goal_tables(results, markdown=False)))
        print()
        markdown += [issue25_goal_tables(results, markdown=True)]
    print(f"Total benchmark time: {results['elapsed_s']:.0f} s")
    print()
    print("Markdown for Documentation/Performance.md:")
    print()
    print(f"On {m['cpu']} ({m['cores']} cores), {m['kernel']}, {m['file_system'].split(' ')[0]}; "
          f"emotions built by {m['swift'].split(' (')[0]}, Swift runtime {m['swift_runtime'].split(' ')[0]}; "
          f"`make bench`, {c['rounds']} rounds:")
    for lines in markdown:
        print()
        print("\n".join(lines))


def main():
    # The whole docstring: what is timed, and the settings (Performance.md sends readers to --help for them).
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", nargs="?",
                        default=os.environ.get("EMOTIONS_BINARY", os.path.join(ROOT, ".build", "release", "emotions")),
                        help="the emotions binary to time (default: $EMOTIONS_BINARY, else .build/release/emotions)")
    parser.add_argument("--json", action="store_true", help="print the results, with every sample, as JSON")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"run.py: no emotions binary at {options.binary}; run 'make release' first")

    rounds = env_number("BENCH_ROUNDS", 200)
    slow_rounds = min(rounds, env_number("BENCH_SLOW_ROUNDS", 50))
    warmup = env_number("BENCH_WARMUP", 10, minimum=0)
    writers = env_number("BENCH_WRITERS", 8)
    taps = env_number("BENCH_TAPS", 200)
    contention_rounds_count = env_number("BENCH_CONTENTION_ROUNDS", 3)
    history_events = env_number("BENCH_HISTORY", 100_000)
    log_all_rounds = env_number("BENCH_LOG_ALL_ROUNDS", 5)
    whole_rounds = env_number("BENCH_SYNC_WHOLE_ROUNDS", 5)
    baseline_binary = os.environ.get("BENCH_BASELINE") or None
    if baseline_binary and not os.access(baseline_binary, os.X_OK):
        raise SystemExit(f"run.py: BENCH_BASELINE={baseline_binary!r} is not an executable")
    all_parts = ["operations", "history", "sync", "tags", "contention"]
    parts = [part for part in (os.environ.get("BENCH_PARTS") or ",".join(all_parts)).split(",") if part]
    for part in parts:
        if part not in all_parts:
            raise SystemExit(f"run.py: BENCH_PARTS holds {part!r}; the parts are {', '.join(all_parts)}")

    started = time.monotonic()
    floor_flags = build_tools()
    sandbox = Sandbox(os.environ.get("BENCH_DIR") or None)
    try:
        all_candidates = candidates(sandbox.installed(options.binary), sandbox.installed(FLOOR_BINARY))
    except SystemExit:
        sandbox.remove()
        raise
    try:
        results = {
            "machine": dict(machine(options.binary, sandbox.root, candidate_named(all_candidates, "python").command[0]),
                            cc_flags=floor_flags),
            "config": {"rounds": rounds, "slow_rounds": slow_rounds, "warmup": warmup, "writers": writers,
                       "taps_per_writer": taps, "seed": SEED, "history_events": history_events,
                       "log_all_rounds": log_all_rounds, "sync_whole_rounds": whole_rounds, "parts": parts,
                       "baseline": baseline_binary},
            "operations": [], "contention": [],
        }
        emotions = candidate_named(all_candidates, "emotions")
        if "operations" in parts:
            print("Self-check: each candidate once on a fresh file, against emotions", file=sys.stderr)
            self_check(all_candidates, sandbox)
            for arguments, increments in OPERATIONS:
                print(f"Timing {' '.join(arguments)}: {rounds} rounds", file=sys.stderr)
                samples = benchmark(arguments, increments, all_candidates, sandbox, rounds, slow_rounds, warmup)
                results["operations"].append({"operation": " ".join(arguments),
                                              "candidates": summarize(samples, all_candidates)})
            print("System calls of tap happy and stats --json, one run each under strace -f", file=sys.stderr)
            results["system_calls"] = operations_system_calls(all_candidates, sandbox)
        template = None
        if "history" in parts or "sync" in parts:
            print(f"Long history: {history_events} events", file=sys.stderr)
            template = long_history_template(emotions, sandbox, history_events)
        if "history" in parts:
            print(f"Long history: tap, stats and log, {rounds} rounds", file=sys.stderr)
            results["history"] = history_benchmark(all_candidates, sandbox, template, rounds, warmup,
                                                   log_all_rounds)
            if "operations" in parts:
                results["goals"] = goals(results)
        if "sync" in parts:
            print(f"Sync: tap, sync and stats with a folder, {rounds} rounds; a first sync and an import of "
                  f"{history_events} events, {whole_rounds} rounds each", file=sys.stderr)
            baseline = None
            if baseline_binary:
                baseline = Candidate("baseline", "today's release", [sandbox.installed(baseline_binary)])
            results["sync"] = sync_benchmark(emotions, baseline, sandbox, template[0], rounds, warmup, whole_rounds)
            results["sync_goals"] = sync_goals(results)
        if "tags" in parts:
            print(f"Tags: tap with tags, views by tag and weekday over {history_events} tagged events, {rounds} "
                  f"rounds; a Daylio import, {whole_rounds} rounds", file=sys.stderr)
            results["tags"] = tags_benchmark(emotions, sandbox, rounds, warmup, history_events, whole_rounds)
            results["tags_goals"] = tags_goals(results)
        if "contention" in parts:
            results["contention"] = contention_rounds(all_candidates[:3], sandbox, writers, taps, contention_rounds_count)
        results["issue25_goals"] = issue25_goals(results)
    except BenchError as error:
        print(f"run.py: {error}", file=sys.stderr)
        print(f"run.py: the files are kept in {sandbox.root}", file=sys.stderr)
        return 1
    sandbox.remove()
    results["elapsed_s"] = time.monotonic() - started

    if options.json:
        json.dump(results, sys.stdout, indent=1)
        print()
    else:
        report(results)
    lost = [row for row in results["contention"] if row["lost"] or not row["each_step_once"] or row["failures"]]
    for row in lost:
        print(f"run.py: {row['label']} lost or doubled taps under contention: {row}", file=sys.stderr)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Times emotions against a C floor, a Python script and a shell+jq script doing the same job.

    python3 bench/run.py [EMOTIONS_BINARY] [--json]

The binary defaults to $EMOTIONS_BINARY, else .build/release/emotions. This script builds nothing
but two small C programs, into .build/bench/: the C floor (bench/floor.c) and the timer
(bench/measure.c). First a self-check runs every candidate once on a fresh file, and once with no
file, and requires the same exit status, standard output and error, data file bytes, modes and
folder listing as emotions; any difference stops the run, since a faster candidate doing a
different job proves nothing. Then, for each operation, the candidates run round-robin in their own
folders, seeded with the same counts, the order rotating every round, so that drift in the
machine's speed falls on all of them alike. Each run is timed from spawn to wait4, and its peak RSS
is the largest of the process and of any process it waited for (wait4's ru_maxrss). "× C floor"
and "emotions faster by" are medians of per-round ratios: run i of one candidate against run i of
the other. Last, eight writers tap one file at once, and every tap must be counted exactly once.

Figures are reported, not asserted. Settings, from the environment:
  BENCH_ROUNDS       rounds per operation for emotions and the C floor (default 200)
  BENCH_SLOW_ROUNDS  rounds for Python and shell+jq, at most BENCH_ROUNDS (default BENCH_ROUNDS)
  BENCH_WARMUP       untimed runs of each candidate before each operation (default 10)
  BENCH_WRITERS      parallel writers in the contention test (default 8)
  BENCH_TAPS         taps per writer in the contention test (default 100)
  BENCH_PYTHON       the interpreter for bench/reference.py (default /usr/bin/python3 if present,
                     else this one: a pyenv or virtualenv python may start far slower)
  BENCH_DIR          where the temporary folders go (default: the system's temporary folder)
  CC, SWIFT          the C compiler for the floor (cc), and the swift whose version is shown
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
FLOOR_BINARY = os.path.join(ROOT, ".build", "bench", "floor")
MEASURE_BINARY = os.path.join(ROOT, ".build", "bench", "measure")
EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
# Every candidate starts each operation from these counts.
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


@dataclass
class Samples:
    """One candidate's timed runs of one operation."""

    wall_ns: list = field(default_factory=list)
    maxrss_kib: list = field(default_factory=list)


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
    """Runs commands through bench/measure.c, which times them and reads their peak RSS; one per thread.

    Why not time and reap them here with os.wait4: a process's ru_maxrss starts at the peak RSS of
    the memory it replaced at exec, which for a child of Python is Python's own (about 17 MiB), so
    every candidate would report at least that. measure.c is a small static program, and times
    from just before posix_spawn to just after wait4, leaving out Python's own overhead too.
    """

    def __init__(self):
        self.report_read, self.report_write = os.pipe()

    def run(self, argv, env, stdout_fd, stderr_fd):
        """Runs argv to completion with stdin from /dev/null; returns (wall ns, peak RSS KiB, exit status)."""
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
        code, wall, rss = os.read(self.report_read, 256).split()
        return int(wall), int(rss) * RSS_UNIT_KIB, int(code)

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

    def environment(self, home, path):
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "EMOTIONS_FILE": path,
                "LANG": "C.UTF-8"}

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


class Runner:
    """Runs one candidate in one home, many times, checking each run succeeded and wrote nothing to stderr."""

    def __init__(self, candidate, arguments, env, folder):
        self.candidate = candidate
        self.argv = candidate.command + arguments
        self.env = env
        self.stdout = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
        self.stderr_path = os.path.join(folder, f"stderr-{candidate.key}")
        self.stderr = os.open(self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        self.spawner = Spawner()
        self.runs = 0

    def run(self):
        wall, rss, status = self.spawner.run(self.argv, self.env, self.stdout, self.stderr)
        self.runs += 1
        if status != 0 or os.fstat(self.stderr).st_size > 0:
            with open(self.stderr_path, errors="replace") as file:
                message = file.read().strip()
            raise BenchError(f"{self.candidate.label}: `{' '.join(self.argv)}` exited with {status}: {message}")
        return wall, rss

    def close(self):
        os.close(self.stdout)
        os.close(self.stderr)
        self.spawner.close()


# --- The candidates ---------------------------------------------------------------------------------

def build_tools():
    """Compiles the C floor and measure.c into .build/bench/; measure static where the system can link it so."""
    os.makedirs(os.path.dirname(FLOOR_BINARY), exist_ok=True)
    compiler = os.environ.get("CC", "cc")
    floor = [compiler, "-O2", "-Wall", "-Wextra", "-o", FLOOR_BINARY, os.path.join(BENCH, "floor.c")]
    measure = [compiler, "-O2", "-Wall", "-Wextra", "-o", MEASURE_BINARY, os.path.join(BENCH, "measure.c")]
    print(f"Building the C floor and measure.c: {' '.join(floor)}", file=sys.stderr)
    subprocess.run(floor, check=True)
    if subprocess.run(measure + ["-static"], stderr=subprocess.DEVNULL).returncode != 0:
        print("No static C library: measure.c linked dynamically, so RSS figures include about 1 MiB of its own",
              file=sys.stderr)
        subprocess.run(measure, check=True)


def python_interpreter():
    chosen = os.environ.get("BENCH_PYTHON")
    if chosen:
        return shutil.which(chosen) or chosen
    return "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable


def candidates(emotions_binary):
    bash = shutil.which("bash")
    if not bash or not shutil.which("jq") or not shutil.which("flock"):
        raise SystemExit("run.py: the shell+jq candidate needs bash, jq and flock(1) on PATH")
    return [
        Candidate("emotions", "emotions", [os.path.abspath(emotions_binary)]),
        Candidate("floor", "C floor", [FLOOR_BINARY]),
        Candidate("python", "Python", [python_interpreter(), os.path.join(BENCH, "reference.py")], slow=True),
        Candidate("shell", "shell+jq", [bash, os.path.join(BENCH, "reference.sh")], slow=True),
    ]


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


def self_check(all_candidates, sandbox):
    """Requires every candidate to behave exactly as emotions on each benchmarked command; raises BenchError."""
    cases = [(arguments, SEED, "seeded") for arguments, _ in OPERATIONS]
    cases += [(arguments, None, "no file") for arguments, _ in OPERATIONS]
    reference, *others = all_candidates
    for number, (arguments, seed, situation) in enumerate(cases):
        expected = outcome(reference, arguments, sandbox, f"check-{number}", seed)
        if expected["exit status"] != 0 or expected["stderr"]:
            raise BenchError(f"emotions {' '.join(arguments)} ({situation}) failed: {expected}")
        for candidate in others:
            actual = outcome(candidate, arguments, sandbox, f"check-{number}", seed)
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
            shift = number % len(active)
            for candidate in active[shift:] + active[:shift]:
                wall, rss = runners[candidate.key].run()
                samples[candidate.key].wall_ns.append(wall)
                samples[candidate.key].maxrss_kib.append(rss)
    finally:
        for runner in runners.values():
            runner.close()
    # Every candidate must have counted each of its runs: its file holds the seed plus one increment per run.
    for candidate in all_candidates:
        runs = runners[candidate.key].runs
        expected = document({name: SEED[name] + runs * increments.get(name, 0) for name in EMOTIONS})
        with open(paths[candidate.key], "rb") as file:
            if file.read() != expected:
                raise BenchError(f"{candidate.label}: after {runs} runs of {' '.join(arguments)} the data file "
                                 f"does not hold the expected counts")
    return samples


def contention(candidate, sandbox, writers, taps):
    """`writers` threads each spawn `taps` taps of one file at once; checks every tap counted exactly once."""
    home, path = sandbox.home("contention", candidate)
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
                wall, _, status = spawner.run(argv, env, stdout, stderr)
                if status != 0:
                    failures.append(f"writer {number}: exit status {status}")
                    return
                latencies[number].append(wall)
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
        "final_count": final, "expected_count": SEED["happy"] + total,
        "lost": SEED["happy"] + total - final, "each_step_once": counted_once, "failures": failures,
    }


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
    rows = []
    for candidate in all_candidates:
        mine = samples[candidate.key]
        rows.append({
            "candidate": candidate.key, "label": candidate.label, "runs": len(mine.wall_ns),
            "median_ms": statistics.median(mine.wall_ns) / 1e6, "p90_ms": percentile(mine.wall_ns, 90) / 1e6,
            "median_rss_mib": statistics.median(mine.maxrss_kib) / 1024,
            "times_floor": paired_ratio(mine.wall_ns, floor),
            "emotions_faster_by": None if candidate.key == "emotions" else paired_ratio(mine.wall_ns, emotions),
            "wall_ns": mine.wall_ns, "maxrss_kib": mine.maxrss_kib,
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
    header = ["operation", "candidate", "runs", "median ms", "p90 ms", "peak RSS MiB", "× C floor",
              "emotions faster by"]
    rows = []
    for operation in results["operations"]:
        for index, row in enumerate(operation["candidates"]):
            name = operation["operation"] if index == 0 else ""
            rows.append([f"`{name}`" if markdown and name else name, row["label"], str(row["runs"]),
                         f"{row['median_ms']:.2f}", f"{row['p90_ms']:.2f}", f"{row['median_rss_mib']:.1f}",
                         ratio_text(row["times_floor"]), faster_text(row)])
    return table(header, rows, [14, 10, 6, 11, 9, 14, 11], 2, markdown)


def contention_tables(results, markdown):
    header = ["contention", "writers × taps", "wall s", "taps/s", "median ms/tap", "p90 ms/tap", "final count",
              "lost"]
    rows = [[row["label"], f"{row['writers']} × {row['taps_per_writer']}", f"{row['wall_s']:.2f}",
             f"{row['taps_per_s']:.0f}", f"{row['median_ms']:.2f}", f"{row['p90_ms']:.2f}",
             f"{row['final_count']}/{row['expected_count']}",
             "none" if row["lost"] == 0 and row["each_step_once"] else f"{row['lost']} LOST"]
            for row in results["contention"]]
    return table(header, rows, [12, 15, 8, 9, 15, 12, 13], 1, markdown)


def report(results):
    m, c = results["machine"], results["config"]
    print(f"Machine:   {m['cpu']}, {m['cores']} cores, {m['kernel']}")
    print(f"Files:     {m['temporary_folder']} on {m['file_system']}")
    print(f"Swift:     {m['swift']}")
    print(f"emotions:  {m['emotions']}; Swift runtime {m['swift_runtime']}")
    print(f"Others:    {m['python']}; {m['jq']}; {m['bash']}")
    print(f"C floor:   {m['cc']}, -O2")
    print(f"Runs:      {c['rounds']} rounds per operation ({c['slow_rounds']} for Python and shell+jq), after "
          f"{c['warmup']} warm-up runs each; candidates round-robin, order rotating each round; each run timed "
          f"from spawn to wait4 by bench/measure.c, its peak RSS from wait4")
    print()
    print("\n".join(tables(results, markdown=False)))
    print()
    print("× C floor and emotions faster by: median over rounds of (this run's time / the other's run in the "
          "same round).")
    print()
    print("\n".join(contention_tables(results, markdown=False)))
    print("A writer that finds the file locked: the C floor blocks in flock(LOCK_EX) until it is free; emotions")
    print("retries flock(LOCK_NB), sleeping 0.1 ms, then twice as long each time up to 2 ms, until its lock timeout.")
    print()
    print(f"Total benchmark time: {results['elapsed_s']:.0f} s")
    print()
    print("Markdown for Documentation/Performance.md:")
    print()
    print(f"On {m['cpu']} ({m['cores']} cores), {m['kernel']}, {m['file_system'].split(' ')[0]}; "
          f"emotions built by {m['swift'].split(' (')[0]}, Swift runtime {m['swift_runtime'].split(' ')[0]}; "
          f"`make bench`, {c['rounds']} rounds:")
    print()
    print("\n".join(tables(results, markdown=True)))
    print()
    print("\n".join(contention_tables(results, markdown=True)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", nargs="?",
                        default=os.environ.get("EMOTIONS_BINARY", os.path.join(ROOT, ".build", "release", "emotions")),
                        help="the emotions binary to time (default: $EMOTIONS_BINARY, else .build/release/emotions)")
    parser.add_argument("--json", action="store_true", help="print the results, with every sample, as JSON")
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        raise SystemExit(f"run.py: no emotions binary at {options.binary}; run 'make release' first")

    rounds = env_number("BENCH_ROUNDS", 200)
    slow_rounds = min(rounds, env_number("BENCH_SLOW_ROUNDS", rounds))
    warmup = env_number("BENCH_WARMUP", 10, minimum=0)
    writers = env_number("BENCH_WRITERS", 8)
    taps = env_number("BENCH_TAPS", 100)

    started = time.monotonic()
    build_tools()
    all_candidates = candidates(options.binary)
    sandbox = Sandbox(os.environ.get("BENCH_DIR") or None)
    try:
        results = {
            "machine": machine(options.binary, sandbox.root, all_candidates[2].command[0]),
            "config": {"rounds": rounds, "slow_rounds": slow_rounds, "warmup": warmup, "writers": writers,
                       "taps_per_writer": taps, "seed": SEED},
            "operations": [], "contention": [],
        }
        print("Self-check: each candidate once on a fresh file, against emotions", file=sys.stderr)
        self_check(all_candidates, sandbox)
        for arguments, increments in OPERATIONS:
            print(f"Timing {' '.join(arguments)}: {rounds} rounds", file=sys.stderr)
            samples = benchmark(arguments, increments, all_candidates, sandbox, rounds, slow_rounds, warmup)
            results["operations"].append({"operation": " ".join(arguments),
                                          "candidates": summarize(samples, all_candidates)})
        for candidate in all_candidates[:2]:
            print(f"Contention: {writers} writers × {taps} taps of {candidate.label}", file=sys.stderr)
            results["contention"].append(contention(candidate, sandbox, writers, taps))
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

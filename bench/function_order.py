#!/usr/bin/env python3
"""Lists the functions a run executes, in the order it first executes them, for the link's symbol order.

    python3 bench/function_order.py BINARY LACKEY_TRACE... > functions.txt

Each trace is `valgrind --tool=lackey --trace-mem=yes` of a run of BINARY (the same traces
`bench/data_order.py` reads). Every instruction fetch (`I` line) inside `.text` is looked up in BINARY's
symbol table, and the functions are printed once each, first executed first, the traces one after
another. Callgrind's profile lists functions in the order its dump happens to walk them, not in
the order they run: laid out in this order instead, start-up's code runs through its pages one after
another, and what one command runs first lands beside what it runs next.
"""
import bisect
import re
import subprocess
import sys


def text_range(binary):
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and match.group(1) == ".text":
            start = int(match.group(2), 16)
            return start, start + int(match.group(3), 16)
    raise SystemExit(f"{binary} has no .text section")


def functions(binary):
    found = []
    for line in subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwWi":
            found.append((int(parts[0], 16), max(int(parts[1], 16), 1), parts[3]))
    return found


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    binary, traces = sys.argv[1], sys.argv[2:]
    low, high = text_range(binary)
    symbols = functions(binary)
    starts = [start for start, _, _ in symbols]
    seen = set()
    order = []
    for trace in traces:
        with open(trace, encoding="utf-8", errors="replace") as lines:
            last = None
            for line in lines:
                # Lackey's instruction lines: "I  003b76c0,2"; its data lines begin with a space.
                if not line.startswith("I "):
                    continue
                try:
                    address = int(line[3:].split(",", 1)[0], 16)
                except ValueError:
                    continue
                if not low <= address < high:
                    continue
                if last is not None and last[0] <= address < last[1]:
                    continue  # Still in the function just looked up: most fetches are.
                index = bisect.bisect_right(starts, address) - 1
                if index < 0:
                    continue
                start, size, name = symbols[index]
                if not start <= address < start + size:
                    continue
                last = (start, start + size)
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    print("\n".join(order))


if __name__ == "__main__":
    main()

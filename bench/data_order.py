#!/usr/bin/env python3
"""Lists the data a run touches, in the order it first touches it, for the link's symbol order.

    python3 bench/data_order.py BINARY LACKEY_TRACE... > data-order.txt

Each trace is `valgrind --tool=lackey --trace-mem=yes` of a run of BINARY. Every load or store into
.bss, .data, .data.rel.ro or .rodata is looked up in BINARY's symbol table, and the symbols are
printed once each, first touched first. Given to the linker after the functions (`make link-order`),
they pack what start-up touches into a few pages: the link moves each input section holding one, so
the runtime's and the C library's data (a section per variable) pack tightly, and the Swift modules'
(a section per object file) by file. The standard library's Swift data is one section of some 300 KiB
that cannot be split: its symbols come last, so that it follows everything else touched rather than
landing amid it and spreading the rest over more pages.
"""
import bisect
import re
import subprocess
import sys

DATA_SECTIONS = (".bss", ".data", ".data.rel.ro", ".rodata", ".tbss", ".tdata")
# This package's Swift modules: every other `$s` symbol is the standard library's (or another of the
# toolchain's Swift libraries'), whose data come in a few large sections.
OWN_MODULES = ("$s10EmotionKit", "$s11EmotionsCLI", "$s8emotions", "$s15EmotionKitAsync")


def sections(binary):
    found = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and match.group(1) in DATA_SECTIONS:
            start = int(match.group(2), 16)
            found.append((start, start + int(match.group(3), 16)))
    return found


def data_symbols(binary):
    symbols = []
    for line in subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "bBdDrRvV":
            symbols.append((int(parts[0], 16), max(int(parts[1], 16), 1), parts[3]))
    return symbols


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    binary, traces = sys.argv[1], sys.argv[2:]
    ranges = sections(binary)
    symbols = data_symbols(binary)
    starts = [start for start, _, _ in symbols]
    seen = set()
    first, last = [], []
    for trace in traces:
        with open(trace, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                # Lackey's lines: " L 0x4c5e28,8", " S …", " M …" (data), "I  …" (instructions), "==…" (its own).
                if len(line) < 4 or line[0] != " " or line[1] not in "LSM":
                    continue
                try:
                    address = int(line[3:].split(",", 1)[0], 16)
                except ValueError:
                    continue
                if not any(start <= address < end for start, end in ranges):
                    continue
                index = bisect.bisect_right(starts, address) - 1
                if index < 0:
                    continue
                start, size, name = symbols[index]
                if start <= address < start + size and name not in seen:
                    seen.add(name)
                    (last if name.startswith("$s") and not name.startswith(OWN_MODULES) else first).append(name)
    print("\n".join(first + last))


if __name__ == "__main__":
    main()

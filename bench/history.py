#!/usr/bin/env python3
"""Writes a data file and a journal with a long history, as emotions would have left them.

    python3 bench/history.py FOLDER [--events N] [--years Y] [--seed S]

FOLDER/emotions.json and FOLDER/emotions.json.journal are written (FOLDER is made if need be):
the journal's header line, then N events (default 100,000) spread over the Y years (default 10)
before now, one JSON line each with increasing "seq", and the data file whose counts are the
header's plus every event, recording {"seq": N, "bytes": <journal size>, "latest": <ms of the
last event>}. So a command finds nothing to roll forward, as after any command emotions ran.

The history is what a person's might be: mostly one tap at a time, some taps of two emotions (two
events, one group), adds of a few up or down, an occasional reset, a note now and then; at local
times, mostly in the day. Ids are as emotions makes them: 48 bits of the time, 80 random bits,
26 characters of Crockford's base32, all different. The same seed gives the same history for the
same end time. bench/run.py uses it for `make bench`; it is written in about a second.
"""
import argparse
import datetime
import json
import os
import random
import time

EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
NOTES = ["long day", "good run this morning", "rough meeting", "coffee with Sam", "slept badly", "sunny walk",
         "deadline moved", "call with mum", "quiet evening", "\u00e7a va \u2014 merci"]
DAY_MS = 86_400_000


class History:
    """What was written: the counts, the journal's size and the last event's time."""

    def __init__(self, folder, events, before, counts, journal_bytes, header_bytes, header_ms, latest_ms):
        self.folder = folder
        self.data_path = os.path.join(folder, "emotions.json")
        self.journal_path = self.data_path + ".journal"
        self.events = events
        self.before = before
        self.counts = counts
        self.journal_bytes = journal_bytes
        self.header_bytes = header_bytes
        self.header_ms = header_ms
        self.latest_ms = latest_ms


def data_file(counts, seq, size, latest):
    """The data file's bytes, laid out as emotions writes it."""
    lines = ",\n".join(f'    "{name}": {counts[name]}' for name in EMOTIONS)
    return (f'{{\n  "version": 1,\n  "counts": {{\n{lines}\n  }},\n'
            f'  "journal": {{"seq": {seq}, "bytes": {size}, "latest": {latest}}}\n}}\n').encode()


class Clock:
    """RFC 3339 text for milliseconds since 1970, at the local offset of that instant, as emotions writes it."""

    def __init__(self):
        self.cache = {}

    def text(self, milliseconds):
        seconds = milliseconds // 1000
        hour = seconds - seconds % 3600  # The local offset changes on the hour at most (here: where it matters).
        prefix = self.cache.get(hour)
        if prefix is None:
            moment = datetime.datetime.fromtimestamp(hour, datetime.timezone.utc).astimezone()
            offset = int(moment.utcoffset().total_seconds())
            minutes = abs(offset) // 60
            prefix = (moment.strftime("%Y-%m-%dT%H:"), f"{'-' if offset < 0 else '+'}{minutes // 60:02d}:{minutes % 60:02d}")
            self.cache[hour] = prefix
        within = seconds - hour
        return f"{prefix[0]}{within // 60:02d}:{within % 60:02d}.{milliseconds % 1000:03d}{prefix[1]}"


TAGS = ["work", "gym", "friends", "family", "good-meal", "sleep", "reading", "rain", "commute", "music",
        "운동", "travel"]


def generate(folder, events=100_000, years=10, seed=13, end_ms=None, tagged=False):
    """Writes the history into `folder`; returns a History. With `tagged`, about 60% of the taps and
    adds carry one to three tags (drawn from their own generator, so the history is otherwise the same)."""
    rng = random.Random(seed)
    tag_rng = random.Random(seed + 1)
    end_ms = end_ms if end_ms is not None else time.time_ns() // 1_000_000 - 60_000
    start_ms = end_ms - years * 365 * DAY_MS - (years // 4) * DAY_MS
    # The instants: uniform over the span, then mostly moved into the day (08:00-23:00 UTC-ish).
    instants = []
    for _ in range(events):
        instant = rng.randrange(start_ms, end_ms)
        if rng.random() < 0.9:
            day = instant - instant % DAY_MS
            instant = day + rng.randrange(8 * 3_600_000, 23 * 3_600_000)
            instant = min(instant, end_ms - 1)
        instants.append(instant)
    instants.sort()
    if instants[-1] >= end_ms:
        instants[-1] = end_ms - 1

    clock = Clock()
    before = {name: 0 for name in EMOTIONS}
    counts = dict(before)
    header_ms = start_ms - DAY_MS
    header = json.dumps({"history": 1, "at": clock.text(header_ms), "before": before}, separators=(",", ":")) + "\n"
    lines = [header]
    ids = set()

    def new_id(milliseconds):
        while True:
            value = (milliseconds << 80) | rng.getrandbits(80)
            text = "".join(CROCKFORD[(value >> (125 - 5 * index)) & 31] for index in range(26))
            if text not in ids:
                ids.add(text)
                return text

    seq = 0
    index = 0
    while index < events:
        at_ms = instants[index]
        at = clock.text(at_ms)
        roll = rng.random()
        note = rng.choice(NOTES) if rng.random() < 0.05 else None
        changes = []  # (command, emotion, old, new)
        if roll < 0.05 and index + 1 < events:
            first, second = rng.sample(EMOTIONS, 2)
            for name in (first, second):
                changes.append(("tap", name, counts[name], counts[name] + 1))
                counts[name] += 1
        elif roll < 0.13:
            name = rng.choice(EMOTIONS)
            delta = rng.choice([-3, -2, -1, 2, 3, 5])
            if counts[name] + delta < 0:
                delta = -delta
            changes.append(("add", name, counts[name], counts[name] + delta))
            counts[name] += delta
        elif roll < 0.135 and any(counts.values()):
            name = rng.choice([name for name in EMOTIONS if counts[name]])
            changes.append(("reset", name, counts[name], 0))
            counts[name] = 0
        else:
            name = rng.choices(EMOTIONS, weights=[30, 25, 20, 15, 10])[0]
            changes.append(("tap", name, counts[name], counts[name] + 1))
            counts[name] += 1
        group = None
        tags_text = ""
        if tagged and changes[0][0] != "reset" and tag_rng.random() < 0.6:
            chosen = sorted(tag_rng.sample(TAGS, tag_rng.choice([1, 1, 2, 3])))
            tags_text = ',"tags":[' + ",".join(json.dumps(tag, ensure_ascii=False) for tag in chosen) + "]"
        for command, name, old, new in changes:
            seq += 1
            identifier = new_id(at_ms)
            group = group or identifier
            note_text = "" if note is None else ',"note":' + json.dumps(note, ensure_ascii=False)
            # A command of several events says how many on its first line, as emotions writes it.
            size_text = f',"events":{len(changes)}' if len(changes) > 1 and group == identifier else ""
            lines.append(f'{{"id":"{identifier}","at":"{at}","command":"{command}","emotion":"{name}",'
                         f'"old":{old},"new":{new}{note_text}{tags_text},"seq":{seq},"group":"{group}"{size_text}}}\n')
        index += len(changes)

    os.makedirs(folder, mode=0o700, exist_ok=True)
    journal = "".join(lines).encode()
    history = History(folder, seq, before, counts, len(journal), len(header.encode()), header_ms, instants[-1])
    with open(history.journal_path, "wb") as file:
        file.write(journal)
    with open(history.data_path, "wb") as file:
        file.write(data_file(counts, seq, len(journal), history.latest_ms))
    os.chmod(history.journal_path, 0o600)
    os.chmod(history.data_path, 0o600)
    return history


def publish(history, folder, name="x"):
    """Writes `history` as another history's file in a sync folder, `folder/<ID>.jsonl`, as emotions
    publishes it: the header `{"emotions":2,"history":"<ID>","name":...}`, then each event's journal
    line with `seq` its place in that history, which for a generated journal (every line its own, no
    `latest` or `block`) is the journal line itself. The history's id is its first event's. Returns the
    file's path."""
    with open(history.journal_path, "rb") as file:
        lines = file.read().split(b"\n", 1)[1]
    history_id = lines[7:33].decode()
    header = json.dumps({"emotions": 2, "history": history_id, "name": name}, separators=(",", ":")) + "\n"
    os.makedirs(folder, mode=0o700, exist_ok=True)
    path = os.path.join(folder, history_id + ".jsonl")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(header.encode() + lines)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--tagged", action="store_true", help="give about 60%% of the taps and adds tags")
    options = parser.parse_args()
    started = time.monotonic()
    history = generate(options.folder, options.events, options.years, options.seed, tagged=options.tagged)
    print(f"{history.events} events, journal {history.journal_bytes} bytes, counts {history.counts}, "
          f"in {time.monotonic() - started:.1f} s: {history.data_path}")


if __name__ == "__main__":
    main()

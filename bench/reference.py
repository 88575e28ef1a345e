#!/usr/bin/env python3
"""The Python script a user might write instead of emotions: the same job, done as durably.

    reference.py [--journal] [--file PATH] tap EMOTION... | add EMOTION N | stats --json

Same file, location rules and output as emotions for these commands; an update takes an
exclusive flock on <file>.lock, reads the file, writes a temporary file in the same folder,
fsyncs it, renames it over the file, removes leftover temporary files and fsyncs the folder.

With --journal, the update emotions makes since it keeps a history: under the lock, read the file
and its "journal" position, open <file>.journal for appending (no link followed), check that its
size is the recorded "bytes", append one JSON line per change and fdatasync it (the commit point),
then write the file under a temporary name and rename it into place, with no fsync of either.
The first update starts the journal with its header line, durably. `stats --json` also checks the
journal's size. Like the C floor, this refuses (65) a journal longer than the data file records
rather than rolling it forward.
"""
import datetime
import fcntl
import json
import os
import stat
import sys
import tempfile
import time

EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
ALIASES = {"very-happy": "happy", "veryhappy": "happy", "moderate-smile": "smile", "moderatesmile": "smile",
           "slightly-upset": "upset", "slightlyupset": "upset", "very-sad": "sad", "verysad": "sad"}
LARGEST = 2**63 - 1
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
JOURNAL_PLACEHOLDER = "\0journal position\0"


def fail(status, message):
    print(f"Error: {message}", file=sys.stderr)
    sys.exit(status)


def data_path(explicit):
    if explicit:
        return explicit
    if os.environ.get("EMOTIONS_FILE"):
        return os.environ["EMOTIONS_FILE"]
    config = os.environ.get("XDG_CONFIG_HOME", "")
    if config.startswith("/"):
        return os.path.join(config, "emotions", "emotions.json")
    return os.path.join(os.path.expanduser("~"), ".config", "emotions", "emotions.json")


def emotion(word):
    name = ALIASES.get(word.lower(), word.lower())
    if name not in EMOTIONS:
        fail(64, f"Unknown emotion '{word}'.")
    return name


def load(path):
    """The document and its counts; an empty document if there is no file yet."""
    try:
        with open(path, "rb") as file:
            raw = file.read(1024 * 1024 + 1)
    except FileNotFoundError:
        return {}, dict.fromkeys(EMOTIONS, 0)
    try:
        if len(raw) > 1024 * 1024:
            raise ValueError("it is larger than 1 MiB")
        document = json.loads(raw)
        if not isinstance(document, dict) or not isinstance(document.get("counts", {}), dict):
            raise ValueError("it is not an object with an object of counts")
        version = document.get("version", 1)
        if type(version) is not int or version != 1:
            raise ValueError(f"its version is {version!r}, not 1")
        counts = {name: document.get("counts", {}).get(name, 0) for name in EMOTIONS}
        if any(type(count) is not int or not 0 <= count <= LARGEST for count in counts.values()):
            raise ValueError("a count is not a whole number from 0 to 9223372036854775807")
        if sum(counts.values()) > LARGEST:
            raise ValueError("its counts add up to more than 9223372036854775807")
    except ValueError as error:
        fail(65, f"The data file {path} cannot be used: {error}. Fix or move the file; nothing was changed.")
    return document, counts


def position_of(path, document):
    """The data file's journal position as (seq, bytes, latest); None if it records none."""
    position = document.get("journal")
    if position is None:
        return None
    if (not isinstance(position, dict) or list(position) != ["seq", "bytes", "latest"]
            or any(type(value) is not int or value < 0 for value in position.values())):
        fail(65, f"The data file {path} cannot be used: its journal position is not one this script reads.")
    return position["seq"], position["bytes"], position["latest"]


def open_journal(path, flags, document, data_exists):
    """The open journal beside `path`, or None if there is none; refuses one the data file is behind."""
    journal_path = path + ".journal"
    try:
        journal = os.open(journal_path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    size = os.fstat(journal)
    position = position_of(path, document) if data_exists else None
    if not stat.S_ISREG(size.st_mode) or position is None or size.st_size != position[1]:
        fail(65, f"The journal {journal_path} does not end where the data file says; this script does not roll it "
                 f"forward.")
    return journal


def rfc3339(milliseconds, utc=False):
    """The instant as emotions writes it: local time (or UTC) with milliseconds and the offset."""
    moment = datetime.datetime.fromtimestamp(milliseconds // 1000, datetime.timezone.utc)
    if not utc:
        moment = moment.astimezone()
    offset = int(moment.utcoffset().total_seconds())
    if offset % 60:
        moment, offset = moment.astimezone(datetime.timezone.utc), 0
    minutes = abs(offset) // 60
    return (f"{moment:%Y-%m-%dT%H:%M:%S}.{milliseconds % 1000:03d}{'-' if offset < 0 else '+'}"
            f"{minutes // 60:02d}:{minutes % 60:02d}")


def event_id(milliseconds):
    """48 bits of the time, then 80 random bits, as 26 characters of Crockford's base32."""
    value = (min(max(milliseconds, 0), 2**48 - 1) << 80) | int.from_bytes(os.urandom(10), "big")
    return "".join(CROCKFORD[(value >> (125 - 5 * index)) & 31] for index in range(26))


def serialized(document):
    """The data file's bytes: two-space indentation, the journal position on one line, as emotions writes it."""
    position = document.get("journal")
    if position is None:
        return json.dumps(document, indent=2) + "\n"
    text = json.dumps({**document, "journal": JOURNAL_PLACEHOLDER}, indent=2) + "\n"
    return text.replace(json.dumps(JOURNAL_PLACEHOLDER), json.dumps(position), 1)


def replace(path, folder, prefix, mode, text, durable):
    """Writes `text` under a temporary name beside `path`, flushed if `durable`, and renames it over `path`."""
    fd, temporary = tempfile.mkstemp(prefix=prefix, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            if mode is not None:
                os.fchmod(file.fileno(), mode)
            file.write(text)
            file.flush()
            if durable:
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def sync_folder(folder):
    directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def stats_json(path, journaled):
    document, counts = load(path)
    if journaled:
        journal = open_journal(path, os.O_RDONLY, document, os.path.exists(path))
        if journal is not None:
            os.close(journal)
    print(json.dumps({"counts": counts, "total": sum(counts.values())}))


def apply(counts, actions):
    """Applies the actions to counts, all or none, and returns the changes (emotion, old, new)."""
    changes = []
    for name, amount in actions:
        new = counts[name] + amount
        if not 0 <= new <= LARGEST:
            fail(64, f"Cannot add {amount} to {name}: its count is {counts[name]}. Nothing was changed.")
        if new != counts[name]:
            changes.append((name, counts[name], new))
        counts[name] = new
    if sum(counts.values()) > LARGEST:
        fail(64, "The total would pass 9223372036854775807. Nothing was changed.")
    return changes


def journal_lines(command, changes, position, now):
    """The events' lines, numbered after `position`, one group: the first event's id."""
    at = rfc3339(now)
    seq, _, latest = position
    # The clock was set back since an earlier event was recorded: say so, for backwards scans.
    later = f',"latest":"{rfc3339(latest, utc=True)}"' if latest > now else ""
    lines, group = [], None
    for index, (emotion, old, new) in enumerate(changes):
        identifier = event_id(now)
        group = group or identifier
        size = f',"events":{len(changes)}' if index == 0 and len(changes) > 1 else ""
        lines.append(f'{{"id":"{identifier}","at":"{at}","command":"{command}","emotion":"{emotion}","old":{old},'
                     f'"new":{new},"seq":{seq + index + 1},"group":"{group}"{size}{later}}}\n')
    return "".join(lines).encode()


def update_journaled(path, command, actions):
    path = os.path.realpath(path)
    folder, name = os.path.split(path)
    os.umask(0o077)
    os.makedirs(folder, exist_ok=True)
    lock = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    journal = None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        document, counts = load(path)
        exists = os.path.exists(path)
        journal = open_journal(path, os.O_RDWR | os.O_APPEND, document, exists)
        before = dict(counts)
        changes = apply(counts, actions)
        if changes:
            mode = stat.S_IMODE(os.stat(path).st_mode) if exists else None
            now = time.time_ns() // 1_000_000
            if journal is None:
                # The first update: the header, durably, so that a journal is either absent or has it.
                header = json.dumps({"history": 1, "at": rfc3339(now), "before": before}, separators=(",", ":"))
                replace(path + ".journal", folder, f".{name}.journal.tmp-", mode, header + "\n", durable=True)
                sync_folder(folder)
                journal = os.open(path + ".journal", os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
                position = (0, len(header) + 1, now)
            else:
                position = position_of(path, document)
            lines = journal_lines(command, changes, position, now)
            try:
                os.write(journal, lines)  # Short writes to a regular file only come with an error.
                os.fdatasync(journal)  # The commit point.
            except OSError:
                os.ftruncate(journal, position[1])
                raise
            unknown = {key: value for key, value in document.get("counts", {}).items() if key not in EMOTIONS}
            document = {"version": 1, **document}
            document["version"] = 1
            document["counts"] = {**counts, **unknown}
            document["journal"] = {"seq": position[0] + len(changes), "bytes": position[1] + len(lines),
                                   "latest": max(position[2], now)}
            # Past the commit point: neither flushed nor its rename synced; the journal makes it again.
            prefix = f".{name}.tmp-"
            replace(path, folder, prefix, mode, serialized(document), durable=False)
            for entry in os.listdir(folder):
                if entry.startswith(prefix):
                    os.unlink(os.path.join(folder, entry))
    finally:
        if journal is not None:
            os.close(journal)
        os.close(lock)
    for emotion, old, new in changes:
        print(f"{emotion}: {old} → {new}")


def update(path, actions):
    path = os.path.realpath(path)
    folder, name = os.path.split(path)
    os.umask(0o077)  # makedirs gives its mode only to the last folder; every new one should be 0700.
    os.makedirs(folder, exist_ok=True)
    lock = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        document, counts = load(path)
        changes = apply(counts, actions)
        if changes:
            unknown = {key: value for key, value in document.get("counts", {}).items() if key not in EMOTIONS}
            document = {"version": 1, **document}
            document["version"] = 1
            document["counts"] = {**counts, **unknown}
            prefix = f".{name}.tmp-"
            fd, temporary = tempfile.mkstemp(prefix=prefix, dir=folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    if os.path.exists(path):
                        os.fchmod(file.fileno(), stat.S_IMODE(os.stat(path).st_mode))
                    file.write(json.dumps(document, indent=2) + "\n")
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
            # We hold the lock, so any other temporary file is a killed process's leftover.
            for entry in os.listdir(folder):
                if entry.startswith(prefix):
                    os.unlink(os.path.join(folder, entry))
            directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)
    finally:
        os.close(lock)
    for emotion, old, new in changes:
        print(f"{emotion}: {old} → {new}")


def main(arguments):
    explicit = None
    journaled = arguments[:1] == ["--journal"]
    if journaled:
        arguments = arguments[1:]
    if arguments[:1] == ["--file"] and len(arguments) > 1:
        explicit, arguments = arguments[1], arguments[2:]
    path = data_path(explicit)
    if arguments == ["stats", "--json"]:
        stats_json(path, journaled)
    elif len(arguments) >= 2 and arguments[0] == "tap":
        actions = [(emotion(word), 1) for word in arguments[1:]]
        update_journaled(path, "tap", actions) if journaled else update(path, actions)
    elif len(arguments) == 3 and arguments[0] == "add":
        try:
            amount = int(arguments[2])
        except ValueError:
            fail(64, f"'{arguments[2]}' is not a whole number.")
        actions = [(emotion(arguments[1]), amount)]
        update_journaled(path, "add", actions) if journaled else update(path, actions)
    else:
        fail(64, "usage: reference.py [--journal] [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)")


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")
    main(sys.argv[1:])

#!/usr/bin/env python3
"""The Python script a user might write instead of emotions: the same job, done as durably.

    reference.py [--file PATH] tap EMOTION... | add EMOTION N | stats --json

Same file, location rules and output as emotions for these commands; an update takes an
exclusive flock on <file>.lock, reads the file, writes a temporary file in the same folder,
fsyncs it, renames it over the file, removes leftover temporary files and fsyncs the folder.
"""
import fcntl
import json
import os
import stat
import sys
import tempfile

EMOTIONS = ["happy", "smile", "neutral", "upset", "sad"]
ALIASES = {"very-happy": "happy", "veryhappy": "happy", "moderate-smile": "smile", "moderatesmile": "smile",
           "slightly-upset": "upset", "slightlyupset": "upset", "very-sad": "sad", "verysad": "sad"}
LARGEST = 2**63 - 1


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


def stats_json(path):
    _, counts = load(path)
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
    if arguments[:1] == ["--file"] and len(arguments) > 1:
        explicit, arguments = arguments[1], arguments[2:]
    path = data_path(explicit)
    if arguments == ["stats", "--json"]:
        stats_json(path)
    elif len(arguments) >= 2 and arguments[0] == "tap":
        update(path, [(emotion(word), 1) for word in arguments[1:]])
    elif len(arguments) == 3 and arguments[0] == "add":
        try:
            amount = int(arguments[2])
        except ValueError:
            fail(64, f"'{arguments[2]}' is not a whole number.")
        update(path, [(emotion(arguments[1]), amount)])
    else:
        fail(64, "usage: reference.py [--file PATH] (tap EMOTION... | add EMOTION N | stats --json)")


if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")
    main(sys.argv[1:])

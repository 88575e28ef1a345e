#!/usr/bin/env python3
"""Writes a Daylio CSV export with many rows, as Daylio's "Export entries, CSV" writes one.

    python3 bench/daylio.py FILE [--rows N] [--seed S] [--old-layout]

FILE gets the header full_date,date,weekday,time,mood,activities,note_title,note (or, with
--old-layout, the older year,date,weekday,time,mood,activities,note), then N rows (default 10,000),
newest first as Daylio writes them: one to three a day going back from yesterday, at 12-hour
times (9:12 pm) with a 24-hour one now and then, Daylio's five moods and one of the user's own
("super happy", so an import needs --map 'super happy=happy'), a few activities split by " | ",
and now and then a title and a note, some of several lines, some holding commas and quotes
(RFC 4180: in double quotes, quotes doubled, CR LF between records). A UTF-8 byte order mark
starts the file, as some exports have. The same seed gives the same file for the same day.

For `make bench` (importing it must take under a second):
    python3 bench/daylio.py /tmp/daylio.csv && emotions import --from daylio /tmp/daylio.csv --map 'super happy=happy'
"""
import argparse
import datetime
import random

MOODS = ["rad", "good", "meh", "bad", "awful", "super happy"]
ACTIVITIES = ["work", "good meal", "friends", "family", "gym", "movies / tv", "reading", "gaming", "bad sleep",
              "walk", "shopping", "cleaning", "nap", "self-care", "Coffee", "music"]
TITLES = ["", "", "", "Long day", "Weekend", "Trip"]
NOTES = ["", "", "", "Went out with Sam", "Rough meeting, then a walk", "Slept badly.\nTired all day",
         'Read "Dune" again', "Gym, then pizza.\nGood evening\nEarly night", "\u00e7a va \u2014 merci"]


def quoted(text):
    """The field in double quotes, its quotes doubled, its line breaks CR LF inside."""
    return '"' + text.replace('"', '""').replace("\n", "\r\n") + '"'


def twelve_hour(hour, minute):
    """9:12 pm, as Daylio writes a time in a 12-hour locale."""
    half = "am" if hour < 12 else "pm"
    return "%d:%02d %s" % (hour % 12 or 12, minute, half)


def daylio_rows(count, rng, old_layout):
    """The rows, newest first."""
    day = datetime.date.today() - datetime.timedelta(days=1)
    written = 0
    while written < count:
        times = sorted((rng.randint(6, 23), rng.randint(0, 59)) for _ in range(rng.randint(1, 3)))
        for hour, minute in reversed(times):
            if written == count:
                break
            time = "%d:%02d" % (hour, minute) if rng.random() < 0.1 else twelve_hour(hour, minute)
            mood = rng.choice(MOODS)
            activities = " | ".join(rng.sample(ACTIVITIES, rng.randint(0, 4)))
            title, note = rng.choice(TITLES), rng.choice(NOTES)
            date = "%d %s" % (day.day, day.strftime("%B"))
            if old_layout:
                fields = [str(day.year), date, day.strftime("%A"), time, mood, quoted(activities),
                          quoted((title + "\n" + note).strip())]
            else:
                fields = [day.isoformat(), date, day.strftime("%A"), time, mood, quoted(activities), quoted(title), quoted(note)]
            yield ",".join(fields)
            written += 1
        day -= datetime.timedelta(days=1)


def generate(path, rows=10_000, seed=24, old_layout=False):
    """Writes the file at `path`: a byte order mark, the header, then `rows` rows, newest first."""
    rng = random.Random(seed)
    header = ("year,date,weekday,time,mood,activities,note" if old_layout
              else "full_date,date,weekday,time,mood,activities,note_title,note")
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("\ufeff" + header + "\r\n")
        for row in daylio_rows(rows, rng, old_layout):
            out.write(row + "\r\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--old-layout", action="store_true")
    arguments = parser.parse_args()
    generate(arguments.file, arguments.rows, arguments.seed, arguments.old_layout)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Draws a terminal capture with colour escapes (tmux capture-pane -e -p) as an SVG picture.

    python3 Documentation/ansi_to_svg.py < capture.txt > Documentation/calendar.svg

Each character cell becomes a fixed-size box in the picture, as on the terminal: full blocks (█) are
drawn as filled rectangles (a run of one colour as one), so that adjacent ones join as they do on
screen whatever the font, and other text is placed run by run in a monospaced font, stretched to
its cells. Understands the SGR codes the tool and tmux
write: 0 and 39 (default colour), 30 to 37 and 90 to 97 (foreground), 1 (bold); others are ignored.
Characters of East Asian width W or F, and emoji, fill two cells. Trailing blank lines are dropped.
No third-party packages: the standard library only.

Documentation/calendar.svg was made so, from a 120 x 20 tmux window running bash with PS1='$ ':

    python3 bench/history.py /tmp/pic --events 700 --years 1 --seed 7
    tmux send-keys -t cal 'emotions calendar' Enter    # EMOTIONS_FILE=/tmp/pic/emotions.json
    tmux capture-pane -e -p -t cal | awk 'NR==1,/nothing felt/' | python3 Documentation/ansi_to_svg.py
"""
import re
import sys
import unicodedata
from xml.sax.saxutils import escape

CELL_WIDTH = 8.4
LINE_HEIGHT = 18
FONT_SIZE = 14
PADDING = 14
BACKGROUND = "#1e1e1e"
FOREGROUND = "#cccccc"
# The eight basic colours as a common dark theme (VS Code's) shows them, then their bright forms.
PALETTE = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
           "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#e5e5e5"]
ESCAPE = re.compile(r"\x1b\[([0-9;]*)m")


def cells(character):
    """How many cells the character fills: 2 for wide East Asian characters and emoji, else 1."""
    if ord(character) >= 0x1F300 or unicodedata.east_asian_width(character) in ("W", "F"):
        return 2
    return 1


def parse(line):
    """The line as (column, character, colour) triples, escapes applied and taken out."""
    result, column, colour, position = [], 0, None, 0
    for match in list(ESCAPE.finditer(line)) + [None]:
        end = match.start() if match else len(line)
        for character in line[position:end]:
            if unicodedata.category(character) in ("Mn", "Cf"):
                continue
            result.append((column, character, colour))
            column += cells(character)
        if not match:
            break
        position = match.end()
        for code in (match.group(1) or "0").split(";"):
            number = int(code) if code.isdigit() else 0
            if number in (0, 39):
                colour = None
            elif 30 <= number <= 37:
                colour = PALETTE[number - 30]
            elif 90 <= number <= 97:
                colour = PALETTE[number - 90 + 8]
    return result


def svg(lines):
    """The picture of the captured lines."""
    parsed = [parse(line) for line in lines]
    while parsed and not parsed[-1]:
        parsed.pop()
    columns = max((column + cells(character) for line in parsed for column, character, _ in line), default=1)
    width = round(columns * CELL_WIDTH + 2 * PADDING)
    height = round(len(parsed) * LINE_HEIGHT + 2 * PADDING)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="ui-monospace, Menlo, Consolas, \'DejaVu Sans Mono\', monospace" '
           f'font-size="{FONT_SIZE}">',
           f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>']
    for row, line in enumerate(parsed):
        top = PADDING + row * LINE_HEIGHT
        baseline = top + LINE_HEIGHT - 5
        run = []  # Consecutive text characters of one colour, as (column, character).
        run_colour = None

        def end_run():
            if run:
                text = "".join(character for _, character in run)
                span = sum(cells(character) for _, character in run)
                x = PADDING + run[0][0] * CELL_WIDTH
                out.append(f'<text x="{x:.1f}" y="{baseline}" fill="{run_colour or FOREGROUND}" '
                           f'textLength="{span * CELL_WIDTH:.1f}" lengthAdjust="spacingAndGlyphs" '
                           f'xml:space="preserve">{escape(text)}</text>')
            run.clear()

        block = []  # A run of full blocks of one colour: [first column, count, colour].

        def end_block():
            if block:
                x = PADDING + block[0] * CELL_WIDTH
                out.append(f'<rect x="{x:.1f}" y="{top}" width="{block[1] * CELL_WIDTH:.1f}" height="{LINE_HEIGHT}" '
                           f'fill="{block[2] or FOREGROUND}"/>')
            block.clear()

        for column, character, colour in line:
            if character == "\u2588":
                end_run()
                if block and block[2] == colour and block[0] + block[1] == column:
                    block[1] += 1
                else:
                    end_block()
                    block.extend([column, 1, colour])
                continue
            end_block()
            if character == " ":
                end_run()
            else:
                if run and (colour != run_colour or run[-1][0] + cells(run[-1][1]) != column):
                    end_run()
                run_colour = colour
                run.append((column, character))
        end_run()
        end_block()
    out.append("</svg>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(svg(sys.stdin.read().split("\n")))

#!/usr/bin/env python3
"""Fails when a README code block has drifted from the example file it shows.

A block is tied to a file by the line before its opening fence:
    <!-- example: Examples/GardenPreview/Package.swift -->          the whole file
    <!-- example: Examples/GardenPreview/Sources/X.swift#window --> the lines between
        `// snippet window` and `// end snippet` in that file, their common indent removed
Those files are built and run by Scripts/test, so a README snippet that is shown is one that builds.
Usage: readme-examples.py [README]
"""
import os
import re
import sys
import textwrap

MARKER = re.compile(r"^<!-- example: (\S+?)(?:#([\w-]+))? -->$")


def region(text, name, path):
    lines = text.split("\n")
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == f"// snippet {name}")
    except StopIteration:
        sys.exit(f"{path}: no `// snippet {name}` line")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() == "// end snippet"), None)
    if end is None:
        sys.exit(f"{path}: `// snippet {name}` has no `// end snippet`")
    return textwrap.dedent("\n".join(lines[start + 1:end]))


def main():
    readme = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    root = os.path.dirname(os.path.abspath(readme))
    lines = open(readme, encoding="utf-8").read().split("\n")
    checked, drifted = 0, 0
    for i, line in enumerate(lines):
        m = MARKER.match(line.strip())
        if not m:
            continue
        path, name = m.group(1), m.group(2)
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            sys.exit(f"{readme}:{i + 1}: an example marker must stand right above a code block")
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
        shown = "\n".join(lines[i + 2:end]).rstrip("\n")
        source = open(os.path.join(root, path), encoding="utf-8").read()
        expected = (region(source, name, path) if name else source).rstrip("\n")
        checked += 1
        if shown != expected:
            drifted += 1
            print(f"{readme}:{i + 3}: the block differs from {path}{'#' + name if name else ''}; copy the file's text into it")
    if checked == 0:
        sys.exit(f"{readme}: no <!-- example: ... --> blocks found")
    if drifted:
        sys.exit(1)
    print(f"README: {checked} code blocks match the example files they show")


if __name__ == "__main__":
    main()

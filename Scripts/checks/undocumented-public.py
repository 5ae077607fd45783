#!/usr/bin/env python3
"""Lists public declarations in Sources/ without a `///` doc comment and fails when there is any.

A declaration is a line whose modifiers include `public` or `open` (extensions excluded: they
document nothing of their own). It is documented when the nearest non-blank lines above it,
past attributes on lines of their own (`@inlinable`, `@discardableResult`), are `///` lines or
the end of a `/** ... */` block. Usage: undocumented-public.py [--count] [ROOT]
"""
import os
import re
import sys

DECL = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"          # attributes on the same line
    r"(?:(?:public|open|final|static|class|override|mutating|nonmutating|convenience|required|"
    r"indirect|lazy|nonisolated|dynamic|weak|unowned|package|private\(set\)|internal\(set\)|"
    r"fileprivate\(set\)|borrowing|consuming)\s+)*"
    r"(?:func|var|let|init[?!]?|subscript|struct|class|enum|protocol|typealias|actor|case|associatedtype|macro|deinit)\b"
)
PUBLIC = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:\w+(?:\(set\))?\s+)*?(?:public|open)\s")
ATTRIBUTE_LINE = re.compile(r"^\s*@[\w.]+(?:\(.*\))?\s*$")


def undocumented(path):
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    found = []
    for index, line in enumerate(lines):
        if not PUBLIC.match(line) or not DECL.match(line) or re.match(r"^\s*(?:public|open)\s+extension\b", line):
            continue
        above = index - 1
        while above >= 0 and ATTRIBUTE_LINE.match(lines[above]):
            above -= 1
        previous = lines[above].strip() if above >= 0 else ""
        if previous.startswith("///") or previous.endswith("*/"):
            continue
        found.append((index + 1, line.strip()))
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "..")
    total = 0
    for folder, _, files in sorted(os.walk(os.path.join(root, "Sources"))):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            for number, text in undocumented(path):
                total += 1
                if "--count" not in sys.argv:
                    print(f"{os.path.relpath(path, root)}:{number}: undocumented public declaration: {text[:100]}")
    if total:
        print(f"{total} public declaration(s) without a /// comment (Scripts/checks/undocumented-public.py)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

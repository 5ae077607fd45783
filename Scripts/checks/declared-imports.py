#!/usr/bin/env python3
"""Every target declares exactly the package modules it imports, and docs/ARCHITECTURE.md's
Imports column says so (issue 31, item 1).

SwiftPM's `--explicit-target-dependency-import-check` lets a target import any module it
reaches transitively, so a layer can quietly lean on one it does not declare. This compares
each target's `import` lines with its dependencies in `swift package dump-package`: an import
of a Sprout target or package product that is not declared, or a declared Sprout dependency
that is never imported, fails. Toolchain modules (Foundation, Glibc, Testing...) are not
dependencies and are skipped.

    Scripts/checks/declared-imports.py             check the package
    Scripts/checks/declared-imports.py --graph     print each library target's imports (for docs/ARCHITECTURE.md)
    Scripts/checks/declared-imports.py --self-test plant an undeclared import and see it caught
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMPORT = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)', re.M)
# Products of the package's dependencies, by the modules they bring.
PRODUCT_MODULES = {"ArgumentParser": "ArgumentParser", "Yams": "Yams", "RealModule": "RealModule", "Numerics": "Numerics"}


def dump():
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def declared(target):
    names = set()
    for d in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in d:
                names.add(d[kind][0])
    return names


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)"', re.M)


def public_headers(package):
    """Each C target's public header (its include/ folder's) by file name: a C file's
    `#include "Name.h"` of another target's header is its import of that module."""
    owners = {}
    for t in package["targets"]:
        include = os.path.join(target_path(t), "include")
        if os.path.isdir(include):
            for f in os.listdir(include):
                if f.endswith(".h"):
                    owners[f] = t["name"]
    return owners


def imports(path, headers=None):
    found = set()
    for folder, _, files in os.walk(path):
        for f in files:
            if f.endswith(".swift"):
                with open(os.path.join(folder, f), encoding="utf-8") as h:
                    found.update(IMPORT.findall(h.read()))
            elif headers and f.endswith((".c", ".cpp", ".h")):
                with open(os.path.join(folder, f), encoding="utf-8") as h:
                    found.update(headers[name] for name in INCLUDE.findall(h.read()) if name in headers)
    return found


def target_path(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    return os.path.join(ROOT, "Tests" if target["type"] == "test" else "Sources", target["name"])


def problems(package, planted=None):
    """Each undeclared import and each declared package dependency never imported."""
    targets = [t for t in package["targets"] if t["type"] != "system"]
    ours = {t["name"] for t in package["targets"]}
    headers = public_headers(package)
    report = []
    for t in targets:
        used = imports(target_path(t), headers)
        if planted and planted[0] == t["name"]:
            used.add(planted[1])
        used = {m for m in used if m in ours or m in PRODUCT_MODULES} - {t["name"]}
        wanted = declared(t)
        for m in sorted(used - wanted):
            report.append(f"{t['name']}: imports {m} but does not declare it")
        for m in sorted(wanted - used):
            if m in ours or m in PRODUCT_MODULES:
                report.append(f"{t['name']}: declares {m} but never imports it")
    return report


def architecture_problems(package):
    """docs/ARCHITECTURE.md's Imports column names exactly each module's declared dependencies."""
    targets = {t["name"]: t for t in package["targets"]}
    known = set(targets) | set(PRODUCT_MODULES)
    report = []
    with open(os.path.join(ROOT, "docs", "ARCHITECTURE.md"), encoding="utf-8") as h:
        for line in h:
            m = re.match(r"^\| `(\w+)` \|", line)
            if not m or m.group(1) not in targets or targets[m.group(1)]["type"] not in ("regular", "executable"):
                continue
            name = m.group(1)
            listed = {w for w in re.findall(r"[A-Za-z_]\w*", line.rstrip().rstrip("|").rsplit("|", 1)[-1]) if w in known}
            wanted = declared(targets[name])
            if listed != wanted:
                report.append(f"docs/ARCHITECTURE.md: {name} imports {', '.join(sorted(wanted)) or 'nothing'}; the table says {', '.join(sorted(listed)) or 'nothing'}")
    return report


def main():
    package = dump()
    if "--graph" in sys.argv:
        for t in package["targets"]:
            if t["type"] == "regular":
                deps = sorted(d for d in declared(t) if not d.startswith("C"))
                print(f"{t['name']}: {', '.join(deps) or '(none)'}")
        return 0
    if "--self-test" in sys.argv:
        caught = problems(package, planted=("SproutMath", "SproutGeo"))
        if not any(p == "SproutMath: imports SproutGeo but does not declare it" for p in caught):
            print("self-test: a planted `import SproutGeo` in SproutMath was not caught", file=sys.stderr)
            return 1
        print("self-test: a planted undeclared import is caught")
        return 0
    report = problems(package) + architecture_problems(package)
    for p in report:
        print(p, file=sys.stderr)
    if report:
        print(f"{len(report)} difference(s) between imports and declared dependencies (Package.swift)", file=sys.stderr)
        return 1
    print(f"every target declares exactly the package modules it imports, as docs/ARCHITECTURE.md lists them ({len(package['targets'])} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

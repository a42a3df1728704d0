#!/usr/bin/env python3
"""prefixes.py SOURCE_DIR [--plant FILE:NAME] - one style for internal names.

An internal name (a function, variable, type or macro the public headers do
not declare) is spelled scan_<where>__<what>: <where> is the lib/ directory
that defines it, or the file (util/array.c defines scan_array_reserve). A
reader who meets scan_lockfile__read_sibling knows to open lib/lockfile/.
Other spellings of internal names (scan__x, sast__x) fail anywhere in the
tree. --plant adds one definition to a file as if it were there, to show
the check refuses it.
"""
import os
import re
import sys

INTERNAL = re.compile(r"\bscan_([a-z0-9]+)__[A-Za-z0-9_]+")
OTHER = re.compile(r"\b(?:scan|sast|sca)__[A-Za-z0-9_]+")
# A definition or declaration starts at column 0: a function, a variable,
# a macro, or the name a typedef closes with.
DEFINES = re.compile(
    r"^(?:#\s*define\s+(?P<macro>\w+)"
    r"|\}\s*(?P<typedef>\w+)\s*;"
    r"|(?!return\b)[A-Za-z_][\w \t\*]*?\b(?P<name>scan_[a-z0-9]+__\w+)\s*[\(\[=;,])",
    re.M)


def allowed_places(src, path):
    """The directory, and the stem (or its first word) of any of its files:
    a header may declare what a sibling .c file defines."""
    parts = path.split("/")
    places = {parts[1]}
    for f in os.listdir(os.path.join(src, *parts[:-1])):
        stem = os.path.splitext(f)[0]
        places.update((stem, stem.split("_")[0]))
    return places


def check_text(src, path, text, bad):
    for m in OTHER.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        bad.append("%s:%d: %s: internal names are scan_<dir or file>__<what>" % (path, line, m.group(0)))
    if not path.startswith("lib/"):
        return
    places = allowed_places(src, path)
    for m in DEFINES.finditer(text):
        name = m.group("macro") or m.group("typedef") or m.group("name")
        p = INTERNAL.fullmatch(name) if name else None
        if p and p.group(1) not in places:
            line = text.count("\n", 0, m.start()) + 1
            bad.append("%s:%d: %s is defined in %s; name it scan_%s__..." %
                       (path, line, name, "/".join(path.split("/")[:2]), path.split("/")[1]))


def main():
    src = sys.argv[1]
    planted = {}
    if len(sys.argv) == 4 and sys.argv[2] == "--plant":
        f, _, name = sys.argv[3].partition(":")
        planted[f] = "\nint %s(void);\n" % name
    bad = []
    for top in ("lib", "include", "cmd", "tests/unit", "tests/fuzz"):
        for dirpath, _, files in os.walk(os.path.join(src, top)):
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                full = os.path.join(dirpath, f)
                rel = os.path.relpath(full, src)
                text = open(full, encoding="utf-8", errors="replace").read() + planted.get(rel, "")
                check_text(src, rel, text, bad)
    for b in bad:
        print(b)
    if bad:
        print("prefixes: %d name(s) out of style" % len(bad))
        return 1
    print("prefixes: every internal name is scan_<dir or file>__<what>")
    return 0


if __name__ == "__main__":
    sys.exit(main())

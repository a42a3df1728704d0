#!/usr/bin/env python3
"""readmes.py SOURCE_DIR - every lib/ directory has a README.md that stays true.

Each lib/DIR/README.md must exist, name in its "May include:" line exactly
the edges tests/lint/layers.txt allows DIR, mention under "## Files" every
.c file of the directory and every header that has no .c of its name, name
there no file that does not exist, and name only test files and fuzz
targets that exist.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layers  # noqa: E402


def main():
    src = sys.argv[1]
    allowed = layers.read_allowed(os.path.join(src, "tests", "lint", "layers.txt"))
    units = set(os.listdir(os.path.join(src, "tests", "unit")))
    fuzz = set(os.listdir(os.path.join(src, "tests", "fuzz", "corpus")))
    bad = []
    lib = os.path.join(src, "lib")
    for d in sorted(os.listdir(lib)):
        full = os.path.join(lib, d)
        if not os.path.isdir(full) or d.startswith((".", "__")):
            continue
        path = os.path.join(full, "README.md")
        if not os.path.exists(path):
            bad.append("lib/%s has no README.md" % d)
            continue
        text = open(path, encoding="utf-8").read()
        m = re.search(r"^May include: (.*) \(`tests/lint/layers.txt`\)\.$", text, re.M)
        named = set(re.findall(r"`([a-z_]+)`", m.group(1))) if m else None
        if named != allowed.get(d, set()):
            bad.append("lib/%s/README.md: 'May include' says %s, layers.txt allows %s" %
                       (d, sorted(named or []), sorted(allowed.get(d, set()))))
        files = {f for f in os.listdir(full) if f.endswith((".c", ".h"))}
        section = text.split("## Files", 1)[-1].split("\n## ", 1)[0]
        mentioned = set(re.findall(r"`([a-z_0-9*]+\.[ch])`", section))

        def covered(f):
            # a header is covered by its .c; "extract_*.c" covers every extract_x.c
            stem = f[:-2]
            return (f in mentioned or (f.endswith(".h") and stem + ".c" in mentioned) or
                    any(re.fullmatch(p.replace("*", ".*"), f) for p in mentioned if "*" in p))
        for f in sorted(files):
            if not covered(f):
                bad.append("lib/%s/README.md does not mention %s" % (d, f))
        for f in sorted(mentioned):
            if "*" not in f and f not in files and not f.startswith("test_"):
                bad.append("lib/%s/README.md names %s, which lib/%s does not have" % (d, f, d))
        for t in re.findall(r"`(test_[a-z_0-9]+\.c)`", text):
            if t not in units:
                bad.append("lib/%s/README.md names tests/unit/%s, which does not exist" % (d, t))
        for line in text.splitlines():
            if "fuzz target" in line:
                for t in re.findall(r"`([a-z_]+)`", line.split("fuzz target", 1)[1]):
                    if t not in fuzz:
                        bad.append("lib/%s/README.md names fuzz target %s, which does not exist" % (d, t))
    for b in bad:
        print("readmes: " + b)
    print("%d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

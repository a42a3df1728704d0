#!/usr/bin/env python3
"""layers.py SOURCE_DIR [--plant FILE:HEADER] [--allow A:B] - the include graph of lib/ against its allowed edges.

Every `#include "dir/x.h"` from lib/A/ to lib/B/ is an edge A -> B; "scan/x.h"
is the public API ("api"), include/scan/. An edge not listed in
tests/lint/layers.txt fails, and so does a cycle among the listed edges, so
layers point downward only and a new upward include is caught in review.
--plant adds one include to a file as if it were there, and --allow one edge
to the table, to show the check refuses them.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/[^"]+"', re.M)


def read_allowed(path):
    allowed = {}
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        src, _, dsts = line.partition(":")
        allowed.setdefault(src.strip(), set()).update(dsts.split())
    return allowed


def node(src_dir, top, header):
    return "api" if top == "scan" else top


def cycle(allowed):
    """A cycle among the allowed edges, as a list of directories, or None."""
    state = {}

    def visit(n, path):
        state[n] = "open"
        for m in sorted(allowed.get(n, ())):
            if state.get(m) == "open":
                return path[path.index(m):] + [m] if m in path else [n, m]
            if m not in state:
                found = visit(m, path + [m])
                if found:
                    return found
        state[n] = "done"
        return None

    for n in sorted(allowed):
        if n not in state:
            found = visit(n, [n])
            if found:
                return found
    return None


def edges(src_dir, planted):
    found = {}
    lib = os.path.join(src_dir, "lib")
    for d in sorted(os.listdir(lib)):
        full = os.path.join(lib, d)
        if not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            if not f.endswith((".c", ".h")):
                continue
            rel = "lib/%s/%s" % (d, f)
            text = open(os.path.join(full, f), encoding="utf-8", errors="replace").read()
            headers = [m.group(0).split('"')[1] for m in INCLUDE.finditer(text)]
            headers += [h for (pf, h) in planted if pf == rel]
            for h in headers:
                dst = node(src_dir, h.split("/", 1)[0], h)
                if dst != d:
                    found.setdefault((d, dst), rel)
    return found


def main():
    args = sys.argv[1:]
    planted = []
    if "--plant" in args:
        i = args.index("--plant")
        f, _, h = args[i + 1].partition(":")
        planted.append((f, h))
        del args[i:i + 2]
    extra = []
    if "--allow" in args:
        i = args.index("--allow")
        extra.append(args[i + 1].split(":", 1))
        del args[i:i + 2]
    src_dir = args[0]
    allowed = read_allowed(os.path.join(src_dir, "tests", "lint", "layers.txt"))
    for a, b in extra:
        allowed.setdefault(a, set()).add(b)
    loop = cycle(allowed)
    if loop:
        print("layers: tests/lint/layers.txt allows a cycle: %s" % " -> ".join(loop))
        print("0 passed, 1 failed")
        return 1
    bad = [(a, b, where) for (a, b), where in sorted(edges(src_dir, planted).items())
           if b not in allowed.get(a, set())]
    for a, b, where in bad:
        print("layers: lib/%s includes %s (%s): not an allowed edge in tests/lint/layers.txt" % (a, b, where))
    if bad:
        print("0 passed, 1 failed")
        return 1
    print("1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

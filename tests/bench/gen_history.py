#!/usr/bin/env python3
"""gen_history.py DIR SIZE_MB [COMMITS] - a git repository whose history holds
about SIZE_MB of unique blob content: COMMITS commits, each adding or changing
a few source files (deterministic). Written with `git fast-import`."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from gen_tree import LINES  # noqa: E402


def blob(rng, ext, size):
    out, n = [], 0
    while n < size:
        line = rng.choice(LINES[ext]).format(n=rng.randint(0, 99999)) + "\n"
        out.append(line)
        n += len(line)
    return "".join(out).encode()


def main():
    root, size_mb = sys.argv[1], int(sys.argv[2])
    commits = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    os.makedirs(root, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", root], check=True)
    rng = random.Random(7)
    per_commit = size_mb * 1_000_000 // commits
    exts = list(LINES)
    paths = [f"pkg{i % 30:02d}/file{i:05d}.{exts[i % len(exts)]}" for i in range(3000)]
    fi = subprocess.Popen(["git", "fast-import", "--quiet"], cwd=root, stdin=subprocess.PIPE)
    w = fi.stdin.write
    for c in range(commits):
        w(f"commit refs/heads/main\ncommitter Bench <b@example.com> {1600000000 + c * 60} +0000\n".encode())
        msg = f"change {c}\n".encode()
        w(b"data %d\n%s" % (len(msg), msg))
        # fast-import continues refs/heads/main from its previous commit by itself.
        written = 0
        while written < per_commit:
            path = rng.choice(paths)
            data = blob(rng, path.rsplit(".", 1)[1], rng.randint(4_000, 60_000))
            w(f"M 100644 inline {path}\n".encode())
            w(b"data %d\n" % len(data))
            w(data)
            w(b"\n")
            written += len(data)
    fi.stdin.close()
    if fi.wait() != 0:
        sys.exit("fast-import failed")
    subprocess.run(["git", "checkout", "-q", "main"], cwd=root, check=True)


if __name__ == "__main__":
    main()

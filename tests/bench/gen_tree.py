#!/usr/bin/env python3
"""gen_tree.py DIR SIZE_MB - a source-like tree for benchmarks: nested
directories of Python, JavaScript, Go, C and Java files of 8-120 KB made of
varied code lines (deterministic: the same arguments give the same tree)."""
import os
import random
import sys

LINES = {
    "py": ["def handler_{n}(request, user_id):", "    result = compute(user_id, {n})",
           "    if result is None:", "        raise ValueError('missing {n}')", "    return {{'id': {n}}}",
           "# comment about item {n}", "import os, sys", "class Model{n}(Base):", "    name = 'model_{n}'"],
    "js": ["function handler{n}(req, res) {{", "  const value = compute(req.params.id, {n});",
           "  if (!value) {{ return res.status(404).send('missing'); }}", "  return res.json({{ id: {n} }});",
           "}}", "// comment about item {n}", "export const config{n} = {{ retries: 3 }};"],
    "go": ["func Handler{n}(w http.ResponseWriter, r *http.Request) {{", "\tv, err := compute(r, {n})",
           "\tif err != nil {{", "\t\treturn", "\t}}", "\t_ = v", "}}", "// comment about item {n}"],
    "c": ["static int handler_{n}(struct req *r)", "{{", "\tint v = compute(r, {n});", "\tif (v < 0)",
          "\t\treturn -1;", "\treturn v;", "}}", "/* comment about item {n} */"],
    "java": ["public int handler{n}(Request r) {{", "    int v = compute(r, {n});",
             "    if (v < 0) {{ throw new IllegalStateException(\"bad\"); }}", "    return v;", "}}",
             "// comment about item {n}"],
}


def main():
    root, size_mb = sys.argv[1], int(sys.argv[2])
    rng = random.Random(42)
    target = size_mb * 1_000_000
    written = 0
    i = 0
    exts = list(LINES)
    while written < target:
        d = os.path.join(root, f"pkg{i % 40:02d}", f"mod{(i // 40) % 25:02d}")
        os.makedirs(d, exist_ok=True)
        ext = exts[i % len(exts)]
        want = rng.randint(8_000, 120_000)
        out = []
        n = 0
        size = 0
        while size < want:
            line = rng.choice(LINES[ext]).format(n=rng.randint(0, 99999)) + "\n"
            out.append(line)
            size += len(line)
            n += 1
        data = "".join(out)
        with open(os.path.join(d, f"file{i:06d}.{ext}"), "w") as f:
            f.write(data)
        written += len(data)
        i += 1


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""tests/bench/dup_compare.py RAMPART_JSON TREE NAME=JSCPD_REPORT... - how
alike Rampart's duplication findings and jscpd's clones are, on one tree.

Clone counts alone say little: a block copied into five files is four pairs
in any tool, but which four depends on the order it reads files in. So this
compares duplicated lines too (a line is duplicated when either side of a
clone spans it) and prints, for each report, its clones and lines, the lines
both tools mark, and how many of each tool's clone pairs the other found
(both sides overlapping)."""
import json
import os
import re
import sys

TITLE = re.compile(r'Lines (\d+)-(\d+) duplicate lines (\d+)-(\d+) of (.*) \((\d+) tokens\)$')


def rampart_pairs(path):
    pairs = []
    for f in json.load(open(path))['findings']:
        if f['rule_id'] != 'quality/duplicated-block':
            continue
        m = TITLE.match(f['title'])
        if not m:
            sys.exit('unexpected duplication title: %r' % f['title'])
        other = f['file_path'] if m.group(5) == 'this file' else m.group(5)
        pairs.append(((f['file_path'], int(m.group(1)), int(m.group(2))),
                      (other, int(m.group(3)), int(m.group(4)))))
    return pairs


def jscpd_pairs(path, root):
    """jscpd names files relative to the directory it ran in (this one), or to the tree."""
    top = os.path.abspath(root) + '/'
    pairs = []
    for d in json.load(open(path))['duplicates']:
        side = []
        for k in ('firstFile', 'secondFile'):
            name = d[k]['name']
            full = os.path.normpath(os.path.join(os.getcwd(), name))
            if full.startswith(top) and os.path.exists(full):
                name = full[len(top):]
            side.append((name, d[k]['startLoc']['line'], d[k]['endLoc']['line']))
        pairs.append(tuple(side))
    return pairs


def lines(pairs):
    return {(f, l) for p in pairs for (f, a, b) in p for l in range(a, b + 1)}


def overlap(x, y):
    return x[0] == y[0] and x[1] <= y[2] and y[1] <= x[2]


def found(p, others):
    """others: clone pairs by file name, so each look-up is short."""
    for q in others.get(p[0][0], ()):
        if (overlap(p[0], q[0]) and overlap(p[1], q[1])) or (overlap(p[0], q[1]) and overlap(p[1], q[0])):
            return True
    return False


def by_file(pairs):
    index = {}
    for p in pairs:
        for side in {p[0][0], p[1][0]}:
            index.setdefault(side, []).append(p)
    return index


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    r = rampart_pairs(sys.argv[1])
    rl, ri = lines(r), by_file(r)
    print('%-14s %6d clones  %7d duplicated lines' % ('rampart', len(r), len(rl)))
    for arg in sys.argv[3:]:
        name, path = arg.split('=', 1)
        j = jscpd_pairs(path, sys.argv[2])
        jl, ji = lines(j), by_file(j)
        both = len(rl & jl)
        print('%-14s %6d clones  %7d duplicated lines; both mark %d lines: %.0f%% of %s\'s, %.0f%% of rampart\'s;'
              ' pairs found by the other: rampart %d of %d, %s %d of %d' %
              (name, len(j), len(jl), both, 100.0 * both / max(len(jl), 1), name, 100.0 * both / max(len(rl), 1),
               sum(found(p, ri) for p in j), len(j), name, sum(found(p, ji) for p in r), len(r)))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Checks rampart's dead-code findings against the fixtures' annotations.

A line where a finding must start ends with a comment naming its rule(s):

    import os  # expect: unused-import
    x = 1      # expect: unused-local-variable unreachable-code

Every other line of every fixture must produce none of these rules.

usage: check_deadcode.py RAMPART FIXTURE_DIR

With DEADCODE_DRIVER set, that command (split like a shell would) is run
with FIXTURE_DIR appended instead of `RAMPART scan`, and must print the
same JSON shape: {"findings": [{"file_path", "line_number", "rule_id"}]}.
RAMPART is then ignored (pass anything).
"""
import json
import os
import re
import shlex
import subprocess
import sys

RULES = ('unused-import', 'unused-private-function', 'unused-local-variable', 'unused-parameter',
         'unreachable-code')
EXPECT = re.compile(r'expect:((?:\s*[a-z-]+)+)')


def expectations(root):
    """The set of (file, line, rule) the annotations ask for."""
    want = set()
    for dirpath, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root).replace(os.sep, '/')
            with open(path, encoding='utf-8') as f:
                for no, line in enumerate(f, 1):
                    m = EXPECT.search(line)
                    if not m:
                        continue
                    for rule in m.group(1).split():
                        if rule not in RULES:
                            sys.exit('%s:%d: unknown rule %r' % (rel, no, rule))
                        want.add((rel, no, rule))
    return want


def findings(doc):
    """The set of (file, line, rule) reported, for the dead-code rules only."""
    got = set()
    for f in doc.get('findings', []):
        rule = f.get('rule_id', '')
        if rule.startswith('quality/') and rule[len('quality/'):] in RULES:
            got.add((f['file_path'], f['line_number'], rule[len('quality/'):]))
    return got


def compare(want, got):
    """Prints misses and false reports; returns how many there were."""
    for rel, no, rule in sorted(want - got):
        print('MISS  %s:%d: %s' % (rel, no, rule))
    for rel, no, rule in sorted(got - want):
        print('FALSE %s:%d: %s' % (rel, no, rule))
    return len(want - got) + len(got - want)


def run(rampart, root):
    driver = os.environ.get('DEADCODE_DRIVER')
    if driver:
        cmd = shlex.split(driver) + [root]
    else:
        cmd = [rampart, 'scan', root, '--analyzers', 'quality', '--no-store', '--format', 'json',
               '--min-confidence', '0']
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('%s failed (%d): %s' % (cmd[0], out.returncode, out.stderr))
    return json.loads(out.stdout)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rampart, root = sys.argv[1], sys.argv[2]
    want = expectations(root)
    got = findings(run(rampart, root))
    bad = compare(want, got)
    print('%d expected findings, %d reported, %d differences' % (len(want), len(got), bad))
    sys.exit(1 if bad or not want else 0)


if __name__ == '__main__':
    main()

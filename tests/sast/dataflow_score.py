#!/usr/bin/env python3
"""tests/sast/dataflow_score.py RAMPART DATAFLOW_DIR [--check] [--scan-type smart|deep] [--lang L] [--show]

The labelled data-flow suite (tests/sast/dataflow/README.md). Each language
directory is scanned on its own with the built-in rules at the default
confidence tier, as a user's scan runs. Annotations name a CWE on the line
before a sink line:

    # expect: CWE-89     a real flow: a finding of that CWE must be on the next code line
    # ok: CWE-89         a safe look-alike: no finding of that CWE there

A finding of a CWE the suite covers is a true positive on an `expect` line of
its CWE, and a false positive anywhere else. Prints recall and precision per
language and per CWE. --check exits 1 unless every language reaches recall
>= 0.90 and precision >= 0.90. --show lists each miss and false positive.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

ANNOT = re.compile(r'(?:#|//|/\*)\s*(expect|ok):\s*(CWE-\d+)')
COVERED = {'CWE-89', 'CWE-78', 'CWE-90', 'CWE-643', 'CWE-22', 'CWE-79', 'CWE-601', 'CWE-95', 'CWE-502',
           'CWE-611', 'CWE-918', 'CWE-501', 'CWE-117', 'CWE-113'}
# the same flaw under a neighbouring id
SAME = {'CWE-94': 'CWE-95', 'CWE-77': 'CWE-78', 'CWE-23': 'CWE-22', 'CWE-36': 'CWE-22', 'CWE-73': 'CWE-22',
        # the suite labels calling a method or class the request names (send, constantize) as code injection
        'CWE-470': 'CWE-95'}
RECALL_MIN = PRECISION_MIN = 0.90


def annotations(root):
    expect, ok = set(), set()
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            with open(path, encoding='utf-8', errors='replace') as f:
                lines = f.read().split('\n')
            pending = []
            for no, text in enumerate(lines, 1):
                found = ANNOT.findall(text)
                if found and not ANNOT.sub('', text).strip(' \t#/*'):
                    pending.extend(found)
                    continue
                if not text.strip():
                    continue
                for kind, cwe in pending:
                    (expect if kind == 'expect' else ok).add((rel, no, cwe))
                pending = []
    return expect, ok


def scan(rampart, root, scan_type):
    out = subprocess.run([rampart, 'scan', root, '--analyzers', 'sast', '--no-store', '--format', 'json',
                          '--scan-type', scan_type], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('scan of %s failed: %s' % (root, out.stderr.strip()))
    return json.loads(out.stdout)['findings']


def ratio(a, b):
    return a / b if b else 1.0


def main():
    argv = sys.argv[1:]
    check, show = '--check' in argv, '--show' in argv
    scan_type = argv[argv.index('--scan-type') + 1] if '--scan-type' in argv else 'deep'
    only = argv[argv.index('--lang') + 1] if '--lang' in argv else None
    args = [a for i, a in enumerate(argv) if not a.startswith('--') and (i == 0 or argv[i - 1] not in
                                                                          ('--scan-type', '--lang'))]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    rampart, top = args
    failing = []
    by_cwe = defaultdict(lambda: [0, 0, 0])
    print('%-11s %5s %6s %5s %5s %8s %9s' % ('language', 'TP', 'missed', 'FP', 'safe', 'recall', 'precision'))
    for lang in sorted(os.listdir(top)):
        root = os.path.join(top, lang)
        if not os.path.isdir(root) or (only and lang != only):
            continue
        expect, ok = annotations(root)
        hit, fps = set(), []
        for f in scan(rampart, root, scan_type):
            cwe = SAME.get(f.get('cwe_id'), f.get('cwe_id'))
            if cwe not in COVERED:
                continue
            key = (f['file_path'], f['line_number'], cwe)
            if key in expect:
                hit.add(key)
            else:
                fps.append((key, f['rule_id']))
        for key in expect:
            by_cwe[key[2]][0 if key in hit else 1] += 1
        for key, _ in fps:
            by_cwe[key[2]][2] += 1
        tp, missed, fp = len(hit), len(expect) - len(hit), len(fps)
        recall, precision = ratio(tp, len(expect)), ratio(tp, tp + fp)
        safe = len(ok) - len({k for k, _ in fps if k in ok})
        print('%-11s %5d %6d %5d %5d %8.3f %9.3f' % (lang, tp, missed, fp, safe, recall, precision))
        if recall < RECALL_MIN or precision < PRECISION_MIN:
            failing.append(lang)
        if show:
            for key in sorted(expect - hit):
                print('  missed  %s:%d %s' % key)
            for key, rule in sorted(fps):
                print('  FP      %s:%d %s  %s%s' % (key + (rule, '  (ok)' if key in ok else '')))
    print()
    print('%-8s %5s %6s %5s %8s %9s' % ('CWE', 'TP', 'missed', 'FP', 'recall', 'precision'))
    for cwe in sorted(by_cwe, key=lambda c: int(c[4:])):
        tp, missed, fp = by_cwe[cwe]
        print('%-8s %5d %6d %5d %8.3f %9.3f' % (cwe, tp, missed, fp, ratio(tp, tp + missed), ratio(tp, tp + fp)))
    if check and failing:
        print('below recall %.2f or precision %.2f: %s' % (RECALL_MIN, PRECISION_MIN, ', '.join(failing)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())

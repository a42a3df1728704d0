#!/usr/bin/env python3
"""tests/sast/score.py RAMPART ACCURACY_DIR [--check] [--markdown]

The labelled accuracy suite of the code and IaC rules. Files under
ACCURACY_DIR carry annotations on the line before a code line:

    # expect: RULE_ID    the next code line must be reported by RULE_ID
    # ok: RULE_ID        the next code line is a safe look-alike RULE_ID must not report

(`//` and `--` comments work too). The directory is scanned with every
built-in rule at confidence 0; each finding is a true positive when an
`expect` names its rule and line, otherwise a false positive. Prints, per
CWE: true positives, missed, false positives, look-alikes correctly left
alone, recall and precision. With --check, exits 1 when overall precision
falls below 0.90 or recall below 0.85, or when any rule named in an
annotation does not exist.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

ANNOT = re.compile(r'(?:#|//|--|/\*)\s*(expect|ok):\s*([A-Za-z0-9._-]+)')


def annotations(root):
    expect, ok = {}, {}
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
                if found and not ANNOT.sub('', text).strip(' \t#/-*'):
                    pending.extend(found)
                    continue
                if not text.strip():
                    continue
                for kind, rule in pending:
                    (expect if kind == 'expect' else ok)[(rel, no, rule)] = True
                pending = []
    return expect, ok


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    check = '--check' in sys.argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    rampart, root = args
    rules = json.loads(subprocess.run([rampart, 'rules', 'list', '--format', 'json'], check=True,
                                      capture_output=True, text=True).stdout)
    cwe_of = {}
    # one flaw under neighbouring ids: code injection (CWE-94 and its eval case CWE-95)
    same = {'CWE-94': 'CWE-95'}
    for r in rules:
        rid = r['id'].split('/', 1)[1]
        cwe_of[rid] = same.get(r['cwe'], r['cwe']) or 'none'
    out = subprocess.run([rampart, 'scan', root, '--analyzers', 'sast', '--no-store', '--min-confidence', '0',
                          '--format', 'json', '-q', '--no-default-excludes'], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        print(out.stderr, file=sys.stderr)
        return 2
    findings = json.loads(out.stdout)['findings']
    expect, ok = annotations(root)
    unknown = sorted({r for (_, _, r) in list(expect) + list(ok) if r not in cwe_of})
    stats = defaultdict(lambda: defaultdict(int))
    hit = set()
    # the lines annotated for a rule, by file, line and the rule's CWE
    expect_by_cwe = defaultdict(list)
    for key in expect:
        expect_by_cwe[(key[0], key[1], cwe_of.get(key[2], 'none'))].append(key)
    for f in findings:
        rid = f['rule_id'].split('/', 1)[1]
        key = (f['file_path'], f['line_number'], rid)
        cwe = cwe_of.get(rid, 'none')
        # A taint rule's finding stands for a pattern rule's of the same CWE on its sink line or on a
        # line of its flow: the engine reports the flaw once, with its flow (docs/rules.md).
        flow_keys = []
        if f.get('dataflow') and cwe != 'none':
            for line in {f['line_number']} | {s['line'] for s in f['dataflow']}:
                flow_keys.extend(expect_by_cwe.get((f['file_path'], line, cwe), []))
        if key in expect:
            hit.add(key)
        elif flow_keys:
            hit.update(flow_keys)
        else:
            stats[cwe]['fp'] += 1
            if key in ok:
                stats[cwe]['fp_lookalike'] += 1
            print('false positive: %s:%d %s' % key, file=sys.stderr)
    for key in expect:
        cwe = cwe_of.get(key[2], 'none')
        if key in hit:
            stats[cwe]['tp'] += 1
        else:
            stats[cwe]['fn'] += 1
            print('missed: %s:%d %s' % key, file=sys.stderr)
    for key in ok:
        if key not in {(f['file_path'], f['line_number'], f['rule_id'].split('/', 1)[1]) for f in findings}:
            stats[cwe_of.get(key[2], 'none')]['tn'] += 1
    total = defaultdict(int)
    print('%-10s %5s %6s %5s %10s %8s %9s %13s' % ('CWE', 'TP', 'missed', 'FP', 'safe kept', 'recall', 'precision', 'look-alike FP'))
    def row(name, s):
        tp, fn, fp, tn, fpl = s['tp'], s['fn'], s['fp'], s['tn'], s['fp_lookalike']
        rec = tp / (tp + fn) if tp + fn else 1.0
        prec = tp / (tp + fp) if tp + fp else 1.0
        fpr = fpl / (fpl + tn) if fpl + tn else 0.0
        print('%-10s %5d %6d %5d %10d %8.3f %9.3f %13.3f' % (name, tp, fn, fp, tn, rec, prec, fpr))
        return rec, prec
    for cwe in sorted(stats, key=lambda c: (len(c), c)):
        row(cwe, stats[cwe])
        for k, v in stats[cwe].items():
            total[k] += v
    rec, prec = row('all', total)
    if unknown:
        print('annotations name unknown rules: ' + ', '.join(unknown), file=sys.stderr)
    if check and (unknown or prec < 0.90 or rec < 0.85):
        print('accuracy below the bar (precision >= 0.90, recall >= 0.85)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())

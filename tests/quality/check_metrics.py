#!/usr/bin/env python3
"""Checks rampart's code metrics against the hand-computed values written in
the fixtures' comments:

    expect: NAME key=value ...      (the next function named NAME in the file)
    expect-file: key=value ...      (lines, code, comment, blank of the file)

usage: check_metrics.py RAMPART FIXTURE_DIR
"""
import json
import os
import re
import subprocess
import sys

FN_KEYS = {'cognitive', 'cyclomatic', 'params', 'nesting', 'code_lines', 'line'}
FILE_KEYS = {'lines': 'lines', 'code': 'code_lines', 'comment': 'comment_lines', 'blank': 'blank_lines'}


def expectations(path):
    fns, file_exp = [], {}
    with open(path, encoding='utf-8') as f:
        for no, line in enumerate(f, 1):
            m = re.search(r'expect-file:((?:\s+\w+=\d+)+)', line)
            if m:
                file_exp = {FILE_KEYS[k]: int(v) for k, v in re.findall(r'(\w+)=(\d+)', m.group(1))}
                continue
            m = re.search(r'expect:\s+(\S+)((?:\s+\w+=\d+)+)', line)
            if m:
                kv = {k: int(v) for k, v in re.findall(r'(\w+)=(\d+)', m.group(2))}
                bad = set(kv) - FN_KEYS
                if bad:
                    sys.exit('%s:%d: unknown keys %s' % (path, no, bad))
                fns.append((no, m.group(1), kv))
    return fns, file_exp


def main():
    rampart, root = sys.argv[1], sys.argv[2]
    out = subprocess.run([rampart, 'scan', root, '--no-store', '--analyzers', 'quality', '--format', 'json',
                          '--min-confidence', '0'], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('rampart failed (%d): %s' % (out.returncode, out.stderr))
    files = {m['path']: m for m in json.loads(out.stdout).get('metrics', {}).get('files', [])}
    failures = checked = 0
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            fns, file_exp = expectations(path)
            if not fns and not file_exp:
                continue
            got = files.get(rel)
            if got is None:
                print('FAIL %s: no metrics' % rel)
                failures += 1
                continue
            for k, v in file_exp.items():
                checked += 1
                if got[k] != v:
                    print('FAIL %s: %s is %d, expected %d' % (rel, k, got[k], v))
                    failures += 1
            for no, fname, kv in fns:
                cands = [f for f in got['functions'] if f['name'] == fname and f['line'] > no]
                if not cands:
                    print('FAIL %s:%d: no function %s after the expectation' % (rel, no, fname))
                    failures += 1
                    continue
                fn = min(cands, key=lambda f: f['line'])
                for k, v in kv.items():
                    checked += 1
                    if fn[k] != v:
                        print('FAIL %s:%d: %s %s is %d, expected %d' % (rel, fn['line'], fname, k, fn[k], v))
                        failures += 1
    print('%d values checked, %d wrong' % (checked, failures))
    sys.exit(1 if failures or not checked else 0)


main()

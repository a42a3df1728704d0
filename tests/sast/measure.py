#!/usr/bin/env python3
"""tests/sast/measure.py RAMPART [--check] [--write] [--report]

A code rule's confidence is its measured precision. This scans the three
labelled suites with every rule at confidence 0 - the accuracy suite
(tests/sast/accuracy, annotations name rules), the data-flow suite
(tests/sast/dataflow, annotations name CWEs, deep scans) and, for the AI
rules, the AI detection suite (tests/ai/apps, labels name AI rules) - and
counts, per rule, the findings that are true (an annotation of the rule, or
of its CWE on the finding's line or a line of its flow; a label of the
finding's AI rule on its file and line) and false.

  --report  prints every rule with its findings, measured precision and stated confidence
  --write   sets `confidence:` in the rule files to the measured precision (rules with
            at least MIN_SAMPLES findings; an injection pattern rule with fewer takes its
            class's pooled precision, an AI code rule the pooled precision of its AI rule's
            code rules), and raises critical and high rules nothing measures to the default tier
  --check   exits 1 when a rule with at least MIN_SAMPLES findings states a confidence more
            than TOLERANCE from its measured precision, or a critical or high rule sits
            below the default tier without a measurement that puts it there
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import dataflow_score  # noqa: E402
import score  # noqa: E402

MIN_SAMPLES = 5
TOLERANCE = 10
DEFAULT_TIER = 80
# languages whose injection flaws taint rules follow: a pattern rule of an injection CWE there is the old way
TAINT_LANGS = ('python', 'javascript', 'typescript', 'java', 'php', 'go', 'csharp', 'ruby', 'kotlin', 'rust', 'c', 'cpp', 'bash')


def injection_pattern(r, cwe):
    """A pattern rule (not taint) of an injection CWE the data-flow suite covers, in a language with taint rules."""
    langs = (r.get('languages') or '').split(',')
    # AI rules match constructs (a shell tool given to an agent), not a flow their CWE's taint rules follow
    return cwe in dataflow_score.COVERED and r.get('kind') != 'taint' and r.get('category') != 'ai' and \
        any(l.strip() in TAINT_LANGS for l in langs)


def scan(rampart, root, extra, defaults=False):
    """Every rule's findings in root at confidence 0 (defaults: with the default excludes, as tests/ai/score.py scans)."""
    out = subprocess.run([rampart, 'scan', root, '--analyzers', 'sast', '--no-store', '--min-confidence', '0',
                          '--format', 'json', '-q'] + ([] if defaults else ['--no-default-excludes']) + extra,
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(out.stderr)
    return json.loads(out.stdout)['findings']


def main():
    argv = sys.argv[1:]
    if not argv or argv[0].startswith('--'):
        print(__doc__, file=sys.stderr)
        return 2
    rampart = argv[0]
    rules = json.loads(subprocess.run([rampart, 'rules', 'list', '--format', 'json'], check=True,
                                      capture_output=True, text=True).stdout)
    same = dict(dataflow_score.SAME)
    cwe_of, info = {}, {}
    for r in rules:
        rid = r['id'].split('/', 1)[1]
        cwe_of[rid] = same.get(r['cwe'], r['cwe']) if r['cwe'] else None
        info[rid] = r
    tp, fp = defaultdict(int), defaultdict(int)

    # the accuracy suite: annotations name rules
    acc = os.path.join(HERE, 'accuracy')
    expect, _ = score.annotations(acc)
    by_cwe = defaultdict(set)
    for (path, line, rid) in expect:
        by_cwe[(path, line, cwe_of.get(rid))].add(rid)
    for f in scan(rampart, acc, []):
        rid = f['rule_id'].split('/', 1)[1]
        lines = {f['line_number']} | {s['line'] for s in f.get('dataflow') or [] if not s.get('file_path')}
        hit = (f['file_path'], f['line_number'], rid) in expect or \
            (f.get('dataflow') and any((f['file_path'], ln, cwe_of.get(rid)) in by_cwe for ln in lines))
        (tp if hit else fp)[rid] += 1

    # the data-flow suite: annotations name CWEs; only findings of the CWEs it covers count
    top = os.path.join(HERE, 'dataflow')
    for lang in sorted(os.listdir(top)):
        root = os.path.join(top, lang)
        if not os.path.isdir(root):
            continue
        dexpect, _ = dataflow_score.annotations(root)
        for f in scan(rampart, root, ['--scan-type', 'deep']):
            rid = f['rule_id'].split('/', 1)[1]
            cwe = same.get(f.get('cwe_id'), f.get('cwe_id'))
            if cwe not in dataflow_score.COVERED:
                continue
            (tp if (f['file_path'], f['line_number'], cwe) in dexpect else fp)[rid] += 1

    # the AI detection suite: labels name AI rules (AI024), one application per directory, scanned as one tree
    apps = os.path.join(ROOT, 'tests', 'ai', 'apps')
    labels = set()
    for app in sorted(os.listdir(apps)):
        if os.path.isfile(os.path.join(apps, app, 'expect.json')):
            with open(os.path.join(apps, app, 'expect.json'), encoding='utf-8') as fh:
                labels |= {(x['rule'], app + '/' + x['file'], x['line']) for x in json.load(fh).get('findings', [])}
    for f in scan(rampart, apps, [], defaults=True):
        if f.get('ai_rule'):
            rid = f['rule_id'].split('/', 1)[1]
            (tp if (f['ai_rule'], f['file_path'], f['line_number']) in labels else fp)[rid] += 1

    measured = {}
    for rid in set(tp) | set(fp):
        n = tp[rid] + fp[rid]
        measured[rid] = (tp[rid], fp[rid], tp[rid] / n)
    # injection pattern rules with too few findings of their own are measured as their class
    pool = [rid for rid in info if injection_pattern(info[rid], cwe_of.get(rid))]
    ptp, pfp = sum(tp[r] for r in pool), sum(fp[r] for r in pool)
    pooled = (ptp, pfp, ptp / (ptp + pfp)) if ptp + pfp else None
    for rid in pool:
        m = measured.get(rid)
        if pooled and (not m or m[0] + m[1] < MIN_SAMPLES):
            measured[rid] = (pooled[0], pooled[1], pooled[2])
    # an AI rule's code rules with too few findings of their own are measured together (every AI024 rule)
    by_ai = defaultdict(list)
    for rid, r in info.items():
        if r.get('ai_rule'):
            by_ai[r['ai_rule']].append(rid)
    for ai, rids in sorted(by_ai.items()):
        atp, afp = sum(tp[r] for r in rids), sum(fp[r] for r in rids)
        if atp + afp < MIN_SAMPLES:
            continue
        for rid in rids:
            m = measured.get(rid)
            if not m or m[0] + m[1] < MIN_SAMPLES:
                measured[rid] = (atp, afp, atp / (atp + afp))
        if '--report' in argv:
            print('%s rules, pooled: %d true, %d false, precision %.2f (%d rules)'
                  % (ai, atp, afp, atp / (atp + afp), len(rids)))
    if '--report' in argv and pooled:
        print('injection pattern rules, pooled: %d true, %d false, precision %.2f (%d rules)'
              % (ptp, pfp, pooled[2], len(pool)))

    problems = []
    for rid, r in sorted(info.items()):
        conf = r.get('confidence')
        m = measured.get(rid)
        if m and m[0] + m[1] >= MIN_SAMPLES:
            if abs(conf - round(m[2] * 100)) > TOLERANCE:
                problems.append('%s: confidence %d, measured precision %.2f over %d findings'
                                % (rid, conf, m[2], m[0] + m[1]))
        elif r['severity'] in ('critical', 'high') and conf < DEFAULT_TIER:
            problems.append('%s: %s rule below the default tier (%d) with no measurement (%s)'
                            % (rid, r['severity'], conf, 'none' if not m else '%d findings' % (m[0] + m[1])))
    if '--report' in argv:
        print('%-48s %-8s %4s %4s %9s %5s' % ('rule', 'severity', 'TP', 'FP', 'precision', 'conf'))
        for rid in sorted(info):
            m = measured.get(rid)
            print('%-48s %-8s %4s %4s %9s %5d' % (rid, info[rid]['severity'], m[0] if m else '-', m[1] if m else '-',
                                                   '%.2f' % m[2] if m else '-', info[rid]['confidence']))
    if '--write' in argv:
        write(info, measured)
    if '--check' in argv and problems:
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    return 0


def write(info, measured):
    """Set each rule's confidence: measured, or the default tier for an unmeasured critical/high rule below it."""
    want = {}
    for rid, r in info.items():
        m = measured.get(rid)
        if m and m[0] + m[1] >= MIN_SAMPLES:
            want[rid] = max(1, min(100, round(m[2] * 100)))
        elif r['severity'] in ('critical', 'high') and r['confidence'] < DEFAULT_TIER:
            want[rid] = DEFAULT_TIER
    for dirpath, _, files in os.walk(os.path.join(ROOT, 'rules')):
        for name in files:
            if not name.endswith(('.yaml', '.yml')):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding='utf-8') as fh:
                lines = fh.read().split('\n')
            current, changed = None, False
            for i, line in enumerate(lines):
                m = re.match(r'^  - id: ([a-z0-9._-]+)\s*$', line)
                if m:
                    current = m.group(1)
                    continue
                m = re.match(r'^(    confidence: )(\d+)\s*$', line)
                if m and current in want and int(m.group(2)) != want[current]:
                    lines[i] = '%s%d' % (m.group(1), want[current])
                    changed = True
            if changed:
                with open(path, 'w', encoding='utf-8') as fh:
                    fh.write('\n'.join(lines))


if __name__ == '__main__':
    sys.exit(main())

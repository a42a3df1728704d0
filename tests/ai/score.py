#!/usr/bin/env python3
"""tests/ai/score.py RAMPART [APPS_DIR] [--check] [--verbose] [--boms]

The labelled AI detection suite: every directory under tests/ai/apps holds a
small application and its expect.json:

  {"about": "...", "assets": ["model|openai|gpt-4o", ...],
   "relationships": [["model|openai|gpt-4o", "served_by", "provider|openai|openai"], ...],
   "findings": [{"rule": "AI002", "file": "app.py", "line": 12}, ...]}

Each application is scanned (`rampart scan --no-store -f json`, default
confidence) and compared with its labels: assets by identity, findings of
category ai by (rule, file, line), relationships (optional, default none) as
(from, kind, to) triples against the scan's ai.relationships. Recall and
precision are printed per asset type, per rule and per relationship kind, and
over all.

  --check    exit 1 below the targets: assets recall and precision 0.95,
             rule findings recall and precision 0.90 (relationships are
             reported, not checked: they have no target)
  --floor A_RECALL,A_PRECISION,R_RECALL,R_PRECISION
             exit 1 below these instead (a ratchet while the targets are not met:
             raise it as detection improves, never lower it)
  --verbose  every miss and every spurious detection (assets, findings,
             relationships)
  --boms     also record each application and export its AI-BOM twice in
             both formats (CycloneDX 1.7, SPDX 3.0.1 with --allow-incomplete):
             each must validate against the schemas and be byte-identical
"""
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMAS = os.path.join(ROOT, '..', 'shared', 'schemas')
ASSET_TARGET = 0.95
RULE_TARGET = 0.90


def scan(rampart, app):
    env = dict(os.environ, NO_COLOR='1')
    p = subprocess.run([rampart, 'scan', app, '--no-store', '-q', '-f', 'json'], capture_output=True, text=True,
                       env=env)
    if p.returncode not in (0, 1):
        sys.exit('%s: scan exited %d: %s' % (app, p.returncode, p.stderr.strip()[:500]))
    return json.loads(p.stdout)


def ratio(a, b):
    return a / b if b else 1.0


class Tally:
    def __init__(self):
        self.tp, self.fn, self.fp = defaultdict(int), defaultdict(int), defaultdict(int)

    def add(self, key, expected, got):
        for x in expected & got:
            self.tp[key(x)] += 1
        for x in expected - got:
            self.fn[key(x)] += 1
        for x in got - expected:
            self.fp[key(x)] += 1

    def totals(self):
        tp, fn, fp = sum(self.tp.values()), sum(self.fn.values()), sum(self.fp.values())
        return tp, fn, fp, ratio(tp, tp + fn), ratio(tp, tp + fp)

    def report(self, title):
        keys = sorted(set(self.tp) | set(self.fn) | set(self.fp))
        print('%-22s %5s %5s %5s %7s %9s' % (title, 'TP', 'FN', 'FP', 'recall', 'precision'))
        for k in keys:
            tp, fn, fp = self.tp[k], self.fn[k], self.fp[k]
            print('%-22s %5d %5d %5d %7.2f %9.2f' % (k, tp, fn, fp, ratio(tp, tp + fn), ratio(tp, tp + fp)))
        tp, fn, fp, r, p = self.totals()
        print('%-22s %5d %5d %5d %7.2f %9.2f' % ('all', tp, fn, fp, r, p))


def validator():
    sys.path.insert(0, os.path.join(ROOT, 'tests', 'unit'))
    import validate_json_schema  # noqa: E402
    return validate_json_schema


def boms(rampart, app, problems):
    """Record the app in a scratch database and export each format twice."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, RAMPART_DB=os.path.join(tmp, 'r.db'), NO_COLOR='1')
        p = subprocess.run([rampart, 'scan', app, '-q', '-o', os.devnull], capture_output=True, text=True, env=env)
        if p.returncode not in (0, 1):
            problems.append('%s: scan for the BOM exited %d' % (app, p.returncode))
            return []
        docs = []
        repo = '1'  # the scratch database's only repository
        for fmt, schema in (('cyclonedx-1.7-json', 'bom-1.7.schema.json'),
                            ('spdx-3.0.1-jsonld', 'spdx-3.0.1.schema.json')):
            outs = []
            for _ in range(2):
                p = subprocess.run([rampart, 'bom-export', '--repo', repo, '-f', fmt, '--allow-incomplete'],
                                   capture_output=True, text=True, env=env)
                if p.returncode != 0:
                    problems.append('%s: bom-export %s exited %d: %s' % (app, fmt, p.returncode, p.stderr[-300:]))
                    break
                outs.append(p.stdout)
            if len(outs) == 2:
                if outs[0] != outs[1]:
                    problems.append('%s: %s export differs between two runs' % (app, fmt))
                docs.append((app, fmt, schema, outs[0]))
        return docs


def validate_all(docs, problems):
    """Every document against its schema, in this process (the validator of tests/unit, its resolver offline)."""
    v = validator()
    import jsonschema
    from jsonschema.validators import validator_for
    cache = {}
    for app, fmt, schema, text in docs:
        if schema not in cache:
            path = os.path.join(SCHEMAS, schema)
            with open(path, encoding='utf-8') as f:
                sch = json.load(f)
            cache[schema] = validator_for(sch)(sch, format_checker=jsonschema.FormatChecker(),
                                               resolver=v.make_resolver(jsonschema, path, sch))
        errors = list(cache[schema].iter_errors(json.loads(text)))
        if errors:
            problems.append('%s: %s export does not validate: %s' % (app, fmt, errors[0].message[:200]))


def main():
    argv = sys.argv[1:]
    floor = None
    if '--floor' in argv:
        i = argv.index('--floor')
        floor = [float(x) for x in argv[i + 1].split(',')]
        del argv[i:i + 2]
        argv.append('--check')
    args = [a for a in argv if not a.startswith('--')]
    flags = [a for a in argv if a.startswith('--')]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    rampart = args[0]
    apps_dir = args[1] if len(args) > 1 else os.path.join(HERE, 'apps')
    assets, rules, relations = Tally(), Tally(), Tally()
    problems, docs = [], []
    apps = sorted(d for d in os.listdir(apps_dir) if os.path.isfile(os.path.join(apps_dir, d, 'expect.json')))
    for name in apps:
        app = os.path.join(apps_dir, name)
        with open(os.path.join(app, 'expect.json'), encoding='utf-8') as f:
            want = json.load(f)
        doc = scan(rampart, app)
        got_assets = {a['identity'] for a in (doc.get('ai') or {}).get('assets', [])}
        got_findings = {(f['ai_rule'], f['file_path'], f['line_number']) for f in doc['findings']
                        if f.get('ai_rule') and not f.get('suppressed')}
        got_relations = {(r['from'], r['kind'], r['to']) for r in (doc.get('ai') or {}).get('relationships', [])}
        want_assets = set(want.get('assets', []))
        want_relations = {tuple(r) for r in want.get('relationships', [])}
        want_findings = {(f['rule'], f['file'], f['line']) for f in want.get('findings', [])}
        assets.add(lambda i: i.split('|', 1)[0], want_assets, got_assets)
        rules.add(lambda x: x[0], want_findings, got_findings)
        relations.add(lambda x: x[1], want_relations, got_relations)
        if '--verbose' in flags:
            for x in sorted(want_assets - got_assets):
                print('%s: missed asset %s' % (name, x))
            for x in sorted(got_assets - want_assets):
                print('%s: spurious asset %s' % (name, x))
            for x in sorted(want_findings - got_findings):
                print('%s: missed %s at %s:%d' % (name, x[0], x[1], x[2]))
            for x in sorted(got_findings - want_findings):
                print('%s: spurious %s at %s:%d' % (name, x[0], x[1], x[2]))
            for x in sorted(want_relations - got_relations):
                print('%s: missed relationship %s %s %s' % (name, x[0], x[1], x[2]))
            for x in sorted(got_relations - want_relations):
                print('%s: spurious relationship %s %s %s' % (name, x[0], x[1], x[2]))
        if '--boms' in flags:
            docs += boms(rampart, app, problems)
    if docs:
        validate_all(docs, problems)
    print('%d applications' % len(apps))
    assets.report('asset type')
    print()
    rules.report('rule')
    print()
    relations.report('relationship')
    _, _, _, ar, ap = assets.totals()
    _, _, _, rr, rp = rules.totals()
    if docs:
        print('\n%d AI-BOM documents exported twice and validated' % len(docs))
    for p in problems:
        print('PROBLEM ' + p)
    if '--check' in flags:
        short = []
        want = floor or [ASSET_TARGET, ASSET_TARGET, RULE_TARGET, RULE_TARGET]
        if ar < want[0] or ap < want[1]:
            short.append('assets recall %.2f, precision %.2f (wanted %.2f, %.2f)' % (ar, ap, want[0], want[1]))
        if rr < want[2] or rp < want[3]:
            short.append('rule findings recall %.2f, precision %.2f (wanted %.2f, %.2f)' % (rr, rp, want[2], want[3]))
        for s in short:
            print('BELOW TARGET: ' + s, file=sys.stderr)
        if short or problems or len(apps) < 40:
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""score.py MANIFEST RAMPART_JSON [--min-confidence N] [--thresholds] [--json]
           [--show-fp N] [--show-fn N]

Scores secret findings (`rampart scan --format json`) against a corpus
manifest written by gen_corpus.py.

- A finding is a true positive when a planted secret is on its file and line
  (for a value spanning lines, e.g. a PEM key or a service-account JSON: any
  line of its block). Each planted secret counts once, however many rules or
  findings hit it; extra findings on it are duplicates, neither TP nor FP.
- A finding on a line with no planted secret is a false positive. It is
  attributed to the negative kind planted on that line (or "unlabelled").
  Several findings on the same such line count as one false-positive line for
  precision; the per-rule table counts findings.
- precision = TP / (TP + FP lines), recall = TP / planted secrets.
Only findings with category "secret" (or a rule id starting "secrets/") are
used. The last line printed is "precision P recall R f1 F".
"""
import argparse
import json
import sys
from collections import defaultdict

THRESHOLDS = [50, 60, 70, 80, 90]


def load_manifest(path):
    secrets, negatives = [], []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            e = json.loads(line)
            e["file"] = norm(e["file"])
            lo, hi = e.get("block", [e["line"], e["line"]])
            e["lo"], e["hi"] = min(lo, e["line"]), max(hi, e["line"])
            (secrets if e["kind"] == "secret" else negatives).append(e)
    for i, e in enumerate(secrets):
        e["idx"] = i
    return secrets, negatives


def norm(p):
    p = (p or "").replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    return p


def load_findings(path):
    with open(path) as f:
        doc = json.load(f)
    items = doc["findings"] if isinstance(doc, dict) else doc
    out = []
    for x in items:
        rule = x.get("rule_id") or ""
        if x.get("category", "secret") != "secret" and not rule.startswith("secrets/"):
            continue
        out.append({"rule_id": rule, "file": norm(x.get("file_path")), "line": int(x.get("line_number") or 0),
                    "confidence": int(x.get("confidence") if x.get("confidence") is not None else 100),
                    "snippet": x.get("snippet") or ""})
    return out


def index(entries):
    by = defaultdict(list)
    for e in entries:
        by[e["file"]].append(e)
    return by


def ratio(a, b):
    return a / b if b else 0.0


def f1(p, r):
    return 2 * p * r / (p + r) if p + r else 0.0


def score(secrets, negatives, findings, min_conf):
    sec_by, neg_by = index(secrets), index(negatives)
    fs = [f for f in findings if f["confidence"] >= min_conf]
    hits = defaultdict(list)            # secret idx -> findings
    fp_lines = {}                       # (file, line) -> negative kind
    fp_findings = []
    per_rule = defaultdict(lambda: {"findings": 0, "tp": 0, "fp": 0})
    for f in fs:
        cands = [s for s in sec_by.get(f["file"], []) if s["lo"] <= f["line"] <= s["hi"]]
        r = per_rule[f["rule_id"]]
        r["findings"] += 1
        if cands:
            # exact line first, then secrets not yet credited
            cands.sort(key=lambda s: (s["line"] != f["line"], s["idx"] in hits, s["line"]))
            hits[cands[0]["idx"]].append(f)
            r["tp"] += 1
            continue
        r["fp"] += 1
        kind = "unlabelled"
        for n in neg_by.get(f["file"], []):
            if n["lo"] <= f["line"] <= n["hi"]:
                kind = n["type"]
                break
        f = dict(f, negative_kind=kind)
        fp_findings.append(f)
        fp_lines.setdefault((f["file"], f["line"]), kind)
    tp = len(hits)
    fp = len(fp_lines)
    p, rc = ratio(tp, tp + fp), ratio(tp, len(secrets))
    by_type = defaultdict(lambda: {"planted": 0, "found": 0})
    slices = {s: {"planted": 0, "found": 0, "confidence_sum": 0} for s in ("test_path", "other")}
    for s in secrets:
        t = by_type[s["type"]]
        t["planted"] += 1
        sl = slices["test_path" if s["in_test_path"] else "other"]
        sl["planted"] += 1
        if s["idx"] in hits:
            t["found"] += 1
            sl["found"] += 1
            sl["confidence_sum"] += max(f["confidence"] for f in hits[s["idx"]])
    for t in by_type.values():
        t["recall"] = ratio(t["found"], t["planted"])
    for sl in slices.values():
        sl["recall"] = ratio(sl["found"], sl["planted"])
        sl["mean_confidence"] = ratio(sl.pop("confidence_sum"), sl["found"])
    for r in per_rule.values():
        r["precision"] = ratio(r["tp"], r["findings"])
    neg_kinds = defaultdict(lambda: {"planted": 0, "flagged": 0, "fp_findings": 0})
    for n in negatives:
        neg_kinds[n["type"]]["planted"] += 1
    for f in fp_findings:
        neg_kinds[f["negative_kind"]]["fp_findings"] += 1
    fp_by_file = defaultdict(list)
    for (file, line) in fp_lines:
        fp_by_file[file].append(line)
    for n in negatives:
        if any(n["lo"] <= line <= n["hi"] for line in fp_by_file.get(n["file"], [])):
            neg_kinds[n["type"]]["flagged"] += 1
    fp_by_rule = defaultdict(lambda: defaultdict(int))
    for f in fp_findings:
        fp_by_rule[f["rule_id"]][f["negative_kind"]] += 1
    missed = [s for s in secrets if s["idx"] not in hits]
    return {
        "min_confidence": min_conf, "findings": len(fs), "planted_secrets": len(secrets), "planted_negatives": len(negatives),
        "tp": tp, "fn": len(secrets) - tp, "fp_lines": fp, "fp_findings": len(fp_findings),
        "duplicates": sum(len(v) - 1 for v in hits.values()),
        "precision": p, "recall": rc, "f1": f1(p, rc),
        "recall_by_type": dict(sorted(by_type.items())), "slices": slices,
        "rules": dict(sorted(per_rule.items())), "negative_kinds": dict(sorted(neg_kinds.items())),
        "fp_by_rule": {k: dict(v) for k, v in sorted(fp_by_rule.items())},
        "_fp": fp_findings, "_missed": missed,
    }


def pct(x):
    return f"{x:.3f}"


def print_report(res, thresholds, show_fp, show_fn):
    w = sys.stdout.write
    w(f"findings {res['findings']} (min-confidence {res['min_confidence']}), planted secrets {res['planted_secrets']}, "
      f"negatives {res['planted_negatives']}\n")
    w(f"TP {res['tp']}  FN {res['fn']}  FP {res['fp_lines']} lines ({res['fp_findings']} findings)  "
      f"duplicates {res['duplicates']}\n\n")
    w(f"{'credential type':36} {'planted':>7} {'found':>6} {'recall':>7}\n")
    for t, v in res["recall_by_type"].items():
        w(f"{t:36} {v['planted']:7} {v['found']:6} {pct(v['recall']):>7}\n")
    w("\n")
    w(f"{'slice':36} {'planted':>7} {'found':>6} {'recall':>7} {'mean conf':>9}\n")
    for name, v in res["slices"].items():
        w(f"{name:36} {v['planted']:7} {v['found']:6} {pct(v['recall']):>7} {v['mean_confidence']:9.1f}\n")
    w("\n")
    w(f"{'rule_id':44} {'findings':>8} {'tp':>5} {'fp':>5} {'precision':>9}\n")
    for r, v in res["rules"].items():
        w(f"{r:44} {v['findings']:8} {v['tp']:5} {v['fp']:5} {pct(v['precision']):>9}\n")
    w("\n")
    w(f"{'negative kind':36} {'planted':>7} {'flagged':>7} {'fp findings':>11}\n")
    for k, v in res["negative_kinds"].items():
        w(f"{k:36} {v['planted']:7} {v['flagged']:7} {v['fp_findings']:11}\n")
    if res["fp_by_rule"]:
        w("\nfalse positives by rule and negative kind\n")
        for r, kinds in res["fp_by_rule"].items():
            w(f"  {r}: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda x: -x[1])) + "\n")
    if show_fp and res["_fp"]:
        w(f"\nfirst {show_fp} false positives\n")
        for f in res["_fp"][:show_fp]:
            w(f"  {f['file']}:{f['line']} {f['rule_id']} conf {f['confidence']} [{f['negative_kind']}] {f['snippet'][:100]}\n")
    if show_fn and res["_missed"]:
        w(f"\nfirst {show_fn} missed secrets\n")
        for s in res["_missed"][:show_fn]:
            w(f"  {s['file']}:{s['line']} {s['type']}{' (test path)' if s['in_test_path'] else ''}\n")
    if thresholds:
        w(f"\n{'min-confidence':>14} {'findings':>8} {'tp':>5} {'fp':>5} {'precision':>9} {'recall':>7} {'f1':>7}\n")
        for t in thresholds:
            w(f"{t['min_confidence']:14} {t['findings']:8} {t['tp']:5} {t['fp_lines']:5} {pct(t['precision']):>9} "
              f"{pct(t['recall']):>7} {pct(t['f1']):>7}\n")
    w("\n")
    w(f"precision {pct(res['precision'])} recall {pct(res['recall'])} f1 {pct(res['f1'])}\n")


def public(res):
    return {k: v for k, v in res.items() if not k.startswith("_")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[1] if "\n\n" in __doc__ else None,
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("manifest")
    ap.add_argument("findings", help="rampart scan --format json output")
    ap.add_argument("--min-confidence", type=int, default=0)
    ap.add_argument("--thresholds", action="store_true", help="also report P/R/F1 at min-confidence 50,60,70,80,90")
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON")
    ap.add_argument("--show-fp", type=int, default=0, metavar="N", help="list the first N false positives")
    ap.add_argument("--show-fn", type=int, default=0, metavar="N", help="list the first N missed secrets")
    a = ap.parse_args()
    secrets, negatives = load_manifest(a.manifest)
    findings = load_findings(a.findings)
    res = score(secrets, negatives, findings, a.min_confidence)
    ths = [score(secrets, negatives, findings, max(t, a.min_confidence)) for t in THRESHOLDS] if a.thresholds else []
    if a.json:
        out = public(res)
        if ths:
            out["thresholds"] = [{k: t[k] for k in ("min_confidence", "findings", "tp", "fn", "fp_lines", "fp_findings",
                                                    "precision", "recall", "f1")} for t in ths]
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return
    print_report(res, ths, a.show_fp, a.show_fn)


if __name__ == "__main__":
    main()

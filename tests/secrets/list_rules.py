#!/usr/bin/env python3
"""Validate the built-in secret rule pack and list it.

Usage: list_rules.py [--readme] [--check-readme] [--quiet] [RULES_DIR]

RULES_DIR defaults to rules/secrets/ of this repository. Every *.yaml file in
it is loaded and checked against docs/secret-rules.md:

- the file's and each rule's fields (required ones present, no unknown ones,
  types and ranges right), ids unique and [a-z0-9-]+, keywords lowercase,
  one provider per file;
- the pattern and context compile with Python's re (after rewriting the few
  PCRE-only constructs) and use nothing Hyperscan refuses: no lookaround,
  backreferences, atomic groups, possessive quantifiers, conditionals,
  \\K, and no \\b inside a repeated group;
- at least two positive and two negative examples; every positive example
  is reported by a model of the engine (pattern, keywords, context,
  min_entropy, validator, placeholder filter), and contains a keyword;
  no negative example is reported by that model.

The model follows docs/secret-rules.md; it is a check of the rule pack, not
the engine. With --readme it writes RULES_DIR/README.md (the rule table);
--check-readme fails when that file is not what --readme would write.
Exit 0 when everything is clean, 1 on any problem, 2 on bad usage.
Needs PyYAML (Debian: python3-yaml).
"""
import base64
import binascii
import json
import math
import os
import re
import sys
import zlib
from collections import Counter

try:
    import yaml
except ImportError:  # pragma: no cover
    print("list_rules: PyYAML is missing (install python3-yaml)", file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_DIR = os.path.join(REPO, "rules", "secrets")

FILE_FIELDS = {"provider", "rules"}
RULE_FIELDS = {
    "id", "name", "provider", "pattern", "secret_group", "keywords", "context",
    "min_entropy", "validator", "severity", "confidence", "cwe", "remediation",
    "references", "generic", "examples", "verify",
}
REQUIRED = ("id", "name", "pattern", "keywords", "severity", "confidence", "remediation", "examples")
SEVERITIES = ("critical", "high", "medium", "low")
VALIDATORS = ("crc32-base62", "jwt", "pem-private-key", "aws-access-key-id", "base64")
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CWE_RE = re.compile(r"^CWE-[0-9]+$")

# Documented example credentials the engine drops (docs/secret-rules.md,
# "documented example keys"). The engine keeps its own list; this one holds
# the values the examples of this pack rely on.
KNOWN_EXAMPLE_SECRETS = {
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    # Azurite / Azure Storage emulator well-known account key (devstoreaccount1)
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    # Azure Cosmos DB emulator well-known key
    "C2y6yDjf5/R+ob0N8A7Cgv30VRDJIWEHLM+4QDU5DE2nQ9nDuVTqobD4b8mGGyPMbIZnqyMsEcaGQy67XIw/Jw==",
    # the jwt.io / RFC-style sample token
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
}

PLACEHOLDER_WORDS = ("changeme", "example", "dummy", "placeholder", "redacted", "your_", "your-",
                     "yourapi", "yourtoken", "yoursecret", "yourkey", "yourpassword")
PLACEHOLDER_RES = [
    re.compile(r"x{4}", re.I),
    re.compile(r"\*{4}"),
    re.compile(r"<[^<>]*>"),
    re.compile(r"\$\{[^}]*\}"),
    re.compile(r"\{\{.*?\}\}"),
    re.compile(r"%\([^)]*\)s"),
]
LOOKUP_RE = re.compile(
    r"os\.environ|os\.getenv|getenv\s*\(|process\.env\.|ENV\s*\[|System\.getenv|"
    r"\$\{\{\s*secrets\.|\bvault:|secretsmanager|secretmanager|keyvault|ssm:|"
    r"\{\{\s*resolve:|env\(", re.I)
HASH_RE = re.compile(
    r"^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{56}|[0-9a-fA-F]{64}|[0-9a-fA-F]{96}|[0-9a-fA-F]{128}|"
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$")
INTEGRITY_RE = re.compile(r"integrity|sha(?:1|256|384|512)-", re.I)

B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


# ---------------------------------------------------------------- patterns

FORBIDDEN = [
    (re.compile(r"\(\?<?[=!]"), "lookaround"),
    (re.compile(r"\(\?>"), "atomic group"),
    (re.compile(r"\(\?\("), "conditional"),
    (re.compile(r"\(\?\|"), "branch reset"),
    (re.compile(r"\(\?P?<[A-Za-z_]"), "named group"),
    (re.compile(r"\(\?P[=>]"), "named reference"),
    (re.compile(r"\(\?[0-9R&+-]"), "recursion or subroutine call"),
    (re.compile(r"\(\*"), "backtracking verb"),
]


def scan_pattern(pat):
    """Walk a PCRE pattern; return (problems, number of capturing groups)."""
    problems = []
    for rx, what in FORBIDDEN:
        if rx.search(pat):
            problems.append("uses a %s, which Hyperscan refuses" % what)
    groups = 0
    stack = []  # per open group: [has \b]
    i, n = 0, len(pat)
    in_class = class_start = False
    last_group_had_b = False
    while i < n:
        c = pat[i]
        if c == "\\":
            if i + 1 >= n:
                problems.append("ends with a lone backslash")
                break
            d = pat[i + 1]
            if not in_class:
                if d in "123456789":
                    problems.append("uses a backreference \\%s" % d)
                elif d in "gk" and i + 2 < n and pat[i + 2] in "{<'0123456789-+":
                    problems.append("uses a backreference \\%s" % d)
                elif d == "K":
                    problems.append("uses \\K")
                elif d in "CRX":
                    problems.append("uses \\%s, which Hyperscan refuses" % d)
                elif d == "b" and stack:
                    stack[-1][0] = True
            i += 2
            if in_class:
                class_start = False
            last_group_had_b = False
            continue
        if in_class:
            if c == "]" and not class_start:
                in_class = False
            class_start = False
            if c == "[" and i + 1 < n and pat[i + 1] == ":":
                j = pat.find(":]", i + 2)
                if j > 0:
                    i = j + 2
                    continue
            i += 1
            continue
        if c == "[":
            in_class = True
            class_start = True
            i += 1
            if i < n and pat[i] == "^":
                i += 1
            if i < n and pat[i] == "]":
                i += 1  # a literal ] first in the class
                class_start = False
            last_group_had_b = False
            continue
        if c == "(":
            if not pat.startswith("(?", i) or pat.startswith("(?P<", i):
                groups += 1
            stack.append([False])
            # skip an option/non-capturing opener such as (?i) or (?:
            if pat.startswith("(?", i):
                j = i + 2
                while j < n and pat[j] in "imsxJU-^":
                    j += 1
                if j < n and pat[j] == ")":
                    stack.pop()  # (?i) sets options, opens nothing
                    i = j + 1
                    continue
                i = j + 1 if j < n and pat[j] == ":" else i + 2
            else:
                i += 1
            last_group_had_b = False
            continue
        if c == ")":
            if not stack:
                problems.append("has an unbalanced )")
                i += 1
                continue
            had_b = stack.pop()[0]
            if had_b and stack:
                stack[-1][0] = True
            last_group_had_b = had_b
            i += 1
            continue
        if c in "*+?{":
            if c == "{" and not re.match(r"\{\d+(?:,\d*)?\}", pat[i:]):
                i += 1
                continue
            if last_group_had_b:
                problems.append("has \\b inside a repeated group")
            # the quantifier itself
            if c == "{":
                i = pat.index("}", i) + 1
            else:
                i += 1
            if i < n and pat[i] == "+":
                problems.append("uses a possessive quantifier")
                i += 1
            elif i < n and pat[i] == "?":
                i += 1
            last_group_had_b = False
            continue
        last_group_had_b = False
        i += 1
    if in_class:
        problems.append("has an unterminated character class")
    if stack:
        problems.append("has an unbalanced (")
    return problems, groups


POSIX_CLASSES = {
    "alnum": "A-Za-z0-9", "alpha": "A-Za-z", "digit": "0-9", "lower": "a-z", "upper": "A-Z",
    "xdigit": "0-9A-Fa-f", "space": r" \t\r\n\v\f", "punct": r"!-/:-@\[-`{-~", "word": r"\w",
}


def to_python(pat):
    """Rewrite PCRE-only syntax for Python's re; return (pattern, flags)."""
    flags = 0
    # Global inline options anywhere at top level become flags.
    def take(m):
        nonlocal flags
        for ch in m.group(1):
            flags |= {"i": re.I, "s": re.S, "m": re.M, "x": re.X}.get(ch, 0)
        return ""
    pat = re.sub(r"\(\?([imsx]+)\)", take, pat)
    pat = re.sub(r"\[:(\w+):\]", lambda m: POSIX_CLASSES.get(m.group(1), m.group(0)), pat)
    pat = pat.replace(r"\h", r"[ \t]").replace(r"\z", r"\Z")
    pat = re.sub(r"\\Q(.*?)\\E", lambda m: re.escape(m.group(1)), pat)
    return pat, flags


# -------------------------------------------------------------- the model

def entropy(s):
    if not s:
        return 0.0
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


def b62(n, width=6):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out.rjust(width, "0")


def v_crc32_base62(s):
    if len(s) < 37:
        return False
    body, check = s[-36:-6], s[-6:]
    if not re.fullmatch(r"[0-9A-Za-z]{30}", body):
        return False
    return b62(zlib.crc32(body.encode())) == check


def _b64url_json(part):
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        return json.loads(raw.decode("utf-8"))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None


def v_jwt(s):
    parts = s.split(".")
    if len(parts) != 3 or not all(re.fullmatch(r"[A-Za-z0-9_-]+", p) for p in parts[:2]):
        return False
    header = _b64url_json(parts[0])
    payload = _b64url_json(parts[1])
    return isinstance(header, dict) and isinstance(header.get("alg"), str) and isinstance(payload, dict)


PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END ([A-Z0-9 ]+)-----", re.S)


def v_pem(s):
    m = PEM_RE.search(s)
    if not m or m.group(1) != m.group(3) or "PRIVATE KEY" not in m.group(1):
        return False
    body = m.group(2).replace("\\r", "\n").replace("\\n", "\n")
    lines = [ln.strip().strip('"\',') for ln in body.splitlines()]
    data = "".join(ln for ln in lines if ln and ":" not in ln)
    if len(data) < 16:
        return False
    try:
        base64.b64decode(data, validate=True)
        return True
    except (ValueError, binascii.Error):
        return False


def v_aws(s):
    return re.fullmatch(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}", s) is not None


def v_base64(s):
    s2 = s.replace("-", "+").replace("_", "/")
    try:
        raw = base64.b64decode(s2 + "=" * (-len(s2) % 4), validate=True)
    except (ValueError, binascii.Error):
        return False
    # user:password and PEM text decode to text; random bytes are not a credential.
    printable = sum(1 for b in raw if 0x20 <= b < 0x7F)
    return len(raw) >= 3 and printable * 10 >= len(raw) * 9


VALIDATOR_FUNCS = {
    "crc32-base62": v_crc32_base62, "jwt": v_jwt, "pem-private-key": v_pem,
    "aws-access-key-id": v_aws, "base64": v_base64,
}


def is_placeholder(secret):
    low = secret.lower()
    if secret in KNOWN_EXAMPLE_SECRETS:
        return True
    if secret and Counter(secret).most_common(1)[0][1] * 2 > len(secret):
        return True
    if any(w in low for w in PLACEHOLDER_WORDS):
        return True
    return any(rx.search(secret) for rx in PLACEHOLDER_RES)


def line_bounds(text, pos):
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return start, len(text) if end < 0 else end


class Compiled:
    def __init__(self, rule):
        self.rule = rule
        p, f = to_python(rule["pattern"])
        self.rx = re.compile(p, f)
        self.ctx = None
        if rule.get("context"):
            cp, cf = to_python(rule["context"])
            self.ctx = re.compile(cp, cf)
        self.group = rule.get("secret_group", 1 if self.rx.groups else 0)

    def findings(self, text):
        """What the modelled engine reports for this rule on text (secrets)."""
        r = self.rule
        low = text.lower()
        if not any(k in low for k in r["keywords"]):
            return []
        out = []
        pos = 0
        while pos <= len(text):
            m = self.rx.search(text, pos)
            if not m:
                break
            pos = max(m.end(), m.start() + 1)
            secret = m.group(self.group)
            if not secret:
                continue
            s_start = m.start(self.group)
            if self.ctx is not None:
                ls, _ = line_bounds(text, s_start)
                first = ls
                for _ in range(2):
                    if first == 0:
                        break
                    first = text.rfind("\n", 0, first - 1) + 1
                _, le = line_bounds(text, s_start)
                if not self.ctx.search(text[first:le]):
                    continue
            if "min_entropy" in r and entropy(secret) < r["min_entropy"]:
                continue
            v = r.get("validator")
            if v and not VALIDATOR_FUNCS[v](secret):
                continue
            if is_placeholder(secret):
                continue
            if r.get("generic"):
                ls, le = line_bounds(text, s_start)
                line = text[ls:le]
                if LOOKUP_RE.search(line) or LOOKUP_RE.search(secret):
                    continue
                if HASH_RE.match(secret) or INTEGRITY_RE.search(line):
                    continue
            out.append(secret)
        return out


# -------------------------------------------------------------- checking

class Checker:
    def __init__(self):
        self.problems = []
        self.rules = []
        self.ids = []

    def err(self, where, msg):
        self.problems.append("%s: %s" % (where, msg))

    def check_file(self, path):
        name = os.path.basename(path)
        try:
            with open(path, encoding="utf-8") as f:
                doc = yaml.safe_load(f)
        except (OSError, yaml.YAMLError, UnicodeDecodeError) as e:
            self.err(name, "cannot load: %s" % e)
            return
        if not isinstance(doc, dict):
            self.err(name, "top level is not a mapping")
            return
        for k in doc:
            if k not in FILE_FIELDS:
                self.err(name, "unknown top-level field %r" % k)
        fprov = doc.get("provider")
        if fprov is not None and (not isinstance(fprov, str) or not fprov.strip()):
            self.err(name, "provider must be a non-empty string")
        rules = doc.get("rules")
        if not isinstance(rules, list) or not rules:
            self.err(name, "rules must be a non-empty list")
            return
        providers = set()
        for i, rule in enumerate(rules):
            where = "%s: rule %d" % (name, i + 1)
            if isinstance(rule, dict):
                providers.add(rule.get("provider", fprov))
            if not isinstance(rule, dict):
                self.err(where, "is not a mapping")
                continue
            if isinstance(rule.get("id"), str):
                where = "%s: %s" % (name, rule["id"])
                self.ids.append(rule["id"])
            self.check_rule(where, rule, fprov, name)
        if len(providers) > 1:
            self.err(name, "holds rules of several providers (%s); one file holds one provider's rules"
                     % ", ".join(sorted(str(p) for p in providers)))

    def check_rule(self, where, r, fprov, fname):
        ok = True
        for k in r:
            if k not in RULE_FIELDS:
                self.err(where, "unknown field %r" % k)
        for k in REQUIRED:
            if k not in r:
                self.err(where, "missing required field %r" % k)
                ok = False
        if not ok:
            return
        provider = r.get("provider", fprov)
        if not isinstance(provider, str) or not provider.strip():
            self.err(where, "no provider (neither the rule nor the file names one)")
        if not isinstance(r["id"], str) or not ID_RE.match(r["id"]):
            self.err(where, "id must match [a-z0-9-]+")
        for k in ("name", "remediation"):
            if not isinstance(r[k], str) or not r[k].strip():
                self.err(where, "%s must be a non-empty string" % k)
        if isinstance(r["remediation"], str) and len(r["remediation"]) < 60:
            self.err(where, "remediation is too short to say how to revoke and rotate")
        if r["severity"] not in SEVERITIES:
            self.err(where, "severity must be one of %s" % ", ".join(SEVERITIES))
        c = r["confidence"]
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= 100:
            self.err(where, "confidence must be an integer 0-100")
        if "cwe" in r and (not isinstance(r["cwe"], str) or not CWE_RE.match(r["cwe"])):
            self.err(where, "cwe must look like CWE-798")
        if "generic" in r and not isinstance(r["generic"], bool):
            self.err(where, "generic must be true or false")
        if "validator" in r and r["validator"] not in VALIDATORS:
            self.err(where, "unknown validator %r" % r["validator"])
        if "min_entropy" in r:
            e = r["min_entropy"]
            if not isinstance(e, (int, float)) or isinstance(e, bool) or not 0 < e <= 8:
                self.err(where, "min_entropy must be a number in (0, 8]")
        refs = r.get("references", [])
        if not isinstance(refs, list) or not all(isinstance(u, str) and re.match(r"https?://\S+$", u) for u in refs):
            self.err(where, "references must be a list of http(s) URLs")
        kws = r["keywords"]
        if not isinstance(kws, list) or not kws or not all(isinstance(k, str) and k for k in kws):
            self.err(where, "keywords must be a non-empty list of strings")
            return
        for k in kws:
            if k != k.lower():
                self.err(where, "keyword %r is not lowercase" % k)
        if not isinstance(r["pattern"], str) or not r["pattern"]:
            self.err(where, "pattern must be a non-empty string")
            return
        probs, ngroups = scan_pattern(r["pattern"])
        for p in probs:
            self.err(where, "pattern %s" % p)
        if "context" in r:
            if not isinstance(r["context"], str) or not r["context"]:
                self.err(where, "context must be a non-empty string")
                return
        try:
            comp = Compiled(r)
        except re.error as e:
            self.err(where, "pattern or context does not compile: %s" % e)
            return
        if comp.rx.groups != ngroups:
            self.err(where, "group count disagrees between the scanner (%d) and re (%d)" % (ngroups, comp.rx.groups))
        g = r.get("secret_group", 1 if comp.rx.groups else 0)
        if not isinstance(g, int) or isinstance(g, bool) or not 0 <= g <= comp.rx.groups:
            self.err(where, "secret_group %r is not a group of the pattern" % g)
            return
        ex = r["examples"]
        if not isinstance(ex, dict):
            self.err(where, "examples must be a mapping with positive and negative")
            return
        for kind in ("positive", "negative"):
            lst = ex.get(kind)
            if not isinstance(lst, list) or len(lst) < 2 or not all(isinstance(s, str) and s for s in lst):
                self.err(where, "needs at least 2 %s examples (non-empty strings)" % kind)
                return
        for k in ex:
            if k not in ("positive", "negative"):
                self.err(where, "unknown examples field %r" % k)
        for i, s in enumerate(ex["positive"]):
            if not any(k in s.lower() for k in kws):
                self.err(where, "positive example %d contains no keyword" % (i + 1))
                continue
            if not comp.rx.search(s):
                self.err(where, "positive example %d is not matched by the pattern" % (i + 1))
                continue
            if not comp.findings(s):
                self.err(where, "positive example %d matches but is filtered out "
                         "(context, min_entropy, validator or placeholder)" % (i + 1))
        for i, s in enumerate(ex["negative"]):
            found = comp.findings(s)
            if found:
                self.err(where, "negative example %d is reported (secret %r...)" % (i + 1, found[0][:12]))
        self.rules.append(dict(r, provider=provider, file=fname))


def readme(rules):
    by_sev = Counter(r["severity"] for r in rules)
    providers = sorted({r["provider"] for r in rules}, key=str.lower)
    files = sorted({r["file"] for r in rules})
    lines = [
        "# Built-in secret rules",
        "",
        "<!-- Generated by tests/secrets/list_rules.py --readme; do not edit by hand. -->",
        "",
        "The secrets analyzer's built-in rule pack: one YAML file per provider, in the",
        "format of [docs/secret-rules.md](../../docs/secret-rules.md). Run",
        "`python3 tests/secrets/list_rules.py` to validate the pack (fields, Hyperscan-",
        "compatible patterns, and every rule's examples against a model of the engine)",
        "and `python3 tests/secrets/list_rules.py --readme` to regenerate this file.",
        "",
        "%d rules from %d providers in %d files: %s." % (
            len(rules), len(providers), len(files),
            ", ".join("%d %s" % (by_sev[s], s) for s in SEVERITIES if by_sev[s])),
        "",
        "| id | name | provider | severity | confidence | validator | kind | verify | file |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in sorted(rules, key=lambda r: (r["file"], r["id"])):
        kind = "generic" if r.get("generic") else "context" if r.get("context") else "format"
        verify = r.get("verify", {}).get("url", "").split("/")[2] if r.get("verify") else ""
        lines.append("| `%s` | %s | %s | %s | %d | %s | %s | %s | %s |" % (
            r["id"], r["name"].replace("|", "\\|"), r["provider"], r["severity"],
            r["confidence"], r.get("validator", ""), kind, verify, r["file"]))
    lines += [
        "",
        "Validators are the structural checks of docs/secret-rules.md. Kind: \"format\"",
        "rules key on the credential's own format (a prefix, a checksum, a structure);",
        "\"context\" rules have a secret with no distinctive format and also need their",
        "context pattern on the secret's line or the two lines above; \"generic\" rules",
        "are the generic detectors (generic: true). Verify names the provider host that",
        "`rampart scan --verify` asks whether a found credential is live (https only).",
        "",
        "Documented example values that the examples of this pack expect the engine",
        "to drop as placeholders:",
        "",
    ]
    lines += ["- `%s`" % s for s in sorted(KNOWN_EXAMPLE_SECRETS)]
    lines.append("")
    return "\n".join(lines)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = {a for a in argv[1:] if a.startswith("--")}
    unknown = opts - {"--readme", "--check-readme", "--quiet"}
    if unknown or len(args) > 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    d = args[0] if args else DEFAULT_DIR
    if not os.path.isdir(d):
        print("list_rules: %s is not a directory" % d, file=sys.stderr)
        return 2
    files = sorted(f for f in os.listdir(d) if f.endswith((".yaml", ".yml")))
    ch = Checker()
    if not files:
        ch.err(d, "no rule files")
    for f in files:
        ch.check_file(os.path.join(d, f))
    seen = Counter(ch.ids)
    for rid, n in sorted(seen.items()):
        if n > 1:
            ch.err(rid, "id used by %d rules" % n)
    text = readme(ch.rules)
    rpath = os.path.join(d, "README.md")
    if "--check-readme" in opts:
        try:
            with open(rpath, encoding="utf-8") as f:
                if f.read() != text:
                    ch.err(rpath, "out of date: run list_rules.py --readme")
        except OSError as e:
            ch.err(rpath, "cannot read: %s" % e)
    for p in ch.problems:
        print(p, file=sys.stderr)
    if ch.problems:
        print("list_rules: %d problem(s) in %d rules" % (len(ch.problems), len(ch.rules)), file=sys.stderr)
        return 1
    if "--readme" in opts:
        with open(rpath, "w", encoding="utf-8") as f:
            f.write(text)
    if "--quiet" not in opts:
        providers = {r["provider"] for r in ch.rules}
        print("%d rules, %d providers, %d files: ok" % (len(ch.rules), len(providers), len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""gen_corpus.py OUTDIR [--seed N] - a labelled, synthetic corpus for the
secrets analyzer.

Writes OUTDIR/tree/ (source and config files in many languages with planted
secrets and hard negatives) and OUTDIR/manifest.jsonl (one JSON object per
planted value: file, line, kind "secret" or "negative", type, value_sha256,
in_test_path, and "block" [first, last] for values spanning several lines).
OUTDIR/summary.json holds the counts. The same seed always gives the same
bytes. Every value is random and synthetic; none is a real credential.

gen_corpus.py --plant-into TREE --count N --manifest FILE [--seed N]
plants N secrets into existing .py/.js/.go/.java/.c files of TREE (one per
file, inserted between lines) for benchmarks, and writes their manifest.
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import string
import struct
import sys
import zlib
import random

DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
LETTERS = UPPER + LOWER
ALNUM = DIGITS + UPPER + LOWER           # base62 order: 0-9A-Za-z
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"
B64 = UPPER + LOWER + DIGITS + "+/"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
AWS_ALPHA = UPPER + "234567"

# Substrings that would make a random value look like a placeholder to a
# scanner (or to a human); random values containing one are drawn again.
_BAD = re.compile(r"(?i)xxxx|example|test|dummy|sample|fake|redact|change|placeholder|your|secret|passw|token|\*\*")


def rs(rng, n, alphabet=ALNUM):
    return "".join(rng.choice(alphabet) for _ in range(n))


def digits(rng, n):
    return rng.choice("123456789") + rs(rng, n - 1, DIGITS)


def clean(gen):
    """Wrap a generator so its value never contains placeholder-ish words."""
    def g(rng):
        for _ in range(100):
            v = gen(rng)
            if not _BAD.search(v.replace("AGE-SECRET-KEY-", "")):
                return v
        raise RuntimeError("cannot draw a clean value")
    return g


def base62(n, width=6):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = ALNUM[r] + s
    return s.rjust(width, "0")


def crc_token(rng, prefix):
    body = rs(rng, 30)
    return prefix + body + base62(zlib.crc32(body.encode()))


def crc_valid(tok, prefix):
    body, chk = tok[len(prefix):len(prefix) + 30], tok[len(prefix) + 30:]
    return len(chk) == 6 and base62(zlib.crc32(body.encode())) == chk


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


# ---------------------------------------------------------------- ASN.1 / PEM

def _der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, body):
    return bytes([tag]) + _der_len(len(body)) + body


def der_int(b):
    if isinstance(b, int):
        b = b.to_bytes(max(1, (b.bit_length() + 7) // 8), "big")
    b = b.lstrip(b"\0") or b"\0"
    if b[0] & 0x80:
        b = b"\0" + b
    return der(0x02, b)


def seq(*parts):
    return der(0x30, b"".join(parts))


def oid(s):
    p = [int(x) for x in s.split(".")]
    out = bytes([40 * p[0] + p[1]])
    for v in p[2:]:
        enc = [v & 0x7F]
        v >>= 7
        while v:
            enc.append(0x80 | (v & 0x7F))
            v >>= 7
        out += bytes(reversed(enc))
    return der(0x06, out)


NULL = b"\x05\x00"
RSA_OID = oid("1.2.840.113549.1.1.1")
SHA256RSA_OID = oid("1.2.840.113549.1.1.11")
EC_OID = oid("1.2.840.10045.2.1")
P256_OID = oid("1.2.840.10045.3.1.7")


def rbig(rng, nbytes):
    b = bytearray(rng.randbytes(nbytes))
    b[0] |= 0x80
    b[-1] |= 1
    return bytes(b)


def rsa_parts(rng, bits):
    n = bits // 8
    return dict(n=rbig(rng, n), e=65537, d=rbig(rng, n), p=rbig(rng, n // 2), q=rbig(rng, n // 2),
                dp=rbig(rng, n // 2), dq=rbig(rng, n // 2), qi=rbig(rng, n // 2))


def rsa_pkcs1(rng, bits=2048):
    k = rsa_parts(rng, bits)
    return seq(der_int(0), der_int(k["n"]), der_int(k["e"]), der_int(k["d"]), der_int(k["p"]),
               der_int(k["q"]), der_int(k["dp"]), der_int(k["dq"]), der_int(k["qi"]))


def ec_sec1(rng):
    return seq(der_int(1), der(0x04, rng.randbytes(32)), der(0xA0, P256_OID),
               der(0xA1, der(0x03, b"\x00\x04" + rng.randbytes(64))))


def pem(label, blob, width=64):
    body = b64(blob)
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return "\n".join([f"-----BEGIN {label}-----"] + lines + [f"-----END {label}-----"])


def ssh_str(b):
    if isinstance(b, str):
        b = b.encode()
    return struct.pack(">I", len(b)) + b


def ssh_mpint(b):
    if isinstance(b, int):
        b = b.to_bytes((b.bit_length() + 8) // 8, "big")
    b = b.lstrip(b"\0")
    if b and b[0] & 0x80:
        b = b"\0" + b
    return ssh_str(b)


def openssh_key(rng, kind, comment):
    check = rng.randbytes(4)
    if kind == "ed25519":
        pk = rng.randbytes(32)
        pub = ssh_str("ssh-ed25519") + ssh_str(pk)
        priv = check + check + ssh_str("ssh-ed25519") + ssh_str(pk) + ssh_str(rng.randbytes(32) + pk)
    else:
        k = rsa_parts(rng, 3072)
        pub = ssh_str("ssh-rsa") + ssh_mpint(k["e"]) + ssh_mpint(k["n"])
        priv = (check + check + ssh_str("ssh-rsa") + ssh_mpint(k["n"]) + ssh_mpint(k["e"]) +
                ssh_mpint(k["d"]) + ssh_mpint(k["qi"]) + ssh_mpint(k["p"]) + ssh_mpint(k["q"]))
    priv += ssh_str(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (b"openssh-key-v1\0" + ssh_str("none") + ssh_str("none") + ssh_str(b"") +
            struct.pack(">I", 1) + ssh_str(pub) + ssh_str(priv))
    return pem("OPENSSH PRIVATE KEY", blob, 70)


def ssh_public(rng, comment):
    if rng.random() < 0.5:
        blob = ssh_str("ssh-ed25519") + ssh_str(rng.randbytes(32))
        return f"ssh-ed25519 {b64(blob)} {comment}"
    blob = ssh_str("ssh-rsa") + ssh_mpint(65537) + ssh_mpint(rbig(rng, 256))
    return f"ssh-rsa {b64(blob)} {comment}"


def spki_rsa(rng):
    return seq(seq(RSA_OID, NULL), der(0x03, b"\x00" + seq(der_int(rbig(rng, 256)), der_int(65537))))


def certificate(rng, cn):
    name = seq(der(0x31, seq(oid("2.5.4.3"), der(0x0C, cn.encode()))))
    validity = seq(der(0x17, b"240115093000Z"), der(0x17, b"260115093000Z"))
    tbs = seq(der(0xA0, der_int(2)), der_int(rbig(rng, 16)), seq(SHA256RSA_OID, NULL), name, validity,
              name, spki_rsa(rng))
    return pem("CERTIFICATE", seq(tbs, seq(SHA256RSA_OID, NULL), der(0x03, b"\x00" + rng.randbytes(256))))


def png_data_uri(rng):
    w = h = rng.choice([8, 12, 16])
    raw = b"".join(b"\x00" + rng.randbytes(w * 4) for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + b64(png)


# ---------------------------------------------------------------- vocabulary

NOUNS = ["user", "order", "invoice", "account", "session", "report", "item", "cart", "payment",
         "customer", "product", "shipment", "ticket", "event", "metric", "profile", "message",
         "upload", "job", "plan", "coupon", "address", "review", "team", "project", "export",
         "audit", "quota", "region", "schedule", "device", "tenant", "refund", "subscription"]
VERBS = ["get", "load", "create", "update", "delete", "sync", "fetch", "process", "validate",
         "render", "parse", "build", "send", "compute", "refresh", "archive", "resolve", "import",
         "publish", "list"]
SERVICES = ["billing", "payments", "auth", "gateway", "notifier", "search", "inventory", "reporting",
            "ingest", "scheduler", "accounts", "catalog", "checkout", "analytics", "mailer",
            "webhooks", "media", "admin", "orders", "profile", "ledger", "shipping"]
ENVS = ["prod", "production", "staging", "dev", "qa", "eu", "us"]
COMPANIES = ["acme", "globex", "initech", "umbrella", "hooli", "vandelay", "stark", "wayne",
             "tyrell", "cyberdyne", "soylent", "wonka"]
FIRST = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"]


def cap(s):
    return s[:1].upper() + s[1:]


def names_of(NAME):
    parts = NAME.lower().split("_")
    return dict(NAME=NAME, snake="_".join(parts), camel=parts[0] + "".join(cap(p) for p in parts[1:]),
                Pascal="".join(cap(p) for p in parts), dotted=".".join(parts), kebab="-".join(parts),
                section=parts[0] if len(parts) > 1 else "auth",
                leaf="_".join(parts[1:]) if len(parts) > 1 else parts[0])


def vocab(rng):
    noun = rng.choice(NOUNS)
    verb = rng.choice(VERBS)
    svc = rng.choice(SERVICES)
    return dict(noun=noun, Noun=cap(noun), NOUN=noun.upper(), verb=verb, Verb=cap(verb),
                n=str(rng.randint(2, 5000)), small=str(rng.randint(2, 9)), svc=svc, Svc=cap(svc),
                env=rng.choice(ENVS), port=str(rng.choice([8080, 8000, 3000, 5000, 9090, 8443])),
                company=rng.choice(COMPANIES), user=rng.choice(FIRST), pct=str(rng.randint(1, 99)),
                noun2=rng.choice(NOUNS), verb2=rng.choice(VERBS))


_SUB = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def sub(tpl, d):
    return _SUB.sub(lambda m: d[m.group(1)] if m.group(1) in d else m.group(0), tpl)


# ---------------------------------------------------------------- secret types
# type -> (generator, names, header) ; header: how the value goes into an HTTP
# header (None: not a header credential).

def _conn_pw(rng):
    return rs(rng, rng.randint(14, 24), ALNUM + "-_.~")


def _user(rng):
    return rng.choice(["svc_", "app_", "", "api_", "etl_"]) + rng.choice(SERVICES)


def gen_pg(rng):
    host = rng.choice([f"db-{rng.choice(ENVS)}-0{rng.randint(1, 4)}.internal.{rng.choice(COMPANIES)}.net",
                       f"{rng.choice(SERVICES)}.c{rs(rng, 10, LOWER + DIGITS)}.us-east-1.rds.amazonaws.com",
                       "10.0.%d.%d" % (rng.randint(0, 9), rng.randint(2, 250))])
    scheme = rng.choice(["postgres", "postgresql"])
    q = rng.choice(["", "?sslmode=require", "?sslmode=verify-full"])
    return f"{scheme}://{_user(rng)}:{_conn_pw(rng)}@{host}:5432/{rng.choice(SERVICES)}{q}"


def gen_mongo(rng):
    if rng.random() < 0.6:
        return (f"mongodb+srv://{_user(rng)}:{_conn_pw(rng)}@cluster{rng.randint(0, 3)}."
                f"{rs(rng, 5, LOWER + DIGITS)}.mongodb.net/{rng.choice(SERVICES)}?retryWrites=true&w=majority")
    return f"mongodb://{_user(rng)}:{_conn_pw(rng)}@mongo-{rng.randint(1, 3)}.{rng.choice(COMPANIES)}.internal:27017/{rng.choice(SERVICES)}"


def gen_mysql(rng):
    return f"mysql://{_user(rng)}:{_conn_pw(rng)}@mysql.{rng.choice(ENVS)}.{rng.choice(COMPANIES)}.internal:3306/{rng.choice(SERVICES)}"


def gen_redis(rng):
    return f"{rng.choice(['redis', 'rediss'])}://default:{_conn_pw(rng)}@cache-{rng.randint(1, 9)}.{rng.choice(COMPANIES)}.internal:6379/0"


def gen_amqp(rng):
    return f"amqps://{_user(rng)}:{_conn_pw(rng)}@mq.{rng.choice(COMPANIES)}.internal:5671/{rng.choice(SERVICES)}"


def gen_basic(rng):
    return b64(f"{rng.choice(['deploy', 'ci-bot', 'admin', 'svc-' + rng.choice(SERVICES)])}:{rs(rng, rng.randint(16, 28))}".encode())


def gen_password(rng):
    sym = "!@^*-_+=."
    for _ in range(100):
        v = rs(rng, rng.randint(16, 28), ALNUM + sym * 2)
        if any(c in DIGITS for c in v) and any(c in UPPER for c in v) and any(c in LOWER for c in v) \
                and v[0] in ALNUM:
            return v


def gen_apikey(rng):
    return rng.choice([lambda: rs(rng, rng.choice([32, 40, 48])), lambda: rs(rng, 32, HEX),
                       lambda: rs(rng, 40, HEX)])()


def gen_generic_secret(rng):
    return rng.choice([lambda: rs(rng, 64, HEX), lambda: rs(rng, rng.choice([43, 50, 64]), URLSAFE),
                       lambda: b64(rng.randbytes(32))])()


def gen_jwt(rng):
    alg = rng.choice(["HS256", "HS256", "RS256", "ES256"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = rs(rng, 16, HEX)
    t = rng.randint(1_700_000_000, 1_760_000_000)
    body = {"sub": rng.choice([str(rng.randint(1000, 99999)), rs(rng, 24, HEX)]),
            "iss": f"https://auth.{rng.choice(COMPANIES)}.io", "aud": rng.choice(SERVICES),
            "iat": t, "exp": t + rng.choice([3600, 86400, 31536000, 315360000])}
    if rng.random() < 0.5:
        body["scope"] = rng.choice(["read write", "admin", "orders:read orders:write", "internal"])
    sig = rng.randbytes({"HS256": 32, "RS256": 256, "ES256": 64}[alg])
    return ".".join([b64url(json.dumps(hdr, separators=(",", ":")).encode()),
                     b64url(json.dumps(body, separators=(",", ":")).encode()), b64url(sig)])


def gen_azure_conn(rng):
    return (f"DefaultEndpointsProtocol=https;AccountName={rng.choice(COMPANIES)}{rng.choice(SERVICES)}{rng.randint(1, 99)};"
            f"AccountKey={b64(rng.randbytes(64))};EndpointSuffix=core.windows.net")


def gen_azure_key(rng):
    # AccountKey alone (64 bytes -> 88 base64 characters ending in ==)
    return b64(rng.randbytes(64))


SECRET_TYPES = {
    # type: (generator, names, header, count)
    "github-pat-classic": (lambda r: crc_token(r, "ghp_"), ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT", "GITHUB_ACCESS_TOKEN"], "token", 22),
    "github-oauth-token": (lambda r: crc_token(r, "gho_"), ["GITHUB_OAUTH_TOKEN", "GH_OAUTH_TOKEN"], "bearer", 10),
    "github-user-to-server-token": (lambda r: crc_token(r, "ghu_"), ["GITHUB_USER_TOKEN", "GH_APP_USER_TOKEN"], "bearer", 10),
    "github-server-to-server-token": (lambda r: crc_token(r, "ghs_"), ["GITHUB_APP_TOKEN", "GH_INSTALLATION_TOKEN"], "token", 10),
    "github-refresh-token": (lambda r: crc_token(r, "ghr_"), ["GITHUB_REFRESH_TOKEN"], None, 8),
    "github-fine-grained-pat": (lambda r: "github_pat_" + rs(r, 22) + "_" + rs(r, 59), ["GITHUB_TOKEN", "GH_PAT", "GITHUB_FG_TOKEN"], "bearer", 14),
    "gitlab-pat": (lambda r: "glpat-" + rs(r, 20, URLSAFE), ["GITLAB_TOKEN", "GITLAB_PRIVATE_TOKEN", "GL_TOKEN"], "PRIVATE-TOKEN", 12),
    "npm-token": (lambda r: crc_token(r, "npm_"), ["NPM_TOKEN", "NODE_AUTH_TOKEN"], "bearer", 12),
    "gcp-api-key": (lambda r: "AIza" + rs(r, 35, URLSAFE), ["GOOGLE_API_KEY", "GOOGLE_MAPS_API_KEY", "GCP_API_KEY", "FIREBASE_API_KEY"], "X-Goog-Api-Key", 12),
    "azure-storage-connection-string": (gen_azure_conn, ["AZURE_STORAGE_CONNECTION_STRING", "STORAGE_CONNECTION_STRING", "AZURE_BLOB_CONNECTION"], None, 10),
    "azure-storage-account-key": (gen_azure_key, ["AZURE_STORAGE_KEY", "AZURE_STORAGE_ACCOUNT_KEY", "STORAGE_ACCOUNT_KEY"], None, 8),
    "azure-ad-client-secret": (lambda r: rs(r, 3) + "8Q~" + rs(r, 34, ALNUM + "-_.~"), ["AZURE_CLIENT_SECRET", "AAD_CLIENT_SECRET"], None, 8),
    "slack-bot-token": (lambda r: f"xoxb-{digits(r, 11)}-{digits(r, 13)}-{rs(r, 24)}", ["SLACK_BOT_TOKEN", "SLACK_TOKEN"], "bearer", 12),
    "slack-user-token": (lambda r: f"xoxp-{digits(r, 11)}-{digits(r, 11)}-{digits(r, 13)}-{rs(r, 32, HEX)}", ["SLACK_USER_TOKEN", "SLACK_API_TOKEN"], "bearer", 10),
    "slack-webhook-url": (lambda r: f"https://hooks.slack.com/services/T{rs(r, 10, UPPER + DIGITS)}/B{rs(r, 10, UPPER + DIGITS)}/{rs(r, 24)}", ["SLACK_WEBHOOK_URL", "SLACK_WEBHOOK", "ALERTS_WEBHOOK_URL"], None, 12),
    "stripe-secret-key": (lambda r: "sk_live_" + rs(r, r.choice([24, 34, 99])), ["STRIPE_SECRET_KEY", "STRIPE_API_KEY", "STRIPE_KEY"], "bearer", 12),
    "stripe-restricted-key": (lambda r: "rk_live_" + rs(r, r.choice([24, 34, 99])), ["STRIPE_RESTRICTED_KEY", "STRIPE_RK"], "bearer", 8),
    "twilio-api-key": (lambda r: "SK" + rs(r, 32, HEX), ["TWILIO_API_KEY", "TWILIO_API_KEY_SID", "TWILIO_KEY"], None, 10),
    "sendgrid-api-key": (lambda r: "SG." + rs(r, 22, URLSAFE) + "." + rs(r, 43, URLSAFE), ["SENDGRID_API_KEY", "SENDGRID_KEY"], "bearer", 10),
    "mailgun-api-key": (lambda r: "key-" + rs(r, 32, HEX), ["MAILGUN_API_KEY", "MAILGUN_KEY"], None, 10),
    "mailchimp-api-key": (lambda r: rs(r, 32, HEX) + "-us" + str(r.randint(1, 21)), ["MAILCHIMP_API_KEY", "MAILCHIMP_KEY"], None, 8),
    "openai-api-key": (lambda r: "sk-proj-" + rs(r, 74, URLSAFE) + "T3BlbkFJ" + rs(r, 74, URLSAFE), ["OPENAI_API_KEY", "OPENAI_KEY"], "bearer", 12),
    "openai-legacy-key": (lambda r: "sk-" + rs(r, 20) + "T3BlbkFJ" + rs(r, 20), ["OPENAI_API_KEY"], "bearer", 8),
    "anthropic-api-key": (lambda r: "sk-ant-api03-" + rs(r, 93, URLSAFE) + "AA", ["ANTHROPIC_API_KEY", "CLAUDE_API_KEY"], "x-api-key", 12),
    "huggingface-token": (lambda r: "hf_" + rs(r, 34, LETTERS), ["HF_TOKEN", "HUGGINGFACE_TOKEN", "HUGGING_FACE_HUB_TOKEN"], "bearer", 10),
    "replicate-api-token": (lambda r: "r8_" + rs(r, 37), ["REPLICATE_API_TOKEN"], "bearer", 8),
    "groq-api-key": (lambda r: "gsk_" + rs(r, 52), ["GROQ_API_KEY"], "bearer", 8),
    "dockerhub-pat": (lambda r: "dckr_pat_" + rs(r, 27, URLSAFE), ["DOCKERHUB_TOKEN", "DOCKER_PASSWORD", "DOCKERHUB_PAT"], None, 10),
    "pypi-token": (lambda r: "pypi-AgEIcHlwaS5vcmc" + rs(r, r.randint(70, 160), URLSAFE), ["PYPI_TOKEN", "TWINE_PASSWORD", "PYPI_API_TOKEN"], None, 10),
    "rubygems-api-key": (lambda r: "rubygems_" + rs(r, 48, HEX), ["GEM_HOST_API_KEY", "RUBYGEMS_API_KEY"], None, 8),
    "shopify-access-token": (lambda r: "shpat_" + rs(r, 32, HEX), ["SHOPIFY_ACCESS_TOKEN", "SHOPIFY_ADMIN_TOKEN"], "X-Shopify-Access-Token", 10),
    "digitalocean-pat": (lambda r: "dop_v1_" + rs(r, 64, HEX), ["DIGITALOCEAN_TOKEN", "DO_TOKEN", "DIGITALOCEAN_ACCESS_TOKEN"], "bearer", 10),
    "vault-service-token": (lambda r: "hvs.CAESI" + rs(r, r.randint(86, 100), URLSAFE), ["VAULT_TOKEN"], "X-Vault-Token", 10),
    "terraform-cloud-token": (lambda r: rs(r, 14) + ".atlasv1." + rs(r, 67), ["TFC_TOKEN", "TF_API_TOKEN", "ATLAS_TOKEN"], "bearer", 8),
    "doppler-token": (lambda r: "dp.pt." + rs(r, 43), ["DOPPLER_TOKEN"], "bearer", 8),
    "linear-api-key": (lambda r: "lin_api_" + rs(r, 40), ["LINEAR_API_KEY"], "Authorization", 8),
    "notion-token": (lambda r: "ntn_" + digits(r, 11) + rs(r, 35), ["NOTION_TOKEN", "NOTION_API_KEY"], "bearer", 8),
    "postman-api-key": (lambda r: "PMAK-" + rs(r, 24, HEX) + "-" + rs(r, 34, HEX), ["POSTMAN_API_KEY"], "X-Api-Key", 8),
    "sonarqube-token": (lambda r: "squ_" + rs(r, 40, HEX), ["SONAR_TOKEN", "SONARQUBE_TOKEN"], None, 8),
    "sentry-dsn": (lambda r: f"https://{rs(r, 32, HEX)}@o{digits(r, 6)}.ingest.sentry.io/{digits(r, 7)}", ["SENTRY_DSN"], None, 10),
    "datadog-api-key": (lambda r: rs(r, 32, HEX), ["DD_API_KEY", "DATADOG_API_KEY"], "DD-API-KEY", 10),
    "newrelic-user-key": (lambda r: "NRAK-" + rs(r, 27, UPPER + DIGITS), ["NEW_RELIC_API_KEY", "NEWRELIC_USER_KEY"], "Api-Key", 8),
    "grafana-service-account-token": (lambda r: "glsa_" + rs(r, 32) + "_" + rs(r, 8, HEX), ["GRAFANA_TOKEN", "GRAFANA_SA_TOKEN"], "bearer", 8),
    "discord-webhook-url": (lambda r: f"https://{r.choice(['discord.com', 'discordapp.com'])}/api/webhooks/{digits(r, 18)}/{rs(r, 68, URLSAFE)}", ["DISCORD_WEBHOOK_URL", "DISCORD_WEBHOOK"], None, 10),
    "telegram-bot-token": (lambda r: f"{digits(r, r.randint(8, 10))}:AA{rs(r, 33, URLSAFE)}", ["TELEGRAM_BOT_TOKEN", "TG_BOT_TOKEN"], None, 10),
    "atlassian-api-token": (lambda r: "ATATT3xFfGF0" + rs(r, 170, URLSAFE) + "=" + rs(r, 8, "0123456789ABCDEF"), ["JIRA_API_TOKEN", "ATLASSIAN_API_TOKEN", "CONFLUENCE_TOKEN"], None, 8),
    "age-secret-key": (lambda r: "AGE-SECRET-KEY-1" + rs(r, 58, BECH32), ["SOPS_AGE_KEY", "AGE_SECRET_KEY"], None, 8),
    "square-access-token": (lambda r: "EAAA" + rs(r, 60, URLSAFE), ["SQUARE_ACCESS_TOKEN"], "bearer", 8),
    "jwt": (gen_jwt, ["JWT_TOKEN", "ACCESS_TOKEN", "AUTH_TOKEN", "SERVICE_TOKEN", "API_JWT"], "bearer", 18),
    "postgres-uri": (gen_pg, ["DATABASE_URL", "POSTGRES_URL", "DB_URL", "PG_DSN"], None, 14),
    "mongodb-uri": (gen_mongo, ["MONGODB_URI", "MONGO_URL"], None, 12),
    "mysql-uri": (gen_mysql, ["MYSQL_URL", "DATABASE_URL"], None, 8),
    "redis-uri": (gen_redis, ["REDIS_URL", "CACHE_URL"], None, 8),
    "amqp-uri": (gen_amqp, ["RABBITMQ_URL", "AMQP_URL", "BROKER_URL"], None, 8),
    "basic-auth": (gen_basic, ["BASIC_AUTH"], "basic", 12),
    "generic-password": (gen_password, ["DB_PASSWORD", "POSTGRES_PASSWORD", "ADMIN_PASSWORD", "SMTP_PASSWORD",
                                        "REDIS_PASSWORD", "MYSQL_ROOT_PASSWORD", "LDAP_BIND_PASSWORD", "KEYSTORE_PASSWORD"], None, 34),
    "generic-api-key": (gen_apikey, ["API_KEY", "INTERNAL_API_KEY", "PAYMENT_API_KEY", "PARTNER_API_KEY", "MAPS_API_KEY", "SEARCH_API_KEY"], "X-Api-Key", 28),
    "generic-secret": (gen_generic_secret, ["CLIENT_SECRET", "JWT_SECRET", "WEBHOOK_SECRET", "SESSION_SECRET",
                                            "SIGNING_SECRET", "APP_SECRET", "ENCRYPTION_KEY", "SECRET_KEY"], None, 28),
    "aws-access-key-id": (lambda r: "AKIA" + rs(r, 16, AWS_ALPHA), [], None, 0),      # planted in pairs
    "aws-secret-access-key": (lambda r: rs(r, 40, B64), [], None, 0),
    "rsa-private-key": (lambda r: pem("RSA PRIVATE KEY", rsa_pkcs1(r, r.choice([2048, 2048, 4096]))), ["PRIVATE_KEY", "SIGNING_KEY", "TLS_KEY", "JWT_PRIVATE_KEY"], None, 12),
    "ec-private-key": (lambda r: pem("EC PRIVATE KEY", ec_sec1(r)), ["EC_PRIVATE_KEY", "SIGNING_KEY", "APNS_KEY"], None, 12),
    "openssh-private-key": (lambda r: openssh_key(r, r.choice(["ed25519", "ed25519", "rsa"]), f"{r.choice(FIRST)}@{r.choice(SERVICES)}-{r.randint(1, 9)}"), ["SSH_PRIVATE_KEY", "DEPLOY_KEY", "SSH_KEY"], None, 12),
    "pkcs8-private-key": (lambda r: pem("PRIVATE KEY", seq(der_int(0), seq(RSA_OID, NULL), der(0x04, rsa_pkcs1(r)))) if r.random() < 0.7
                          else pem("PRIVATE KEY", seq(der_int(0), seq(EC_OID, P256_OID), der(0x04, ec_sec1(r)))), ["PRIVATE_KEY", "TLS_PRIVATE_KEY", "SERVICE_KEY"], None, 12),
    "gcp-service-account": (None, ["GOOGLE_CREDENTIALS"], None, 12),
}
AWS_PAIRS = 20
PEM_TYPES = {"rsa-private-key", "ec-private-key", "openssh-private-key", "pkcs8-private-key"}
for _t, (_g, _n, _h, _c) in list(SECRET_TYPES.items()):
    if _g is not None:
        SECRET_TYPES[_t] = (clean(_g) if _t not in PEM_TYPES else _g, _n, _h, _c)


def gcp_service_account(rng):
    proj = f"{rng.choice(COMPANIES)}-{rng.choice(SERVICES)}-{digits(rng, 6)}"
    acct = rng.choice(SERVICES) + "-" + rng.choice(["deployer", "runner", "sa", "ci"])
    key = SECRET_TYPES["pkcs8-private-key"][0](random.Random(rng.random()))
    while not key.startswith("-----BEGIN PRIVATE KEY-----\nMIIE"):
        key = SECRET_TYPES["pkcs8-private-key"][0](random.Random(rng.random()))
    info = {"type": "service_account", "project_id": proj, "private_key_id": rs(rng, 40, HEX),
            "private_key": key + "\n", "client_email": f"{acct}@{proj}.iam.gserviceaccount.com",
            "client_id": digits(rng, 21), "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
            "client_x509_cert_url": f"https://www.googleapis.com/robot/v1/metadata/x509/{acct}%40{proj}.iam.gserviceaccount.com",
            "universe_domain": "googleapis.com"}
    return info


# ---------------------------------------------------------------- languages

def q_double(v):
    return '"' + v + '"'


def q_single(v):
    return "'" + v + "'"


def q_yaml(v):
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_./+=-]*", v) and not re.fullmatch(r"(?i)true|false|yes|no|on|off|null|~|[0-9.e+-]+", v):
        return v
    return '"' + v + '"'


def q_xml(v):
    return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def q_json(v):
    return json.dumps(v)


def q_env(v):
    return v if re.fullmatch(r"[A-Za-z0-9_./:@+=~?&%-]*", v) else '"' + v + '"'


def q_bare(v):
    return v


def q_sh(v):
    return "'" + v + "'" if "$" in v or "!" in v else '"' + v + '"'


SECRET_NAME_POOL = sorted({n for t in SECRET_TYPES.values() for n in t[1]} |
                          {"AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID"})

# Each language: paths (normal, test), header/filler/footer templates, item
# templates. Item templates use {lit} (the quoted value or a raw expression),
# {v} (the bare value inside a string), {pem} (a multi-line PEM), {hname} and
# {hval} (an HTTP header), {lid}/{lsec} (an AWS key pair).
L = {}

L["py"] = dict(
    paths=["services/{svc}/app/{noun}_{verb}.py", "{svc}/settings.py", "scripts/{verb}_{noun}s.py",
           "src/{svc}/{noun}.py", "tools/{svc}_client.py", "{svc}/config/{env}.py", "app/integrations/{noun}.py"],
    test_paths=["tests/test_{noun}_{verb}.py", "tests/integration/test_{svc}.py", "services/{svc}/tests/conftest.py",
                "fixtures/{noun}_data.py"],
    quote=lambda v: q_double(v), pem_ok=True,
    header=["import json\nimport logging\nimport os\nfrom datetime import datetime, timedelta\n\nimport requests\n\nlogger = logging.getLogger(__name__)\n",
            '"""{Svc} {noun} helpers."""\nfrom __future__ import annotations\n\nimport os\nimport time\nfrom dataclasses import dataclass\n'],
    filler=['def {verb}_{noun}(session, {noun}_id):\n    """{Verb} a {noun} by id."""\n    {noun} = session.get({Noun}, {noun}_id)\n    if {noun} is None:\n        raise LookupError(f"{noun} {{noun}_id} not found")\n    return {noun}\n',
            'class {Noun}Serializer:\n    fields = ("id", "name", "created_at", "status")\n\n    def validate_name(self, value):\n        if len(value) > {n}:\n            raise ValueError("name too long")\n        return value.strip()\n',
            'MAX_RETRIES = {small}\nTIMEOUT_SECONDS = {n}\nDEFAULT_REGION = "us-east-1"\n',
            'def _{verb}_batches(items, size={small}):\n    for i in range(0, len(items), size):\n        yield items[i:i + size]\n',
            '# {Verb} {noun}s in batches so the worker does not hold the lock for too long.\n',
            '@dataclass\nclass {Noun}Config:\n    name: str\n    retries: int = {small}\n    enabled: bool = True\n',
            'def {verb}_{noun}s(client, since=None):\n    params = {"limit": {n}}\n    if since is not None:\n        params["since"] = since.isoformat()\n    resp = client.get("/v1/{noun}s", params=params, timeout=30)\n    resp.raise_for_status()\n    return resp.json()["data"]\n',
            'for {noun} in {noun}s:\n    if not {noun}.active:\n        continue\n    totals[{noun}.region] = totals.get({noun}.region, 0) + {noun}.amount\n'],
    footer=['\n\nif __name__ == "__main__":\n    main()\n', ''],
    assign=['{NAME} = {lit}\n', '{snake} = {lit}\n', 'settings = {\n    "region": "us-east-1",\n    "{snake}": {lit},\n    "timeout": {small},\n}\n',
            'class {Svc}Settings:\n    base_url = "https://api.{company}.io/v2"\n    {snake} = {lit}\n'],
    litonly=['client = {Svc}Client({snake}={lit}, timeout=30)\n', '{snake} = os.getenv("{NAME}", {lit})\n',
             '# {NAME}={v}\n', 'os.environ.setdefault("{NAME}", {lit})\n'],
    embed=['headers = {"{hname}": "{hval}", "Content-Type": "application/json"}\n',
           'resp = requests.get(\n    "https://api.{company}.io/v1/{noun}s",\n    headers={"{hname}": "{hval}"},\n    timeout=10,\n)\n'],
    pem=['{NAME} = """{pem}\n"""\n', '{snake} = """\\\n{pem}\n"""\n'],
    pair=['AWS_ACCESS_KEY_ID = "{id}"\nAWS_SECRET_ACCESS_KEY = "{sec}"\n',
          's3 = boto3.client(\n    "s3",\n    aws_access_key_id="{id}",\n    aws_secret_access_key="{sec}",\n)\n'],
)

L["js"] = dict(
    paths=["web/src/{noun}Api.js", "src/lib/{noun}.js", "server/routes/{noun}s.js", "config/{env}.js", "{svc}/index.js"],
    test_paths=["test/{noun}.test.js", "web/src/{noun}.spec.js", "tests/e2e/{noun}s.js"],
    quote=lambda v: q_double(v), pem_ok=True,
    header=["'use strict';\n\nconst express = require('express');\nconst axios = require('axios');\n\nconst router = express.Router();\n",
            "import axios from 'axios';\nimport { logger } from './logger';\n"],
    filler=["async function {verb}{Noun}(id) {\n  const res = await axios.get(`/api/{noun}s/${id}`);\n  if (res.status !== 200) {\n    throw new Error(`failed to {verb} {noun} ${id}`);\n  }\n  return res.data;\n}\n",
            "router.get('/{noun}s/:id', async (req, res) => {\n  const item = await {verb}{Noun}(req.params.id);\n  res.json(item);\n});\n",
            "const MAX_{NOUN}S = {n};\nconst RETRY_DELAY_MS = {n};\n",
            "// {Verb} {noun}s lazily; the list can be large for big tenants.\n",
            "function format{Noun}({noun}) {\n  return {\n    id: {noun}.id,\n    label: `${{noun}.name} (${{noun}.region})`,\n  };\n}\n",
            "export const {noun}Columns = ['id', 'name', 'status', 'createdAt'];\n"],
    footer=["\nmodule.exports = router;\n", "\nexport default {verb}{Noun};\n"],
    assign=["const {camel} = {lit};\n", "export const {NAME} = {lit};\n",
            "const config = {\n  region: 'us-east-1',\n  {camel}: {lit},\n  retries: {small},\n};\n"],
    litonly=["const {camel} = process.env.{NAME} || {lit};\n", "// {NAME}={v}\n",
             "const client = new {Svc}Client({ {camel}: {lit} });\n"],
    embed=["const headers = {\n  '{hname}': '{hval}',\n  'Content-Type': 'application/json',\n};\n",
           "const res = await fetch(`https://api.{company}.io/v1/{noun}s`, {\n  headers: { '{hname}': '{hval}' },\n});\n"],
    pem=["const {camel} = `{pem}\n`;\n"],
    pair=["const s3 = new AWS.S3({\n  accessKeyId: '{id}',\n  secretAccessKey: '{sec}',\n  region: 'us-east-1',\n});\n",
          "const awsAccessKeyId = \"{id}\";\nconst awsSecretAccessKey = \"{sec}\";\n"],
)

L["ts"] = dict(L["js"],
               paths=["web/src/services/{noun}Service.ts", "packages/{svc}/src/{noun}.ts", "src/config/{env}.ts", "apps/{svc}/src/client.ts"],
               test_paths=["packages/{svc}/src/{noun}.test.ts", "e2e/{noun}s.spec.ts", "tests/{noun}.ts"],
               header=["import { Injectable } from '@nestjs/common';\nimport axios, { AxiosInstance } from 'axios';\n",
                       "import type { {Noun} } from './types';\nimport { http } from './http';\n"],
               filler=L["js"]["filler"] + ["export interface {Noun}Options {\n  id: string;\n  limit?: number;\n  region: string;\n}\n",
                                           "export async function {verb}{Noun}s(opts: {Noun}Options): Promise<{Noun}[]> {\n  const { data } = await http.get<{Noun}[]>(`/{noun}s`, { params: opts });\n  return data;\n}\n"],
               footer=["", "\nexport default {};\n"],
               assign=["const {camel}: string = {lit};\n", "export const {NAME} = {lit};\n",
                       "export const config = {\n  region: 'us-east-1',\n  {camel}: {lit},\n} as const;\n"])

L["go"] = dict(
    paths=["cmd/{svc}/main.go", "internal/{svc}/{noun}.go", "pkg/{noun}/client.go", "internal/config/{env}.go"],
    test_paths=["internal/{svc}/{noun}_test.go", "pkg/{noun}/client_test.go", "testdata/{noun}_fixture.go"],
    quote=lambda v: q_double(v), pem_ok=True,
    header=['package {svc}\n\nimport (\n\t"context"\n\t"fmt"\n\t"net/http"\n\t"os"\n\t"time"\n)\n',
            'package main\n\nimport (\n\t"encoding/json"\n\t"log"\n\t"net/http"\n)\n'],
    filler=['func {Verb}{Noun}(ctx context.Context, id string) (*{Noun}, error) {\n\tv, err := store.Get(ctx, id)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf("{verb} {noun} %s: %w", id, err)\n\t}\n\treturn v, nil\n}\n',
            'type {Noun} struct {\n\tID        string    `json:"id"`\n\tName      string    `json:"name"`\n\tCreatedAt time.Time `json:"created_at"`\n}\n',
            'const max{Noun}s = {n}\n',
            '// {Verb}{Noun}s walks the {noun}s page by page.\n',
            'func handle{Noun}(w http.ResponseWriter, r *http.Request) {\n\tif r.Method != http.MethodGet {\n\t\thttp.Error(w, "method not allowed", http.StatusMethodNotAllowed)\n\t\treturn\n\t}\n\tw.WriteHeader(http.StatusOK)\n}\n'],
    footer=[''],
    assign=['const {camel} = {lit}\n', 'var {Pascal} = {lit}\n',
            'var defaultConfig = Config{\n\tRegion:  "us-east-1",\n\t{Pascal}: {lit},\n\tTimeout: {small} * time.Second,\n}\n'],
    litonly=['// {NAME}={v}\n', 'func init() {\n\tif os.Getenv("{NAME}") == "" {\n\t\tos.Setenv("{NAME}", {lit})\n\t}\n}\n'],
    embed=['func newRequest(url string) (*http.Request, error) {\n\treq, err := http.NewRequest(http.MethodGet, url, nil)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treq.Header.Set("{hname}", "{hval}")\n\treturn req, nil\n}\n'],
    pem=['const {camel} = `{pem}\n`\n'],
    pair=['const (\n\tawsAccessKeyID     = "{id}"\n\tawsSecretAccessKey = "{sec}"\n)\n'],
)

L["java"] = dict(
    paths=["src/main/java/com/{company}/{svc}/{Noun}Service.java", "src/main/java/com/{company}/{svc}/config/{Svc}Config.java"],
    test_paths=["src/test/java/com/{company}/{svc}/{Noun}ServiceTest.java"],
    quote=lambda v: q_double(v), pem_ok=True,
    header=['package com.{company}.{svc};\n\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.util.List;\nimport java.util.Properties;\n\npublic class {Noun}Service {\n'],
    filler=['    public {Noun} {verb}{Noun}(String id) {\n        {Noun} found = repository.findById(id);\n        if (found == null) {\n            throw new IllegalArgumentException("no {noun} " + id);\n        }\n        return found;\n    }\n',
            '    private static final int MAX_{NOUN}S = {n};\n',
            '    // {Verb} {noun}s for the nightly job.\n',
            '    public List<{Noun}> list{Noun}s(int limit) {\n        return repository.findAll().stream().limit(limit).toList();\n    }\n'],
    footer=['}\n'],
    assign=['    private static final String {NAME} = {lit};\n', '    private String {camel} = {lit};\n'],
    litonly=['    private void configure{Noun}(Properties props) {\n        props.setProperty("{dotted}", {lit});\n    }\n',
             '    // {NAME}={v}\n'],
    embed=['    private HttpRequest request(String url) {\n        return HttpRequest.newBuilder(java.net.URI.create(url))\n            .header("{hname}", "{hval}")\n            .build();\n    }\n'],
    pem=['    private static final String {NAME} = """\n        {pem}\n        """;\n'],
    pair=['    private final AmazonS3 s3 = AmazonS3ClientBuilder.standard()\n        .withCredentials(new AWSStaticCredentialsProvider(new BasicAWSCredentials(\n            "{id}",\n            "{sec}")))\n        .build();\n'],
)

L["rb"] = dict(
    paths=["app/services/{noun}_service.rb", "config/initializers/{svc}.rb", "lib/{svc}/{noun}.rb"],
    test_paths=["spec/services/{noun}_service_spec.rb", "test/{noun}_test.rb"],
    quote=lambda v: q_single(v), pem_ok=True,
    header=["# frozen_string_literal: true\n\nrequire 'net/http'\nrequire 'json'\n"],
    filler=["def {verb}_{noun}(id)\n  {noun} = {Noun}.find_by(id: id)\n  raise ActiveRecord::RecordNotFound, \"{noun} #{id}\" unless {noun}\n\n  {noun}\nend\n",
            "MAX_{NOUN}S = {n}\n", "# {Verb} {noun}s nightly.\n",
            "class {Noun}Presenter\n  def initialize({noun})\n    @{noun} = {noun}\n  end\n\n  def as_json(*)\n    { id: @{noun}.id, name: @{noun}.name }\n  end\nend\n"],
    footer=[""],
    assign=["{NAME} = {lit}\n", "{Svc}.configure do |config|\n  config.{snake} = {lit}\n  config.timeout = {small}\nend\n",
            "SETTINGS = {\n  region: 'us-east-1',\n  {snake}: {lit}\n}.freeze\n"],
    litonly=["ENV['{NAME}'] ||= {lit}\n", "# {NAME}={v}\n"],
    embed=["request = Net::HTTP::Get.new(uri)\nrequest['{hname}'] = '{hval}'\n"],
    pem=["{NAME} = <<~PEM\n  {pem}\nPEM\n"],
    pair=["Aws.config.update(\n  credentials: Aws::Credentials.new(\n    '{id}',\n    '{sec}'\n  )\n)\n"],
)

L["php"] = dict(
    paths=["src/{Noun}Repository.php", "app/Http/Controllers/{Noun}Controller.php", "config/{svc}.php", "public/{svc}/bootstrap.php"],
    test_paths=["tests/Unit/{Noun}Test.php", "tests/Feature/{Svc}Test.php"],
    quote=lambda v: q_single(v), pem_ok=True,
    header=["<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\{Svc};\n\nuse GuzzleHttp\\Client;\n"],
    filler=["function {verb}{Noun}(int $id): array\n{\n    $row = DB::table('{noun}s')->where('id', $id)->first();\n    if ($row === null) {\n        throw new RuntimeException(\"{noun} $id not found\");\n    }\n    return (array) $row;\n}\n",
            "const MAX_{NOUN}S = {n};\n", "// {Verb} {noun}s on each request.\n"],
    footer=[""],
    assign=["${camel} = {lit};\n", "define('{NAME}', {lit});\n",
            "$config = [\n    'region' => 'us-east-1',\n    '{snake}' => {lit},\n];\n"],
    litonly=["putenv('{NAME}={v}');\n", "// {NAME}={v}\n"],
    embed=["$client = new Client(['headers' => ['{hname}' => '{hval}']]);\n"],
    pem=["${camel} = \"{pem}\n\";\n"],
    pair=["$s3 = new Aws\\S3\\S3Client([\n    'region' => 'us-east-1',\n    'credentials' => [\n        'key' => '{id}',\n        'secret' => '{sec}',\n    ],\n]);\n"],
)

L["k8s_secret"] = dict(
    paths=["deploy/k8s/{svc}/secret.yaml", "k8s/{env}/{svc}-secrets.yaml", "manifests/{svc}/secret-{env}.yaml"],
    test_paths=["tests/fixtures/k8s/{svc}-secret.yaml"],
    quote=q_yaml, pem_ok=True,
    header=["apiVersion: v1\nkind: Secret\nmetadata:\n  name: {svc}-secrets\n  namespace: {env}\n  labels:\n    app.kubernetes.io/name: {svc}\n    app.kubernetes.io/part-of: platform\ntype: Opaque\nstringData:\n"],
    filler=["  {NOUN}_TIMEOUT: \"{n}\"\n", "  LOG_LEVEL: info\n", "  {NOUN}_ENDPOINT: https://{noun}.{svc}.svc.cluster.local:{port}\n",
            "  FEATURE_{NOUN}_ENABLED: \"true\"\n", "  # rotated by the platform team\n"],
    footer=[""],
    assign=["  {NAME}: {lit}\n"], litonly=[], embed=[],
    pem=["  {kebab}.pem: |\n    {pem}\n"],
    pair=["  AWS_ACCESS_KEY_ID: {id}\n  AWS_SECRET_ACCESS_KEY: {sec}\n"],
)

L["k8s_deploy"] = dict(
    paths=["deploy/k8s/{svc}/deployment.yaml", "k8s/{env}/{svc}-deployment.yaml", "charts/{svc}/templates/deployment.yaml"],
    test_paths=["tests/fixtures/k8s/{svc}-deployment.yaml"],
    quote=q_yaml, pem_ok=False,
    header=["apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {svc}\n  namespace: {env}\nspec:\n  replicas: {small}\n  selector:\n    matchLabels:\n      app: {svc}\n  template:\n    metadata:\n      labels:\n        app: {svc}\n    spec:\n      containers:\n        - name: {svc}\n          image: registry.{company}.io/{svc}:1.{small}.{n}\n          ports:\n            - containerPort: {port}\n          env:\n"],
    filler=["            - name: LOG_LEVEL\n              value: info\n", "            - name: {NOUN}_BATCH_SIZE\n              value: \"{n}\"\n",
            "            - name: {NOUN}_SERVICE_URL\n              value: http://{noun}.{env}.svc.cluster.local:{port}\n"],
    footer=["          resources:\n            limits:\n              cpu: 500m\n              memory: 512Mi\n"],
    assign=["            - name: {NAME}\n              value: {lit}\n"], litonly=[], embed=[], pem=[],
    pair=["            - name: AWS_ACCESS_KEY_ID\n              value: {id}\n            - name: AWS_SECRET_ACCESS_KEY\n              value: {sec}\n"],
)

L["gha"] = dict(
    paths=[".github/workflows/{verb}-{svc}.yml", ".github/workflows/{env}-deploy.yml", ".github/workflows/release-{svc}.yaml"],
    test_paths=[],
    quote=q_yaml, pem_ok=True,
    header=["name: {Verb} {svc}\n\non:\n  push:\n    branches: [main]\n  workflow_dispatch:\n\npermissions:\n  contents: read\n\nenv:\n"],
    filler=["  NODE_VERSION: \"20\"\n", "  {NOUN}_REGION: us-east-1\n", "  CI: \"true\"\n", "  # kept in sync with the {svc} chart\n"],
    footer=["\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: ${{ env.NODE_VERSION }}\n      - run: npm ci\n      - run: npm run build --workspace {svc}\n      - run: ./scripts/deploy.sh {env}\n"],
    assign=["  {NAME}: {lit}\n"], litonly=[], embed=[],
    pem=["  {NAME}: |\n    {pem}\n"],
    pair=["  AWS_ACCESS_KEY_ID: {id}\n  AWS_SECRET_ACCESS_KEY: {sec}\n"],
)

L["compose"] = dict(
    paths=["docker-compose.yml", "{svc}/docker-compose.yml", "deploy/compose/docker-compose.{env}.yml", "docker-compose.override.yml"],
    test_paths=["tests/docker-compose.yml"],
    quote=q_yaml, pem_ok=False,
    header=["services:\n  {svc}:\n    image: registry.{company}.io/{svc}:latest\n    restart: unless-stopped\n    ports:\n      - \"{port}:{port}\"\n    depends_on:\n      - db\n    environment:\n"],
    filler=["      LOG_LEVEL: info\n", "      {NOUN}_WORKERS: \"{small}\"\n", "      PORT: \"{port}\"\n", "      {NOUN}_URL: http://{noun}:{port}\n"],
    footer=["  db:\n    image: postgres:16\n    volumes:\n      - pgdata:/var/lib/postgresql/data\n\nvolumes:\n  pgdata:\n"],
    assign=["      {NAME}: {lit}\n"], litonly=[], embed=[], pem=[],
    pair=["      AWS_ACCESS_KEY_ID: {id}\n      AWS_SECRET_ACCESS_KEY: {sec}\n"],
)

L["yamlcfg"] = dict(
    paths=["config/{env}.yml", "config/application-{env}.yml", "{svc}/config.yaml", "ansible/group_vars/{env}.yml", "charts/{svc}/values-{env}.yaml"],
    test_paths=["spec/fixtures/{svc}_config.yml", "tests/fixtures/config-{env}.yaml"],
    quote=q_yaml, pem_ok=True,
    header=["# {Svc} configuration ({env})\nserver:\n  port: {port}\n  host: 0.0.0.0\n  read_timeout: 30s\n"],
    filler=["{noun}:\n  batch_size: {n}\n  enabled: true\n", "logging:\n  level: info\n  format: json\n", "# {verb} {noun}s every {small} minutes\n",
            "{noun}_service:\n  url: https://{noun}.{company}.internal\n  retries: {small}\n"],
    footer=[""],
    assign=["{section}:\n  {leaf}: {lit}\n", "{snake}: {lit}\n"], litonly=["# {snake}: {v}\n"], embed=[
        "http:\n  headers:\n    {hname}: \"{hval}\"\n"],
    pem=["{section}:\n  {leaf}: |\n    {pem}\n"],
    pair=["aws:\n  access_key_id: {id}\n  secret_access_key: {sec}\n  region: us-east-1\n"],
)

L["env"] = dict(
    paths=[".env", "{svc}/.env", ".env.production", "deploy/{env}.env", ".env.local"],
    test_paths=["tests/.env", "tests/{svc}/.env"],
    quote=q_env, pem_ok=True,
    header=["# {Svc} environment ({env})\n"],
    filler=["LOG_LEVEL=info\n", "PORT={port}\n", "{NOUN}_URL=https://{noun}.{company}.internal\n", "NODE_ENV=production\n", "\n", "# --- {noun} ---\n",
            "{NOUN}_BATCH_SIZE={n}\n"],
    footer=[""],
    assign=["{NAME}={lit}\n", "export {NAME}={lit}\n"], litonly=["# {NAME}={v}\n"], embed=[],
    pem=[],
    pair=["AWS_ACCESS_KEY_ID={id}\nAWS_SECRET_ACCESS_KEY={sec}\n"],
)

L["json"] = dict(
    paths=["config/{env}.json", "{svc}/appsettings.json", "config/{svc}.json", "{svc}/credentials.json", "deploy/{env}/settings.json"],
    test_paths=["tests/fixtures/{noun}.json", "fixtures/{svc}.json"],
    quote=q_json, pem_ok=True, json=True,
    header=["{\n"],
    filler=['  "name": "{svc}"', '  "logging": {\n    "level": "info",\n    "format": "json"\n  }', '  "{noun}BatchSize": {n}',
            '  "{noun}": {\n    "url": "https://{noun}.{company}.internal",\n    "retries": {small}\n  }', '  "region": "us-east-1"'],
    footer=["}\n"],
    assign=['  "{camel}": {lit}', '  "{section}": {\n    "{leaf}": {lit}\n  }'], litonly=[], embed=['  "headers": {\n    "{hname}": "{hval}"\n  }'],
    pem=[],
    pair=['  "aws": {\n    "accessKeyId": "{id}",\n    "secretAccessKey": "{sec}",\n    "region": "us-east-1"\n  }'],
)

L["tf"] = dict(
    paths=["infra/terraform/{svc}/main.tf", "infra/{env}/{svc}.tf", "terraform/{env}.tfvars", "modules/{svc}/variables.tf"],
    test_paths=["infra/tests/{svc}.tf"],
    quote=q_double, pem_ok=True,
    header=['terraform {\n  required_version = ">= 1.5"\n  required_providers {\n    aws = {\n      source  = "hashicorp/aws"\n      version = "~> 5.0"\n    }\n  }\n}\n'],
    filler=['resource "aws_s3_bucket" "{noun}" {\n  bucket = "{company}-{svc}-{noun}-{env}"\n  tags = {\n    Service = "{svc}"\n  }\n}\n',
            'variable "{noun}_count" {\n  type    = number\n  default = {small}\n}\n', '# {verb} {noun}s through the {svc} module\n',
            'module "{svc}_{noun}" {\n  source      = "../modules/{noun}"\n  environment = "{env}"\n}\n'],
    footer=[""],
    assign=['variable "{snake}" {\n  type      = string\n  default   = {lit}\n  sensitive = true\n}\n', 'locals {\n  {snake} = {lit}\n}\n',
            'resource "kubernetes_secret" "{svc}" {\n  metadata {\n    name = "{svc}"\n  }\n  data = {\n    {NAME} = {lit}\n  }\n}\n'],
    litonly=['# {snake} = "{v}"\n'], embed=[],
    pem=['locals {\n  {snake} = <<-EOT\n    {pem}\n  EOT\n}\n'],
    pair=['provider "aws" {\n  access_key = "{id}"\n  secret_key = "{sec}"\n  region     = "us-east-1"\n}\n'],
)

L["sh"] = dict(
    paths=["scripts/deploy.sh", "scripts/{verb}-{noun}s.sh", "bin/{svc}-setup.sh", "ci/{verb}.sh", "ops/{svc}/{verb}.sh"],
    test_paths=["tests/run_{noun}.sh", "tests/integration/{svc}.sh"],
    quote=q_sh, pem_ok=True,
    header=["#!/usr/bin/env bash\n# {Verb} {svc} ({env})\nset -euo pipefail\n\ncd \"$(dirname \"$0\")/..\"\n"],
    filler=["log() {\n  printf '%s %s\\n' \"$(date -u +%FT%TZ)\" \"$*\" >&2\n}\n", "REGION=us-east-1\nRETRIES={small}\n",
            "for i in $(seq 1 \"$RETRIES\"); do\n  if curl -fsS \"https://{noun}.{company}.internal/healthz\" >/dev/null; then\n    break\n  fi\n  sleep {small}\ndone\n",
            "# {verb} the {noun}s before the migration\n", "if [ ! -d \"./{noun}s\" ]; then\n  mkdir -p ./{noun}s\nfi\n"],
    footer=["\nlog \"done\"\n"],
    assign=["export {NAME}={lit}\n", "{NAME}={lit}\n"], litonly=["{svc}ctl login --token {v}\n", "# {NAME}={v}\n"],
    embed=["curl -fsS -H \"{hname}: {hval}\" \"https://api.{company}.io/v1/{noun}s\"\n"],
    pem=["cat > \"$HOME/.ssh/{snake}\" <<'EOF'\n{pem}\nEOF\n"],
    pair=["export AWS_ACCESS_KEY_ID={id}\nexport AWS_SECRET_ACCESS_KEY={sec}\n",
          "aws configure set aws_access_key_id {id}\naws configure set aws_secret_access_key {sec}\n"],
)

L["docker"] = dict(
    paths=["Dockerfile", "{svc}/Dockerfile", "docker/{svc}.Dockerfile"],
    test_paths=["tests/Dockerfile"],
    quote=q_env, pem_ok=False,
    header=["FROM python:3.12-slim AS base\n\nWORKDIR /app\nENV PYTHONDONTWRITEBYTECODE=1 \\\n    PYTHONUNBUFFERED=1\n"],
    filler=["COPY requirements.txt .\nRUN pip install --no-cache-dir -r requirements.txt\n", "RUN apt-get update \\\n    && apt-get install -y --no-install-recommends curl \\\n    && rm -rf /var/lib/apt/lists/*\n",
            "COPY . .\n", "EXPOSE {port}\n", "# {verb} {noun}s at build time\n", "ENV {NOUN}_WORKERS={small}\n"],
    footer=["\nUSER 1000\nCMD [\"gunicorn\", \"-b\", \"0.0.0.0:{port}\", \"{svc}.wsgi\"]\n"],
    assign=["ENV {NAME}={lit}\n", "ARG {NAME}={lit}\n"], litonly=["# {NAME}={v}\n"],
    embed=["RUN curl -fsS -H \"{hname}: {hval}\" -o /tmp/{noun}.tgz https://artifacts.{company}.io/{noun}.tgz\n"],
    pem=[],
    pair=["ENV AWS_ACCESS_KEY_ID={id}\nENV AWS_SECRET_ACCESS_KEY={sec}\n"],
)

L["ini"] = dict(
    paths=["config/{svc}.ini", "setup.cfg", "deploy/{svc}/{env}.cfg", "{svc}/alembic.ini", "deploy/{svc}/aws.cfg"],
    test_paths=["tests/{svc}.ini"],
    quote=q_bare, pem_ok=False,
    header=["; {Svc} settings ({env})\n[server]\nhost = 0.0.0.0\nport = {port}\n"],
    filler=["\n[{noun}]\nbatch_size = {n}\nenabled = true\n", "\n[logging]\nlevel = INFO\n", "; {verb} {noun}s hourly\n"],
    footer=[""],
    assign=["\n[{section}]\n{leaf} = {lit}\n", "{snake} = {lit}\n"], litonly=["; {snake} = {v}\n"], embed=[], pem=[],
    pair=["\n[default]\naws_access_key_id = {id}\naws_secret_access_key = {sec}\n"],
)

L["props"] = dict(
    paths=["src/main/resources/application.properties", "src/main/resources/application-{env}.properties", "{svc}/gradle.properties",
           "conf/{svc}.properties"],
    test_paths=["src/test/resources/application-test.properties"],
    quote=q_bare, pem_ok=False,
    header=["# {Svc} ({env})\nserver.port={port}\nspring.application.name={svc}\n"],
    filler=["spring.jpa.hibernate.ddl-auto=validate\n", "{noun}.batch-size={n}\n", "logging.level.root=INFO\n", "# {verb} {noun}s\n",
            "management.endpoints.web.exposure.include=health,info\n"],
    footer=[""],
    assign=["{dotted}={lit}\n", "{svc}.{kebab}={lit}\n"], litonly=["#{dotted}={v}\n"], embed=[], pem=[],
    pair=["aws.access-key-id={id}\naws.secret-access-key={sec}\n"],
)

L["xml"] = dict(
    paths=["{svc}/App.config", "{svc}/Web.config", "src/main/resources/{svc}-context.xml", "conf/{svc}.xml"],
    test_paths=["src/test/resources/{svc}-test.xml"],
    quote=lambda v: q_double(q_xml(v)), pem_ok=False,
    header=['<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <appSettings>\n'],
    filler=['    <add key="{Noun}BatchSize" value="{n}" />\n', '    <add key="LogLevel" value="Information" />\n', '    <!-- {verb} {noun}s -->\n',
            '    <add key="{Noun}Endpoint" value="https://{noun}.{company}.internal/api" />\n'],
    footer=['  </appSettings>\n</configuration>\n'],
    assign=['    <add key="{Pascal}" value={lit} />\n'], litonly=[], embed=[], pem=[],
    pair=['    <add key="AWSAccessKey" value="{id}" />\n    <add key="AWSSecretKey" value="{sec}" />\n'],
)

# small special formats
L["npmrc"] = dict(
    paths=[".npmrc", "web/.npmrc", "packages/{svc}/.npmrc"], test_paths=["tests/.npmrc", "tests/fixtures/{svc}/.npmrc", "test/{noun}/.npmrc"], quote=q_bare, pem_ok=False,
    header=["; npm configuration for the {svc} workspace\nregistry=https://registry.npmjs.org/\n@{company}:registry=https://npm.pkg.github.com\n"],
    filler=["save-exact=true\n", "engine-strict=true\n", "; keep lockfiles in sync\n", "fund=false\n", "audit-level=high\n", "; {verb} {noun}s\n"],
    footer=[""], assign=[], litonly=[], embed=[], pem=[], pair=[])
L["pypirc"] = dict(
    paths=[".pypirc", "{svc}/.pypirc"], test_paths=["tests/.pypirc", "tests/fixtures/{svc}/.pypirc"], quote=q_bare, pem_ok=False,
    header=["[distutils]\nindex-servers =\n    pypi\n    internal\n"],
    filler=["; {verb} {noun} packages\n", "\n[internal]\nrepository = https://pypi.{company}.internal/simple/\nusername = {svc}\n"],
    footer=[""], assign=[], litonly=[], embed=[], pem=[], pair=[])
L["keyfile"] = dict(
    paths=["deploy/keys/{svc}.pem", "ops/ssh/id_rsa_{svc}", "certs/{svc}-{env}.key", "{svc}/jwt-signing.pem"],
    test_paths=["tests/fixtures/keys/{svc}.pem"], quote=q_bare, pem_ok=True,
    header=[""], filler=[], footer=[""], assign=[], litonly=[], embed=[], pem=["{pem}\n"], pair=[])

SPECIAL = {
    "npmrc": {"npm-token": ["//registry.npmjs.org/:_authToken={v}\n"],
              "github-pat-classic": ["//npm.pkg.github.com/:_authToken={v}\n"]},
    "pypirc": {"pypi-token": ["\n[pypi]\nusername = __token__\npassword = {v}\n"]},
}

# Per-type shell commands (in addition to the language's templates).
SH_CLI = {
    "npm-token": ["npm config set //registry.npmjs.org/:_authToken {v}\n"],
    "pypi-token": ["twine upload --username __token__ --password {v} dist/*\n"],
    "dockerhub-pat": ["echo \"{v}\" | docker login --username {company}bot --password-stdin\n"],
    "github-pat-classic": ["git clone \"https://x-access-token:{v}@github.com/{company}/{svc}.git\"\n", "gh auth login --with-token <<< \"{v}\"\n"],
    "gitlab-pat": ["git clone \"https://oauth2:{v}@gitlab.com/{company}/{svc}.git\"\n"],
    "vault-service-token": ["vault login {v}\n"],
    "digitalocean-pat": ["doctl auth init --access-token {v}\n"],
    "postgres-uri": ["psql \"{v}\" -c 'select 1'\n"],
    "mongodb-uri": ["mongosh \"{v}\" --quiet --eval 'db.stats()'\n"],
    "redis-uri": ["redis-cli -u {v} ping\n"],
    "slack-webhook-url": ["curl -fsS -X POST -H 'Content-Type: application/json' --data '{\"text\":\"deploy finished\"}' {v}\n"],
    "discord-webhook-url": ["curl -fsS -H 'Content-Type: application/json' -d '{\"content\":\"build ok\"}' \"{v}\"\n"],
    "telegram-bot-token": ["curl -s \"https://api.telegram.org/bot{v}/sendMessage\" -d chat_id=-100{n} -d text=deployed\n"],
    "sonarqube-token": ["sonar-scanner -Dsonar.host.url=https://sonar.{company}.io -Dsonar.token={v}\n"],
}


def header_value(htype, v):
    if htype is None:
        return None
    if htype == "bearer":
        return ("Authorization", "Bearer " + v)
    if htype == "token":
        return ("Authorization", "token " + v)
    if htype == "basic":
        return ("Authorization", "Basic " + v)
    return (htype, v)


# ---------------------------------------------------------------- items
# An item renders to lines and marks; a mark is (offset, end_offset, kind,
# type, value, anchors).

def pem_sub(tpl, pemtext):
    """Expand {pem} keeping the template line's indentation on every PEM line."""
    out = []
    for line in tpl.split("\n"):
        i = line.find("{pem}")
        if i < 0:
            out.append(line)
            continue
        pre = line[:i]
        ind = pre if pre.strip() == "" else ""
        pl = pemtext.split("\n")
        out.append(pre + pl[0])
        out.extend(ind + p for p in pl[1:-1])
        out.append(ind + pl[-1] + line[i + 5:])
    return "\n".join(out)


class Item:
    def __init__(self, kind, type_, langs, render):
        self.kind, self.type, self.langs, self.render = kind, type_, langs, render
        self.value = ""


def locate(lines, anchors, start=0):
    for i in range(start, len(lines)):
        if any(a in lines[i] for a in anchors):
            return i
    raise AssertionError(f"anchor {anchors[0][:30]!r} not found")


def anchors_of(v):
    a = v.split("\n")[0][:60]
    return [a, q_xml(a), json.dumps(a)[1:-1]]


def tpl_line(tpl, key):
    """Index of the template line holding {key}: the line the value lands on
    (lines before a {pem} expansion are unaffected by it)."""
    for i, line in enumerate(tpl.split("\n")):
        if "{" + key + "}" in line:
            return i
    raise AssertionError(f"{key} not in template {tpl!r}")


def finish(text, marks_spec):
    """text: rendered item; marks_spec: [(kind, type, value, offset)]. The
    value (its first line) must be on line offset. Returns (lines, marks)."""
    lines = text.rstrip("\n").split("\n")
    marks = []
    for kind, type_, value, i in marks_spec:
        assert any(a in lines[i] for a in anchors_of(value)), (lines[i], value[:40])
        end = i
        if "\n" in value.rstrip("\n"):      # multi-line: the END line
            last = value.rstrip("\n").split("\n")[-1].strip()
            end = locate(lines, [last, json.dumps(last)[1:-1]], i)
        marks.append((i, end, kind, type_, value))
    return lines, marks


def pick_names(rng, names):
    return names_of(rng.choice(names))


def secret_templates(lang, type_):
    d = L[lang]
    if lang in SPECIAL:
        return SPECIAL[lang].get(type_, [])
    if type_ in PEM_TYPES:
        if lang in ("json", "env"):       # one line with \n escapes
            return d["assign"]
        return d["pem"] if d["pem_ok"] else []
    return d["assign"] + d["litonly"] + (SH_CLI.get(type_, []) * 2 if lang == "sh" else [])


def quote_inline_pem(lang, v):
    if lang == "json":
        return json.dumps(v)
    return '"' + v.replace("\n", "\\n") + '"'


def make_secret(type_, value):
    gen, names, htype, _ = SECRET_TYPES[type_]
    langs = [lg for lg in L if secret_templates(lg, type_)]

    def render(rng, lang, voc):
        d = L[lang]
        nm = pick_names(rng, names)
        ctx = dict(voc, **nm, v=value)
        hv = header_value(htype, value)
        if hv and d["embed"] and rng.random() < 0.35:
            tpl = rng.choice(d["embed"])
            ctx.update(hname=hv[0], hval=hv[1])
            key = "hval"
        else:
            choices = secret_templates(lang, type_)
            if lang not in SPECIAL and type_ not in PEM_TYPES and d["litonly"] and rng.random() < 0.7:
                choices = d["assign"]     # plain assignments most of the time
            tpl = rng.choice(choices)
            key = next(k for k in ("lit", "v", "pem") if "{" + k + "}" in tpl)
        if type_ in PEM_TYPES and key == "pem":
            text = pem_sub(sub(tpl, ctx), value)
        elif type_ in PEM_TYPES:
            ctx["lit"] = quote_inline_pem(lang, value)
            text = sub(tpl, ctx)
        else:
            ctx["lit"] = d["quote"](value)
            text = sub(tpl, ctx)
        return finish(text, [("secret", type_, value, tpl_line(tpl, key))])
    it = Item("secret", type_, langs, render)
    it.value = value
    return it


def make_aws_pair(kid, sec, kind="secret", types=("aws-access-key-id", "aws-secret-access-key")):
    langs = [lg for lg in L if L[lg]["pair"]]

    def render(rng, lang, voc):
        tpl = rng.choice(L[lang]["pair"])
        text = sub(tpl, dict(voc, id=kid, sec=sec))
        return finish(text, [(kind, types[0], kid, tpl_line(tpl, "id")), (kind, types[1], sec, tpl_line(tpl, "sec"))])
    it = Item(kind, types[0] + "+pair", langs, render)
    it.count = 2
    return it


def make_gcp_sa(info):
    key = info["private_key"]
    langs = ["json", "k8s_secret", "py", "yamlcfg"]

    def render(rng, lang, voc):
        body = json.dumps(info, indent=2).split("\n")
        if lang == "json":
            lines = ['  "gcp": {', '    "credentials": ' + body[0]] + ["    " + b for b in body[1:-1]] + ["    " + body[-1], "  }"]
        elif lang == "k8s_secret":
            lines = ["  service-account.json: |"] + ["    " + b for b in body]
        elif lang == "py":
            lines = ["SERVICE_ACCOUNT_INFO = " + body[0]] + body[1:]
        else:
            lines = ["gcp:", "  credentials_json: |"] + ["    " + b for b in body]
        i = locate(lines, ['"private_key": "-----BEGIN'])
        first = locate(lines, ['"type": "service_account"']) - 1
        last = locate(lines, ['"universe_domain"'], i) + 1
        return lines, [(i, i, "secret", "gcp-service-account", key, (first, last))]
    return Item("secret", "gcp-service-account", langs, render)


# ---------------------------------------------------------------- negatives
# A negative maker returns (value, raw, NAME) or ("custom", text, value):
# raw=True means an expression that only fits plain assignment templates.

RAW_LANGS = {"py", "js", "ts", "go", "java", "rb", "php", "tf", "sh"}


def neg_lookup(rng, lang, name):
    nm = names_of(name)
    opts = {
        "py": ['os.environ["{NAME}"]', 'os.environ.get("{NAME}")', 'os.getenv("{NAME}")', 'os.getenv("{NAME}", "")', 'env("{NAME}")', 'config("{NAME}")'],
        "js": ["process.env.{NAME}", "process.env['{NAME}']", "process.env.{NAME} ?? ''", "import.meta.env.VITE_{NAME}"],
        "ts": ["process.env.{NAME}!", "process.env['{NAME}'] ?? ''", "import.meta.env.VITE_{NAME}"],
        "go": ['os.Getenv("{NAME}")', 'viper.GetString("{dotted}")', 'mustEnv("{NAME}")'],
        "java": ['System.getenv("{NAME}")', 'env.getProperty("{dotted}")', 'System.getProperty("{dotted}")'],
        "rb": ["ENV['{NAME}']", "ENV.fetch('{NAME}')", "Rails.application.credentials.dig(:{snake})"],
        "php": ["getenv('{NAME}')", "$_ENV['{NAME}']", "env('{NAME}')"],
        "tf": ["var.{snake}", "data.aws_ssm_parameter.{snake}.value", "local.{snake}"],
        "gha": ["${{ env.{NAME} }}", "${{ vars.{NAME} }}"],
        "compose": ["${{NAME}}", "${{NAME}:?{NAME} is required}"],
        "k8s_deploy": ["$({NAME})"],
        "yamlcfg": ["${{NAME}}", "%env({NAME})%", "<%= ENV['{NAME}'] %>"],
        "sh": ['"${{NAME}}"', '"${{NAME}:?missing {NAME}}"'],
        "docker": ["${{NAME}}"],
        "ini": ["${{NAME}}", "%(ENV_{NAME})s"],
        "props": ["${{NAME}}", "${env.{NAME}}"],
        "xml": ["${{NAME}}", "%{NAME}%"],
        "json": ["${{NAME}}", "env:{NAME}"],
        "env": ["${VAULT_{NAME}}"],
        "k8s_secret": ["${{NAME}}"],
    }[lang]
    v = sub(rng.choice(opts), nm)
    return v, lang in RAW_LANGS, name


def neg_secret_ref(rng, lang, name):
    nm = names_of(name)
    acct = digits(rng, 12)
    svc = rng.choice(SERVICES)
    env = rng.choice(ENVS)
    common = [f"vault:secret/data/{svc}#{nm['snake']}", f"arn:aws:secretsmanager:us-east-1:{acct}:secret:{env}/{svc}/{nm['kebab']}-{rs(rng, 6)}",
              f"projects/{rng.choice(COMPANIES)}-{env}/secrets/{nm['kebab']}/versions/latest", f"op://{cap(env)}/{cap(svc)}/{nm['kebab']}",
              f"@Microsoft.KeyVault(SecretUri=https://{svc}-kv.vault.azure.net/secrets/{nm['kebab']}/)", f"ssm:/{env}/{svc}/{nm['snake']}",
              f"ref+vault://secret/{svc}#/{nm['snake']}", "{{resolve:secretsmanager:" + f"{env}/{svc}:SecretString:{nm['snake']}" + "}}"]
    if lang == "gha":
        return "${{ secrets." + name + " }}", False, name
    if lang == "k8s_deploy" and rng.random() < 0.7:
        text = (f"            - name: {name}\n              valueFrom:\n                secretKeyRef:\n"
                f"                  name: {svc}-secrets\n                  key: {nm['kebab']}\n")
        return "custom", text, f"secretKeyRef:{svc}-secrets/{nm['kebab']}", "secretKeyRef:"
    if lang == "sh" and rng.random() < 0.6:
        return rng.choice([f'"$(vault kv get -field={nm["snake"]} secret/{svc})"',
                           f'"$(aws secretsmanager get-secret-value --secret-id {env}/{svc} --query SecretString --output text)"',
                           f'"$(gcloud secrets versions access latest --secret={nm["kebab"]})"']), True, name
    if lang == "tf" and rng.random() < 0.5:
        return f"data.aws_secretsmanager_secret_version.{nm['snake']}.secret_string", True, name
    if lang == "py" and rng.random() < 0.4:
        return f'get_secret("{env}/{svc}/{nm["kebab"]}")', True, name
    return rng.choice(common), False, name


# (value, secret type whose names fit it, or None for any secret-looking name)
PLACE_XXXX = [("ghp_" + "x" * 36, "github-pat-classic"), ("sk_live_" + "x" * 24, "stripe-secret-key"),
              ("xoxb-xxxxxxxxxxxx-xxxxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx", "slack-bot-token"), ("AKIAXXXXXXXXXXXXXXXX", "aws"),
              ("x" * 32, None), ("sk-proj-" + "x" * 48, "openai-api-key"), ("glpat-" + "x" * 20, "gitlab-pat"),
              ("SG." + "x" * 22 + "." + "x" * 43, "sendgrid-api-key"), ("hf_" + "x" * 34, "huggingface-token"), ("*" * 16, None),
              ("XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX", None), ("postgres://app:xxxxxxxx@localhost:5432/app", "postgres-uri"),
              ("https://hooks.slack.com/services/TXXXXXXXX/BXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX", "slack-webhook-url"),
              ("0" * 40, None), ("npm_" + "X" * 36, "npm-token"), ("dop_v1_" + "x" * 64, "digitalocean-pat"),
              ("AIza" + "X" * 35, "gcp-api-key"), ("key-" + "x" * 32, "mailgun-api-key"), ("sk-ant-api03-" + "x" * 95, "anthropic-api-key"),
              ("xxxxxxxxxxxxxxxx", "generic-password")]
PLACE_ANGLE = [("<token>", None), ("<your-api-key>", "generic-api-key"), ("<GITHUB_TOKEN>", "github-pat-classic"),
               ("<password>", "generic-password"), ("<insert-secret-here>", "generic-secret"), ("<SECRET_KEY>", "generic-secret"),
               ("postgres://<user>:<password>@<host>:5432/<db>", "postgres-uri"), ("<paste your token here>", None), ("<api key>", "generic-api-key"),
               ("<slack-webhook-url>", "slack-webhook-url"), ("<stripe-secret-key>", "stripe-secret-key")]
PLACE_TEMPLATE = [("${API_KEY}", "generic-api-key"), ("{{ .Values.apiToken }}", None), ("{{ .Values.secrets.password }}", "generic-password"),
                  ("{{ api_key }}", "generic-api-key"), ("{{ vault_db_password }}", "generic-password"), ("%(password)s", "generic-password"),
                  ("__API_KEY__", "generic-api-key"), ("@@DB_PASSWORD@@", "generic-password"), ("$(ApiKey)", "generic-api-key"),
                  ("#{TOKEN}#", None), ("postgres://app:${DB_PASSWORD}@db:5432/app", "postgres-uri"), ("${var.db_password}", "generic-password"),
                  ("{{ secrets.slack_token }}", "slack-bot-token"), ("${STRIPE_SECRET_KEY}", "stripe-secret-key"),
                  ("mongodb+srv://app:{{ .Values.mongo.password }}@cluster0.mongodb.net/app", "mongodb-uri"), ("${GITHUB_TOKEN}", "github-pat-classic")]
PLACE_WORD = [("changeme", "generic-password"), ("your-api-key-here", "generic-api-key"), ("REPLACE_ME", None), ("dummy", None),
              ("example", None), ("redacted", None), ("[REDACTED]", None), ("TODO", None), ("your_token_here", None),
              ("insert-key-here", "generic-api-key"), ("CHANGE_ME_IN_PROD", "generic-secret"), ("placeholder", None),
              ("sk_live_REPLACE_ME", "stripe-secret-key"), ("ghp_YOUR_TOKEN_HERE", "github-pat-classic"), ("xoxb-your-bot-token", "slack-bot-token"),
              ("mongodb+srv://user:changeme@cluster0.mongodb.net/app", "mongodb-uri"), ("your-secret-key", "generic-secret"),
              ("put-your-key-here", "generic-api-key"), ("none", None), ("example-password", "generic-password")]


def names_for(type_):
    if type_ is None:
        return SECRET_NAME_POOL
    if type_ == "aws":
        return ["AWS_ACCESS_KEY_ID"]
    return SECRET_TYPES[type_][1]


def neg_const(values, raw=False):
    def mk(rng, lang, name):
        v, t = rng.choice(values)
        if lang == "xml":
            v = v.replace("<", "").replace(">", "")
        return v, raw, rng.choice(names_for(t))
    return mk


def neg_checksum_invalid(rng, lang, name):
    prefix = rng.choice(["ghp_", "ghp_", "gho_", "ghs_", "npm_"])
    for _ in range(100):
        t = crc_token(rng, prefix)
        bad = t[:-1] + rng.choice([c for c in ALNUM if c != t[-1]])
        if not crc_valid(bad, prefix) and not _BAD.search(bad):
            return bad, False, "NPM_TOKEN" if prefix == "npm_" else rng.choice(["GITHUB_TOKEN", "GH_TOKEN"])


def neg_truncated(rng, lang, name):
    c = rng.choice([("ghp_", 12, ["GITHUB_TOKEN"]), ("AKIA", 8, ["AWS_ACCESS_KEY_ID"]), ("xoxb-", 9, ["SLACK_BOT_TOKEN"]),
                    ("sk_live_", 8, ["STRIPE_SECRET_KEY"]), ("glpat-", 8, ["GITLAB_TOKEN"]), ("hf_", 10, ["HF_TOKEN"]),
                    ("npm_", 10, ["NPM_TOKEN"]), ("AIza", 12, ["GOOGLE_API_KEY"]), ("sk-proj-", 10, ["OPENAI_API_KEY"]),
                    ("SG.", 10, ["SENDGRID_API_KEY"]), ("github_pat_", 11, ["GITHUB_TOKEN"])])
    v = c[0] + rs(rng, c[1], DIGITS + UPPER if c[0] == "AKIA" else ALNUM) + rng.choice(["", "...", "…"])
    while _BAD.search(v):
        v = c[0] + rs(rng, c[1], DIGITS + UPPER) + "..."
    return v, False, c[2][0]


HASH_NAMES = ["CHECKSUM", "ARTIFACT_SHA256", "EXPECTED_DIGEST", "CONTENT_HASH", "FILE_MD5", "ETAG", "SHA1SUM", "PASSWORD_HASH", "TOKEN_HASH"]


def neg_hash(alg):
    def mk(rng, lang, name):
        n = {"md5": 32, "sha1": 40, "sha256": 64}[alg]
        v = rs(rng, n, HEX)
        if alg == "sha256" and rng.random() < 0.3:
            v = "sha256:" + v
        nm = rng.choice({"md5": ["FILE_MD5", "CHECKSUM", "ETAG", "CONTENT_MD5"],
                         "sha1": ["SHA1SUM", "CHECKSUM", "CONTENT_HASH", "TOKEN_HASH"],
                         "sha256": ["ARTIFACT_SHA256", "EXPECTED_DIGEST", "CONTENT_HASH", "PASSWORD_HASH", "TOKEN_HASH", "CHECKSUM"]}[alg])
        return v, False, nm
    return mk


def neg_bcrypt(rng, lang, name):
    v = "$2" + rng.choice("aby") + "$" + rng.choice(["10", "12"]) + "$" + rs(rng, 53, "./" + ALNUM)
    return v, False, rng.choice(["PASSWORD_HASH", "ADMIN_PASSWORD_HASH", "HASHED_PASSWORD", "BASIC_AUTH_HTPASSWD"])


def uuid4(rng):
    h = rs(rng, 32, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:]}"


def neg_uuid(rng, lang, name):
    return uuid4(rng), False, rng.choice(["TENANT_ID", "SUBSCRIPTION_ID", "AZURE_CLIENT_ID", "CORRELATION_ID", "WORKSPACE_ID",
                                          "USER_ID", "ACCOUNT_UUID", "INSTALLATION_ID", "PROJECT_ID"])


def neg_pubkey_ssh(rng, lang, name):
    return ssh_public(rng, f"{rng.choice(FIRST)}@{rng.choice(COMPANIES)}.com"), False, rng.choice(["SSH_PUBLIC_KEY", "AUTHORIZED_KEY", "DEPLOY_PUBLIC_KEY"])


def neg_pubkey_pem(rng, lang, name):
    return pem("PUBLIC KEY", spki_rsa(rng)), "pem", rng.choice(["JWT_PUBLIC_KEY", "VERIFY_KEY", "PUBLIC_KEY"])


def neg_cert(rng, lang, name):
    return certificate(rng, f"{rng.choice(SERVICES)}.{rng.choice(COMPANIES)}.internal"), "pem", rng.choice(["CA_CERT", "TLS_CERT", "ROOT_CA"])


def neg_image(rng, lang, name):
    if rng.random() < 0.3:
        svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{rng.randint(8, 64)}" height="{rng.randint(8, 64)}"><circle cx="8" cy="8" r="{rng.randint(2, 8)}" fill="#{rs(rng, 6, HEX)}"/></svg>'
        return "data:image/svg+xml;base64," + b64(svg.encode()), False, rng.choice(["LOGO", "ICON_DATA", "PLACEHOLDER_IMAGE"])
    return png_data_uri(rng), False, rng.choice(["LOGO", "FAVICON", "AVATAR_FALLBACK", "SPINNER_IMAGE"])


def neg_gitsha(rng, lang, name):
    sha = rs(rng, 40, HEX)
    if lang == "gha":
        act = rng.choice(["actions/checkout", "actions/setup-node", "docker/login-action", "actions/cache"])
        return "custom", f"      - uses: {act}@{sha} # v4\n", sha, sha
    return sha, False, rng.choice(["GIT_COMMIT", "COMMIT_SHA", "REVISION", "BASE_SHA", "PINNED_REF"])


def neg_random_id(rng, lang, name):
    c = rng.choice([("REQUEST_ID", lambda: rs(rng, 32, HEX)), ("TRACE_ID", lambda: rs(rng, 32, HEX)), ("SPAN_ID", lambda: rs(rng, 16, HEX)),
                    ("OBJECT_ID", lambda: rs(rng, 24, HEX)), ("INSTANCE_ID", lambda: "i-0" + rs(rng, 16, HEX)),
                    ("AMI_ID", lambda: "ami-0" + rs(rng, 16, HEX)), ("BUILD_ID", lambda: rs(rng, 20, LOWER + DIGITS)),
                    ("MESSAGE_ID", lambda: rs(rng, 26, UPPER + DIGITS)), ("VPC_ID", lambda: "vpc-0" + rs(rng, 16, HEX))])
    v = c[1]()
    while _BAD.search(v):
        v = c[1]()
    return v, False, c[0]


FIXTURE_FAKE = ["test_password", "fake-api-key", "not-a-real-token", "dummy-secret", "testtoken123", "fake_secret_for_tests",
                "test-client-secret", "sk_test_fake", "password-for-unit-tests", "fake-github-token", "test-jwt-secret"]


def neg_fixture(rng, lang, name):
    return rng.choice(FIXTURE_FAKE), False, name


NONSECRET = [("TOKEN_TYPE", "bearer"), ("PASSWORD_FIELD", "password"), ("TOKEN_URL", "https://oauth2.googleapis.com/token"),
             ("CSRF_TOKEN_NAME", "csrftoken"), ("API_KEY_HEADER", "X-API-Key"), ("SECRET_NAME", "prod/db/credentials"),
             ("AUTH_METHOD", "token"), ("TOKEN_ENDPOINT", "https://login.microsoftonline.com/common/oauth2/v2.0/token"),
             ("PASSWORD_RESET_URL", "/account/password/reset"), ("KMS_KEY_ALIAS", "alias/app-secrets"),
             ("GITHUB_TOKEN_SCOPES", "repo,read:org"), ("PRIVATE_KEY_PATH", "/etc/ssl/private/server.key"),
             ("SSH_KEY_FILE", "~/.ssh/id_ed25519"), ("PASSWORD_HASH_ALGORITHM", "argon2id"), ("TOKENIZER", "cl100k_base"),
             ("SECRET_KEY_BASE_ENV", "SECRET_KEY_BASE"), ("API_KEY_PREFIX", "sk_live_"), ("TOKEN_TTL", "3600s"),
             ("PASSWORD_POLICY", "min_length=12,require_digit=true"), ("AUTH_HEADER", "Authorization"),
             ("SECRET_MOUNT_PATH", "/var/run/secrets/app"), ("JWT_ALGORITHM", "RS256"), ("KEY_ROTATION_PERIOD", "90d"),
             ("CREDENTIALS_FILE", "/run/secrets/credentials.json"), ("SECRET_VERSION", "latest")]


def neg_nonsecret(rng, lang, name):
    n, v = rng.choice(NONSECRET)
    return v, False, n


def neg_public_id(rng, lang, name):
    c = rng.choice([("STRIPE_PUBLISHABLE_KEY", lambda: "pk_live_" + rs(rng, rng.choice([24, 99]))),
                    ("GOOGLE_CLIENT_ID", lambda: f"{digits(rng, 12)}-{rs(rng, 32, LOWER + DIGITS)}.apps.googleusercontent.com"),
                    ("TWILIO_ACCOUNT_SID", lambda: "AC" + rs(rng, 32, HEX)),
                    ("DEPLOY_ROLE_ARN", lambda: f"arn:aws:iam::{digits(rng, 12)}:role/{rng.choice(SERVICES)}-deploy"),
                    ("ALGOLIA_APP_ID", lambda: rs(rng, 10, UPPER + DIGITS)),
                    ("MAPBOX_PUBLIC_TOKEN", lambda: "pk." + b64url(json.dumps({"u": rng.choice(COMPANIES), "a": rs(rng, 12, LOWER + DIGITS)}).encode()) + "." + rs(rng, 22, URLSAFE)),
                    ("GA_MEASUREMENT_ID", lambda: "G-" + rs(rng, 10, UPPER + DIGITS)),
                    ("RECAPTCHA_SITE_KEY", lambda: "6L" + rs(rng, 38, URLSAFE))])
    v = c[1]()
    while _BAD.search(v):
        v = c[1]()
    return v, False, c[0]


DOC_JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
           "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
DOC_AWS = [("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
           ("AKIAI44QH8DHBEXAMPLE", "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY")]

NEGATIVE_KINDS = {
    # kind: (maker, count, names for the assignment, langs or None)
    "placeholder-xxxx": (neg_const(PLACE_XXXX), 48, SECRET_NAME_POOL, None),
    "placeholder-angle": (neg_const(PLACE_ANGLE), 32, SECRET_NAME_POOL, None),
    "placeholder-template": (neg_const(PLACE_TEMPLATE), 44, SECRET_NAME_POOL, None),
    "placeholder-word": (neg_const(PLACE_WORD), 54, SECRET_NAME_POOL, None),
    "env-lookup": (neg_lookup, 70, SECRET_NAME_POOL, None),
    "secret-manager-ref": (neg_secret_ref, 50, SECRET_NAME_POOL, None),
    "documented-example-jwt": (neg_const([(DOC_JWT, "jwt")]), 8, ["JWT_TOKEN", "ACCESS_TOKEN", "EXAMPLE_TOKEN"], None),
    "checksum-invalid-token": (neg_checksum_invalid, 40, ["GITHUB_TOKEN"], None),
    "truncated-token": (neg_truncated, 32, ["GITHUB_TOKEN"], None),
    "hash-md5": (neg_hash("md5"), 16, HASH_NAMES, None),
    "hash-sha1": (neg_hash("sha1"), 16, HASH_NAMES, None),
    "hash-sha256": (neg_hash("sha256"), 20, HASH_NAMES, None),
    "hash-bcrypt": (neg_bcrypt, 16, ["PASSWORD_HASH"], None),
    "uuid": (neg_uuid, 32, ["TENANT_ID"], None),
    "public-key-ssh": (neg_pubkey_ssh, 14, ["SSH_PUBLIC_KEY"], None),
    "public-key-pem": (neg_pubkey_pem, 12, ["PUBLIC_KEY"], None),
    "certificate": (neg_cert, 12, ["CA_CERT"], None),
    "base64-image": (neg_image, 16, ["LOGO"], None),
    "git-sha": (neg_gitsha, 28, ["GIT_COMMIT"], None),
    "random-id": (neg_random_id, 36, ["REQUEST_ID"], None),
    "test-fixture-fake": (neg_fixture, 32, ["PASSWORD", "API_KEY", "GITHUB_TOKEN", "CLIENT_SECRET", "DB_PASSWORD", "AUTH_TOKEN"], None),
    "non-secret-name": (neg_nonsecret, 40, ["TOKEN_TYPE"], None),
    "public-identifier": (neg_public_id, 26, ["STRIPE_PUBLISHABLE_KEY"], None),
}
DOC_AWS_PAIRS = 12        # documented-example-aws: 24 values
LOCKFILES = 7             # lockfile-integrity values come from these


def neg_templates(lang, raw):
    d = L[lang]
    if lang in SPECIAL or lang == "keyfile":
        return []
    if raw == "pem":
        return d["pem"] if d["pem_ok"] else []
    return d["assign"] if raw else d["assign"] + d["litonly"]


def make_negative(kind):
    maker, _, names, _ = NEGATIVE_KINDS[kind]
    langs = [lg for lg in L if lg not in SPECIAL and lg != "keyfile"]
    if kind in ("public-key-pem", "certificate"):
        langs = [lg for lg in langs if L[lg]["pem_ok"] and L[lg]["pem"]]

    def render(rng, lang, voc):
        d = L[lang]
        res = maker(rng, lang, rng.choice(names))
        if res[0] == "custom":
            _, text, value, anchor = res
            lines = text.rstrip("\n").split("\n")
            i = locate(lines, [anchor])
            return lines, [(i, len(lines) - 1 if anchor == "secretKeyRef:" else i, "negative", kind, value)]
        v, raw, name = res
        nm = names_of(name)
        ctx = dict(voc, **nm, v=v)
        tpl = rng.choice(neg_templates(lang, raw))
        key = next(k for k in ("lit", "v", "pem") if "{" + k + "}" in tpl)
        if raw == "pem":
            text = pem_sub(sub(tpl, ctx), v)
        else:
            ctx["lit"] = v if raw is True else d["quote"](v)
            text = sub(tpl, ctx)
        return finish(text, [("negative", kind, v, tpl_line(tpl, key))])
    return Item("negative", kind, langs, render)


def make_doc_aws(pair):
    return make_aws_pair(pair[0], pair[1], "negative", ("documented-example-aws", "documented-example-aws"))


# ---------------------------------------------------------------- lockfiles

NPM_PKGS = ["lodash", "express", "react", "react-dom", "axios", "debug", "ms", "chalk", "commander", "semver", "uuid", "yargs",
            "body-parser", "cookie", "qs", "mime-types", "zod", "dayjs", "tslib", "rxjs", "ws", "glob", "minimatch", "picomatch",
            "esbuild", "typescript", "prettier", "eslint", "vite", "postcss", "nanoid", "dotenv", "cors", "helmet", "jsonwebtoken"]
GO_MODS = ["github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/stretchr/testify", "golang.org/x/sys", "golang.org/x/net",
           "github.com/google/uuid", "go.uber.org/zap", "github.com/prometheus/client_golang", "google.golang.org/grpc",
           "github.com/gorilla/mux", "gopkg.in/yaml.v3", "github.com/pkg/errors"]
PY_PKGS = ["requests", "urllib3", "certifi", "idna", "charset-normalizer", "pydantic", "fastapi", "starlette", "anyio",
           "sqlalchemy", "alembic", "click", "jinja2", "markupsafe", "pyyaml", "httpx"]


def ver(rng):
    return f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 20)}"


def lockfile(rng, kind):
    """Returns (path, lines, marks)."""
    lines, marks = [], []

    def mark(value):
        marks.append((len(lines) - 1, len(lines) - 1, "negative", "lockfile-integrity", value))
    svc = rng.choice(SERVICES)
    if kind == "npm":
        pk = rng.sample(NPM_PKGS, rng.randint(14, 26))
        lines += ["{", f'  "name": "{svc}-web",', '  "version": "1.0.0",', '  "lockfileVersion": 3,', '  "requires": true,', '  "packages": {',
                  '    "": {', f'      "name": "{svc}-web",', '      "version": "1.0.0"', "    },"]
        for j, p in enumerate(pk):
            v = ver(rng)
            integ = "sha512-" + b64(rng.randbytes(64)) if rng.random() < 0.85 else "sha1-" + b64(rng.randbytes(20))
            lines += [f'    "node_modules/{p}": {{', f'      "version": "{v}",', f'      "resolved": "https://registry.npmjs.org/{p}/-/{p}-{v}.tgz",',
                      f'      "integrity": "{integ}",']
            mark(integ)
            lines += ['      "license": "MIT"', "    }" + ("," if j < len(pk) - 1 else "")]
        lines += ["  }", "}"]
        return f"{rng.choice(['', 'web/', 'frontend/', svc + '/'])}package-lock.json", lines, marks
    if kind == "yarn":
        lines += ["# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.", "# yarn lockfile v1", ""]
        for p in rng.sample(NPM_PKGS, rng.randint(14, 26)):
            v = ver(rng)
            sha1 = rs(rng, 40, HEX)
            integ = "sha512-" + b64(rng.randbytes(64))
            lines += ["", f'{p}@^{v}:', f'  version "{v}"', f'  resolved "https://registry.yarnpkg.com/{p}/-/{p}-{v}.tgz#{sha1}"']
            mark(sha1)
            lines += [f"  integrity {integ}"]
            mark(integ)
        return f"{rng.choice(['', 'web/', 'app/'])}yarn.lock", lines, marks
    if kind == "gosum":
        for m in rng.sample(GO_MODS, rng.randint(10, 12)):
            v = "v" + ver(rng)
            h1 = "h1:" + b64(rng.randbytes(32))
            lines.append(f"{m} {v} {h1}")
            mark(h1)
            h2 = "h1:" + b64(rng.randbytes(32))
            lines.append(f"{m} {v}/go.mod {h2}")
            mark(h2)
        return f"{rng.choice(['', 'services/' + svc + '/'])}go.sum", lines, marks
    # poetry
    for p in rng.sample(PY_PKGS, rng.randint(6, 10)):
        v = ver(rng)
        lines += ["[[package]]", f'name = "{p}"', f'version = "{v}"', 'description = ""', 'optional = false', 'python-versions = ">=3.8"',
                  "files = ["]
        for suffix in ["-py3-none-any.whl", ".tar.gz"]:
            h = "sha256:" + rs(rng, 64, HEX)
            lines.append(f'    {{file = "{p.replace("-", "_")}-{v}{suffix}", hash = "{h}"}},')
            mark(h)
        lines += ["]", ""]
    return f"{rng.choice(['', 'backend/', svc + '/'])}poetry.lock", lines, marks


# ---------------------------------------------------------------- assembly

TEST_DIRS = {"test", "tests", "spec", "fixtures", "testdata", "examples"}


def in_test_path(p):
    parts = p.split("/")
    base = parts[-1]
    return (any(d in TEST_DIRS for d in parts[:-1]) or bool(re.search(r"_test\.|\.test\.|\.spec\.", base))
            or base.endswith((".example", ".sample")))


MAX_LINES = {"k8s_secret": 60, "k8s_deploy": 90, "gha": 70, "compose": 60, "yamlcfg": 90, "env": 50, "json": 90, "docker": 45,
             "ini": 60, "props": 50, "xml": 50, "npmrc": 24, "pypirc": 30, "sh": 120}
LANG_WEIGHTS = {"py": 14, "js": 9, "ts": 8, "go": 9, "java": 6, "rb": 5, "php": 5, "k8s_secret": 5, "k8s_deploy": 5, "gha": 5,
                "compose": 5, "yamlcfg": 7, "env": 8, "json": 7, "tf": 6, "sh": 7, "docker": 4, "ini": 4, "props": 4, "xml": 3}


class Corpus:
    def __init__(self, root, rng):
        self.root, self.rng = root, rng
        self.paths = set()
        self.manifest = []

    def new_path(self, lang, test):
        rng = self.rng
        d = L[lang]
        for attempt in range(200):
            tpl = rng.choice(d["test_paths"] if test else d["paths"])
            p = sub(tpl, vocab(rng))
            if attempt > 20:
                p = f"{rng.choice(SERVICES)}{attempt}/{p}"
            if p not in self.paths and in_test_path(p) == test:
                self.paths.add(p)
                return p
        raise RuntimeError("no free path for " + lang)

    def write(self, path, lines, marks):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", newline="\n") as f:
            f.write("\n".join(lines) + "\n")
        test = in_test_path(path)
        for m in marks:
            line, end, kind, type_, value = m[:5]
            block = m[5] if len(m) > 5 else (line, end)
            ln = line + 1
            # self-check: the value (or its first line) is on the recorded line
            assert any(a in lines[line] for a in anchors_of(value) + ["secretKeyRef:"]), (path, ln, value[:30])
            e = {"file": path, "line": ln, "kind": kind, "type": type_,
                 "value_sha256": hashlib.sha256(value.encode()).hexdigest(), "in_test_path": test}
            if block != (line, line):
                e["block"] = [block[0] + 1, block[1] + 1]
            self.manifest.append(e)

    def build_file(self, lang, voc, blocks):
        """blocks: rendered items [(lines, marks)]; adds header, footer and
        filler to a random length of 20 to MAX_LINES[lang] lines."""
        rng = self.rng
        d = L[lang]
        head = sub(rng.choice(d["header"]), voc).rstrip("\n").split("\n") if d["header"][0] else []
        foot = sub(rng.choice(d["footer"]), voc).rstrip("\n").split("\n") if d["footer"][0] else []
        body_len = sum(len(b[0]) for b in blocks)
        target = rng.randint(20, MAX_LINES.get(lang, 200))
        fill, seen, comments = [], set(), 0
        size = len(head) + body_len + len(foot)
        tries = 0
        while d["filler"] and size < target and tries < 400:
            tries += 1
            f = sub(rng.choice(d["filler"]), vocab(rng) | {"svc": voc["svc"]}).rstrip("\n").split("\n")
            key = re.sub(r"\d+", "", f[0]) if f[0].strip() else None
            if f[0].lstrip().startswith(("#", "//", ";", "<!--")):
                key = None
                comments += 1
                if comments > 3:
                    continue
            if (key is not None and key in seen) or (size + len(f) > 200 and size >= 20):
                continue
            if key is not None:
                seen.add(key)
            fill.append(f)
            size += len(f)
        # interleave: each filler block goes into a random gap
        seq_ = [("item", b) for b in blocks]
        for f in fill:
            seq_.insert(rng.randint(0, len(seq_)), ("fill", (f, [])))
        while True:
            out, marks = self.assemble(lang, head, foot, [b for _, b in seq_])
            fills = [k for k, (t, _) in enumerate(seq_) if t == "fill"]
            if len(out) <= 200 or not fills:
                return out, marks
            del seq_[fills[-1]]

    @staticmethod
    def assemble(lang, head, foot, entries):
        out, marks = list(head), []
        prev = len(head)
        for k, (ls, ms) in enumerate(entries):
            ls = list(ls)
            if L[lang].get("json"):
                if k < len(entries) - 1:
                    ls[-1] += ","
            elif lang in ("py", "go", "rb", "php", "tf", "java", "js", "ts", "sh") and out and out[-1] != "" \
                    and (len(ls) > 1 or prev > 1):
                out.append("")
            prev = len(ls)
            base = len(out)
            out += ls
            marks += [shift(m, base) for m in ms]
        out += foot
        return out, marks


def shift(m, base):
    m = list(m)
    m[0] += base
    m[1] += base
    if len(m) > 5:
        m[5] = (m[5][0] + base, m[5][1] + base)
    return tuple(m)


def build_items(rng):
    secrets = []
    for t, (gen, names, htype, count) in SECRET_TYPES.items():
        for _ in range(count):
            if t == "gcp-service-account":
                secrets.append(make_gcp_sa(gcp_service_account(rng)))
            else:
                secrets.append(make_secret(t, gen(rng)))
    for _ in range(AWS_PAIRS):
        secrets.append(make_aws_pair(SECRET_TYPES["aws-access-key-id"][0](rng), SECRET_TYPES["aws-secret-access-key"][0](rng)))
    negatives = []
    for k, (_, count, _, _) in NEGATIVE_KINDS.items():
        negatives += [make_negative(k) for _ in range(count)]
    negatives += [make_doc_aws(DOC_AWS[i % 2]) for i in range(DOC_AWS_PAIRS)]
    rng.shuffle(secrets)
    rng.shuffle(negatives)
    return secrets, negatives


def take(pool, lang, n, test=None):
    got = []
    i = 0
    while i < len(pool) and len(got) < n:
        it = pool[i]
        ok = lang in it.langs
        if lang == "keyfile":       # a key file alone must reach 20 lines
            ok = ok and it.value.count("\n") >= 19
        if it.type == "test-fixture-fake":
            ok = ok and test
        if ok:
            got.append(pool.pop(i))
        else:
            i += 1
    return got


def generate(out, seed):
    rng = random.Random(seed)
    tree = os.path.join(out, "tree")
    marker = os.path.join(out, ".gen_corpus")
    if os.path.exists(tree):
        if not os.path.exists(marker):
            sys.exit(f"{tree} exists and was not made by gen_corpus.py; not touching it")
        shutil.rmtree(tree)
    os.makedirs(tree)
    open(marker, "w").close()
    c = Corpus(tree, rng)
    secrets, negatives = build_items(rng)
    # special files first
    for kind in ["npm", "npm", "yarn", "yarn", "gosum", "gosum", "poetry"][:LOCKFILES]:
        for _ in range(50):
            p, lines, marks = lockfile(rng, kind)
            if p not in c.paths:
                break
        c.paths.add(p)
        c.write(p, lines, marks)
    n_test_secret_target = round(0.10 * sum(getattr(s, "count", 1) for s in secrets))
    n_test_secret = 0
    langs, weights = list(LANG_WEIGHTS), list(LANG_WEIGHTS.values())
    guard = 0
    while (secrets or negatives) and guard < 5000:
        guard += 1
        r = rng.random()
        # special single-purpose files
        if r < 0.06:
            lang = rng.choice(["npmrc", "pypirc", "keyfile", "keyfile"])
        else:
            lang = rng.choices(langs, weights)[0]
        test = bool(L[lang]["test_paths"]) and rng.random() < 0.16
        if lang in ("keyfile", "npmrc", "pypirc"):
            if test and n_test_secret >= n_test_secret_target:
                test = False
            sec = take(secrets, lang, 1)
            neg = []
        else:
            ns = rng.choice([0, 1, 1, 2, 2, 3, 4])
            if test and n_test_secret >= n_test_secret_target:
                ns = 0
            nn = rng.choice([0, 1, 2, 2, 3, 4, 5]) if ns else rng.randint(1, 5)
            sec = take(secrets, lang, ns)
            pems = [s for s in sec if s.type in PEM_TYPES or s.type == "gcp-service-account"]
            for extra in pems[2:]:
                sec.remove(extra)
                secrets.append(extra)
            neg = []
            if test:
                neg = take([n for n in negatives if n.type == "test-fixture-fake"], lang, rng.randint(1, 2), True)
                for n in neg:
                    negatives.remove(n)
            neg += take(negatives, lang, max(0, nn - len(neg)), test)
        if not sec and not neg:
            continue
        items = sec + neg
        rng.shuffle(items)
        voc = vocab(rng)
        blocks = [it.render(rng, lang, voc) for it in items]
        # keep files under 200 lines: put items that do not fit back
        while len(items) > 1 and sum(len(b[0]) for b in blocks) > 170:
            it = items.pop()
            blocks.pop()
            (secrets if it.kind == "secret" else negatives).append(it)
        if test:
            n_test_secret += sum(getattr(s, "count", 1) for s in items if s.kind == "secret")
        path = c.new_path(lang, bool(test))
        lines, marks = c.build_file(lang, voc, blocks)
        c.write(path, lines, marks)
    # a few clean files with no planted values at all
    for _ in range(30):
        lang = rng.choices(langs, weights)[0]
        path = c.new_path(lang, False)
        lines, marks = c.build_file(lang, vocab(rng), [])
        c.write(path, lines, marks)
    if secrets or negatives:
        sys.exit(f"could not place {len(secrets)} secrets, {len(negatives)} negatives")
    c.manifest.sort(key=lambda e: (e["file"], e["line"]))
    check_manifest(c.manifest)
    with open(os.path.join(out, "manifest.jsonl"), "w") as f:
        for e in c.manifest:
            f.write(json.dumps(e, sort_keys=True) + "\n")
    summary = summarize(c.manifest, len(c.paths))
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
        f.write("\n")
    return summary


def check_manifest(man):
    seen = {}
    for e in man:
        k = (e["file"], e["line"])
        assert k not in seen, f"two planted values on {k}: {seen[k]} and {e['type']}"
        seen[k] = e["type"]
    # blocks must not overlap another entry's line
    byfile = {}
    for e in man:
        byfile.setdefault(e["file"], []).append(e)
    for f, es in byfile.items():
        for e in es:
            if "block" in e:
                for o in es:
                    if o is not e and e["block"][0] <= o["line"] <= e["block"][1]:
                        raise AssertionError(f"{f}:{o['line']} inside the block of {e['line']}")


def summarize(man, nfiles):
    s = {"files": nfiles, "secrets": 0, "negatives": 0, "secrets_in_test_path": 0, "secret_types": {}, "negative_kinds": {}}
    for e in man:
        if e["kind"] == "secret":
            s["secrets"] += 1
            s["secrets_in_test_path"] += e["in_test_path"]
            s["secret_types"][e["type"]] = s["secret_types"].get(e["type"], 0) + 1
        else:
            s["negatives"] += 1
            s["negative_kinds"][e["type"]] = s["negative_kinds"].get(e["type"], 0) + 1
    return s


# ---------------------------------------------------------------- planting (benchmarks)

C_LANG = dict(quote=q_double, assign=["static const char *{snake} = {lit};\n", "#define {NAME} {lit}\n"], litonly=["/* {NAME}={v} */\n"],
              embed=[], pem=[], pem_ok=False, pair=[])
L_PLANT = {"py": "py", "js": "js", "go": "go", "java": "java", "c": "c"}


def plant_into(tree, count, manifest_path, seed):
    rng = random.Random(seed)
    L["c"] = C_LANG
    files = []
    for dp, dn, fn in os.walk(tree):
        dn.sort()
        for f in sorted(fn):
            ext = f.rsplit(".", 1)[-1]
            if ext in L_PLANT:
                files.append(os.path.join(dp, f))
    rng.shuffle(files)
    types = [t for t in SECRET_TYPES if SECRET_TYPES[t][3] > 0 and t not in PEM_TYPES and t != "gcp-service-account"]
    entries = []
    for path in files[:count]:
        lang = L_PLANT[path.rsplit(".", 1)[-1]]
        t = rng.choice(types)
        it = make_secret(t, SECRET_TYPES[t][0](rng))
        lines, marks = it.render(rng, lang, vocab(rng))
        with open(path) as f:
            content = f.read().split("\n")
        at = rng.randint(0, max(0, len(content) - 1))
        content[at:at] = lines
        with open(path, "w") as f:
            f.write("\n".join(content))
        rel = os.path.relpath(path, tree)
        for m in marks:
            entries.append({"file": rel, "line": at + m[0] + 1, "kind": "secret", "type": m[3],
                            "value_sha256": hashlib.sha256(m[4].encode()).hexdigest(), "in_test_path": in_test_path(rel)})
    del L["c"]
    with open(manifest_path, "w") as f:
        for e in sorted(entries, key=lambda e: (e["file"], e["line"])):
            f.write(json.dumps(e, sort_keys=True) + "\n")
    return len(entries)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--plant-into", metavar="TREE")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--manifest", metavar="FILE")
    a = ap.parse_args()
    if a.plant_into:
        if not a.manifest:
            ap.error("--plant-into needs --manifest")
        n = plant_into(a.plant_into, a.count, a.manifest, a.seed)
        print(f"planted {n} secrets into {a.plant_into}; manifest {a.manifest}")
        return
    if not a.outdir:
        ap.error("OUTDIR is required")
    s = generate(a.outdir, a.seed)
    print(f"{s['files']} files, {s['secrets']} secrets of {len(s['secret_types'])} types "
          f"({s['secrets_in_test_path']} in test paths), {s['negatives']} negatives of {len(s['negative_kinds'])} kinds")
    print(f"tree: {os.path.join(a.outdir, 'tree')}  manifest: {os.path.join(a.outdir, 'manifest.jsonl')}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Regenerate the zip and gzip fixtures of tests/unit/test_sca_feeds.c.

Run from this directory: python3 make_fixtures.py. The archives are written
by Python's zipfile, the way a real tool writes them; timestamps are fixed so
the output is the same on every run. Hostile archives that zipfile cannot
write (NUL in a name, overlapping entries, lying sizes, zip64 end records)
are built by the test itself.
"""
import io
import subprocess
import zipfile

DATE = (2024, 10, 10, 12, 0, 0)


def entry(name, data, method=zipfile.ZIP_DEFLATED):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = method
    info.external_attr = 0o644 << 16
    return info, data


def write(path, entries, comment=b"", stream=False):
    buf = io.BytesIO()
    if stream:
        # An unseekable output makes zipfile write data descriptors (flag bit 3).
        class Unseekable(io.RawIOBase):
            def writable(self):
                return True

            def write(self, b):
                return buf.write(b)

        out = Unseekable()
    else:
        out = buf
    with zipfile.ZipFile(out, "w") as z:
        for info, data in entries:
            z.writestr(info, data)
        z.comment = comment
    with open(path, "wb") as f:
        f.write(buf.getvalue())


OSV_A = b'{"id": "PYSEC-0000-1", "modified": "2024-01-01T00:00:00Z", "affected": []}\n'
OSV_B = b'{"id": "PYSEC-0000-2", "modified": "2024-01-02T00:00:00Z"}\n'

# Entries whose names would escape the extraction directory, and a good one.
write("zipslip.zip", [
    entry("../../etc/passwd", b"root:x:0:0\n"),
    entry("/abs", b"absolute\n"),
    entry("a\\..\\b", b"backslash\n"),
    entry("ok/PYSEC-0000-1.json", OSV_A),
    entry("C:/windows", b"drive\n"),
    entry("x/../../y", b"dotdot in the middle\n"),
    entry("..foo/bar..", b"dots, not a dotdot segment\n"),
])

# Stored and deflated entries with data descriptors, and an archive comment.
write("descriptor.zip", [
    entry("PYSEC-0000-1.json", OSV_A),
    entry("PYSEC-0000-2.json", OSV_B, zipfile.ZIP_STORED),
    entry("empty.json", b""),
], comment=b"osv export", stream=True)

# zip64 extra fields in the local headers (force_zip64).
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    for name, data in (("PYSEC-0000-1.json", OSV_A), ("PYSEC-0000-2.json", OSV_B)):
        info = zipfile.ZipInfo(name, DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        with z.open(info, "w", force_zip64=True) as f:
            f.write(data)
with open("zip64_local.zip", "wb") as f:
    f.write(buf.getvalue())

# The EPSS fixture's gzip form, as FIRST serves it (gzip -n: no name or time).
with open("epss_scores-2025-03-17.csv.gz", "wb") as f:
    subprocess.run(["gzip", "-n", "-9", "-c", "epss_scores-2025-03-17.csv"], stdout=f, check=True)

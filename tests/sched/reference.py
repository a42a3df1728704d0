#!/usr/bin/env python3
"""reference.py DRIVER [--cases N] [--seed S] - scan_cron_next() against an independent model.

Generates random cron expressions (seeded, so a failure reproduces) and
random instants between 2000 and 2045 in several zones, many of them just
before a clock change, and computes the next three fires in Python with
zoneinfo: candidate wall-clock minutes in order, a minute that does not
exist mapped to the instant of the change that skipped it, a minute that
exists twice mapped to its first occurrence (fold=0), the first instant
strictly after the last one taken. The driver (tests/sched/next_driver.c)
answers every line in one run; the first mismatches are printed side by
side.
"""
import argparse
import bisect
import random
import subprocess
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Europe/Dublin", "Australia/Lord_Howe",
         "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Chatham"]
FIRES = 3
HORIZON = 8 * 366 * 86400          # next.c: no eight calendar years are longer
START, END = 946684800, 2366841600  # 2000-01-01 .. 2045-01-01 UTC
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]

# name, lowest, highest, top of `*` and `a/n`, names (the first stands for `lowest`)
FIELDS = [("minute", 0, 59, 59, None), ("hour", 0, 23, 23, None), ("day-of-month", 1, 31, 31, None),
          ("month", 1, 12, 12, MONTHS), ("day-of-week", 0, 7, 6, DAYS)]


# --- the model: an expression's sets ------------------------------------------

class Cron:
    def __init__(self, expr):
        parts = expr.split(" ")
        if len(parts) != 5:
            raise ValueError("five fields expected: %r" % expr)
        self.sets, self.any = [], []
        for text, (_, lo, hi, top, names) in zip(parts, FIELDS):
            values = set()
            items = text.split(",")

            def value(s):
                if s.isdigit():
                    v = int(s)
                else:
                    v = names.index(s.upper()) + lo
                if not lo <= v <= hi:
                    raise ValueError(s)
                return v
            for item in items:
                base, slash, step = item.partition("/")
                step = int(step) if slash else 1
                if base == "*":
                    a, b = lo, top
                elif "-" in base:
                    a, b = (value(x) for x in base.split("-"))
                else:
                    a = value(base)
                    b = max(a, top) if slash else a
                values.update(range(a, b + 1, step))
            self.sets.append(values)
            self.any.append(len(items) == 1 and items[0] in ("*", "*/1"))
        self.sets[4] = {v % 7 for v in self.sets[4]}
        self.minutes = sorted(self.sets[0])
        self.hours = sorted(self.sets[1])

    def day_ok(self, d):
        dom = self.any[2] or d.day in self.sets[2]
        dow = self.any[4] or (d.isoweekday() % 7) in self.sets[4]
        if self.any[2] or self.any[4]:
            return dom and dow
        return dom or dow

    def minutes_from(self, start, stop_day):
        """Matching wall-clock minutes >= start (naive), in order, through stop_day."""
        d = start.date()
        while d <= stop_day:
            if d.month in self.sets[3] and self.day_ok(d):
                for h in self.hours:
                    if d == start.date() and h < start.hour:
                        continue
                    for m in self.minutes:
                        w = datetime(d.year, d.month, d.day, h, m)
                        if w >= start:
                            yield w
            d += timedelta(days=1)


# --- the model: wall-clock minutes to instants ----------------------------------

def wall(t, zone):
    return datetime.fromtimestamp(t, zone).replace(tzinfo=None)


def instant(w, zone):
    """The instant a wall-clock minute fires: its first occurrence, or the change that skipped it."""
    t0 = int(w.replace(tzinfo=zone, fold=0).timestamp())
    t1 = int(w.replace(tzinfo=zone, fold=1).timestamp())
    lo, hi = min(t0, t1), max(t0, t1)
    if wall(lo, zone) == w:
        return lo
    if wall(hi, zone) == w:
        return hi
    # Skipped: before the change the clock shows less than w, from it on more.
    while lo < hi:
        mid = (lo + hi) // 2
        if wall(mid, zone) > w:
            hi = mid
        else:
            lo = mid + 1
    return lo


def next_fire(cron, zone, after):
    limit = after + HORIZON
    # Clock changes here are at most an hour or two: a minute three hours below the clock at `after`
    # was reached before it, so it cannot fire after it.
    start = (wall(after, zone) - timedelta(hours=3)).replace(second=0, microsecond=0)
    for w in cron.minutes_from(start, wall(limit, zone).date() + timedelta(days=2)):
        t = instant(w, zone)
        if t > after:
            return t if t <= limit else None
    return None


def expected(zone_name, expr, after):
    zone = ZoneInfo(zone_name) if zone_name != "UTC" else timezone.utc
    cron = Cron(expr)
    out = []
    for _ in range(FIRES):
        t = next_fire(cron, zone, after)
        if t is None:
            out.append("none")
            break
        out.append(str(t))
        after = t
    return " ".join(out)


# --- cases -----------------------------------------------------------------------

def transitions(zone_name):
    """Every instant in 2000-2046 at which the zone's offset changes."""
    if zone_name == "UTC":
        return []
    zone = ZoneInfo(zone_name)
    out = []
    t, prev = START, datetime.fromtimestamp(START, zone).utcoffset()
    while t < END + 366 * 86400:
        n = t + 86400
        off = datetime.fromtimestamp(n, zone).utcoffset()
        if off != prev:
            lo, hi = t, n  # offset at lo is prev, at hi is off
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if datetime.fromtimestamp(mid, zone).utcoffset() == prev:
                    lo = mid
                else:
                    hi = mid
            out.append(hi)
            prev = off
        t = n
    return out


def field(rng, lo, top, names=None, star_bias=0.5):
    r = rng.random()
    if r < star_bias:
        return "*"

    def v():
        x = rng.randint(lo, top)
        if names and rng.random() < 0.3:
            s = names[x - lo]
            return s if rng.random() < 0.5 else s.lower()
        return str(x)
    r = rng.random()
    if r < 0.2:
        return "*/%d" % rng.randint(1, min(top - lo + 1, 20))
    if r < 0.4:
        return v()
    if r < 0.6:
        return ",".join(v() for _ in range(rng.randint(2, 4)))
    a = rng.randint(lo, top)
    b = rng.randint(a, top)
    if r < 0.75:
        return "%d-%d" % (a, b)
    if r < 0.9:
        return "%d-%d/%d" % (a, b, rng.randint(1, max(1, b - a + 1)))
    return "%d/%d" % (a, rng.randint(1, top - lo + 1))


def random_expr(rng):
    return " ".join([field(rng, 0, 59, star_bias=0.15), field(rng, 0, 23, star_bias=0.3),
                     field(rng, 1, 31, star_bias=0.7), field(rng, 1, 12, MONTHS, star_bias=0.75),
                     rng.choice(["*", "*", "*", field(rng, 0, 6, DAYS, star_bias=0.0), "7", "1-5", "MON-FRI",
                                 "0,7"])])


def near_change_expr(rng, zone, t):
    """An expression that names minutes close to the local time of the change at t."""
    before, after = wall(t - 1, zone), wall(t, zone)
    hours = sorted({before.hour, after.hour, (before.hour + 1) % 24, rng.randint(0, 23)})
    minute = rng.choice(["*", "*/15", "*/7", "30", "0", "0,30", "45", "59", "%d" % before.minute,
                         "%d-%d" % (min(before.minute, after.minute), max(before.minute, after.minute)), "15-45/10"])
    hour = rng.choice(["*", ",".join(map(str, hours)), "%d" % before.hour, "%d-%d" % (min(hours), max(hours))])
    day = rng.choice(["* * *", "* * *", "* * SUN", "* * 0-6", "%d * *" % before.day, "* %d *" % before.month,
                      "%d * 3" % before.day])
    return "%s %s %s" % (minute, hour, day)


FIXED = [
    ("America/New_York", "30 2 * * *", 1772900000),    # 2026-03-08: 02:30 skipped, fires at 07:00 UTC once
    ("America/New_York", "30 1 * * *", 1793500000),    # 2026-11-01: 01:30 twice, fires at 05:30 UTC once
    ("America/New_York", "*/15 * * * *", 1772949600),
    ("America/New_York", "*/15 * * * *", 1793510000),
    ("Europe/Dublin", "*/15 1-2 * * *", 1774740000),
    ("Australia/Lord_Howe", "*/10 1-2 * * *", 1775304000),
    ("UTC", "0 0 29 2 *", 1772900000),
    ("UTC", "0 0 30 2 *", 1772900000),
    ("Europe/Berlin", "0 12 13 * FRI", 1772900000),
]


def make_cases(n, seed):
    rng = random.Random(seed)
    changes = {z: transitions(z) for z in ZONES}
    cases = list(FIXED)
    while len(cases) < n:
        zone_name = rng.choice(ZONES)
        zone = ZoneInfo(zone_name) if zone_name != "UTC" else timezone.utc
        ch = [c for c in changes[zone_name] if START <= c < END]
        if ch and rng.random() < 0.5:
            c = rng.choice(ch)
            after = c - rng.choice([1, 60, rng.randint(0, 7200), rng.randint(0, 2 * 86400), 0, -rng.randint(0, 3600)])
            expr = near_change_expr(rng, zone, c) if rng.random() < 0.7 else random_expr(rng)
        else:
            after = rng.randint(START, END)
            expr = random_expr(rng)
        cases.append((zone_name, expr, after))
    return cases


def iso(s, zone_name):
    if not s.lstrip("-").isdigit():
        return s
    zone = ZoneInfo(zone_name) if zone_name != "UTC" else timezone.utc
    t = int(s)
    return "%s (%sZ, %s)" % (s, datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"),
                             datetime.fromtimestamp(t, zone).isoformat())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("driver")
    ap.add_argument("--cases", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=20260308)
    ap.add_argument("--show", type=int, default=10, help="mismatches to print")
    args = ap.parse_args()

    cases = make_cases(args.cases, args.seed)
    want = [expected(z, e, a) for z, e, a in cases]
    text = "".join("%s\t%s\t%d\t%d\n" % (z, e, a, FIRES) for z, e, a in cases)
    run = subprocess.run([args.driver], input=text, capture_output=True, text=True, timeout=540)
    got = run.stdout.splitlines()
    if run.returncode != 0 or len(got) != len(cases):
        print("driver exited %d with %d lines for %d cases\n%s" % (run.returncode, len(got), len(cases), run.stderr))
        print("0 passed, 1 failed")
        return 1
    bad = [i for i in range(len(cases)) if got[i] != want[i]]
    for i in bad[:args.show]:
        z, e, a = cases[i]
        print("case %d: zone %s, '%s', after %s" % (i, z, e, iso(str(a), z)))
        w, g = want[i].split(), got[i].split()
        for k in range(max(len(w), len(g))):
            ws = w[k] if k < len(w) else "-"
            gs = g[k] if k < len(g) else "-"
            print("  %s fire %d: expected %s\n           got      %s" % ("  " if ws == gs else "!!", k + 1,
                                                                    iso(ws, z), iso(gs, z)))
    zones = sorted({z for z, _, _ in cases})
    print("%d cases over %d zones (%s), seed %d: %d mismatched" % (len(cases), len(zones), ", ".join(zones),
                                                                   args.seed, len(bad)))
    print("%d passed, %d failed" % (0 if bad else 1, 1 if bad else 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

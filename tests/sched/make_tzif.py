#!/usr/bin/env python3
"""make_tzif.py DIR - the seed corpus of the sched_tzif fuzz target: TZif files (RFC 8536) built here from zones
described below - fixed offsets, a northern and a southern daylight-saving rule with their transitions worked out
by this script, a negative DST, half-hour DST, a version 1 file, a file that is only a footer - and truncated ones.
Nothing is copied from the system's tz database; the unit tests read that at run time."""
import datetime
import os
import struct
import sys


def nth_weekday(year, month, n, weekday):
    """The n-th (5: last) weekday (0 Sunday) of month, as a date."""
    if n == 5:
        d = datetime.date(year + (month == 12), month % 12 + 1, 1) - datetime.timedelta(days=1)
        while (d.weekday() + 1) % 7 != weekday:
            d -= datetime.timedelta(days=1)
        return d
    d = datetime.date(year, month, 1)
    while (d.weekday() + 1) % 7 != weekday:
        d += datetime.timedelta(days=1)
    return d + datetime.timedelta(weeks=n - 1)


def epoch(d, seconds_local, offset):
    return int((datetime.datetime(d.year, d.month, d.day) - datetime.datetime(1970, 1, 1)).total_seconds()) \
        + seconds_local - offset


def rule_transitions(years, std, dst, start, end):
    """Transitions of a Mm.w.d rule pair: start/end = (month, week, weekday, local seconds)."""
    out = []
    for y in years:
        on = epoch(nth_weekday(y, start[0], start[1], start[2]), start[3], std)
        off = epoch(nth_weekday(y, end[0], end[1], end[2]), end[3], dst)
        out += [(on, 1), (off, 0)]
    return sorted(out)


def tzif(version, types, transitions, footer):
    """types: [(utoff, isdst, name)]; transitions: [(time, type index)]."""
    chars = b""
    idx = []
    for _, _, name in types:
        idx.append(len(chars))
        chars += name.encode() + b"\0"

    def block(wide):
        tfmt = ">q" if wide else ">i"
        data = b"".join(struct.pack(tfmt, t) for t, _ in transitions)
        data += bytes(i for _, i in transitions)
        data += b"".join(struct.pack(">ibB", off, dst, idx[k]) for k, (off, dst, _) in enumerate(types))
        data += chars
        data += bytes(len(types)) + bytes(len(types))  # standard/wall and UT/local indicators: all 0
        head = b"TZif" + version + b"\0" * 15 + struct.pack(">6I", len(types), len(types), 0, len(transitions),
                                                             len(types), len(chars))
        return head + data

    out = block(False)
    if version != b"\0":
        out += block(True) + b"\n" + footer.encode() + b"\n"
    return out


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    years = range(2020, 2031)
    north = rule_transitions(years, -5 * 3600, -4 * 3600, (3, 2, 0, 7200), (11, 1, 0, 7200))
    south = rule_transitions(years, 10 * 3600 + 1800, 11 * 3600, (10, 1, 0, 7200), (4, 1, 0, 7200))
    negative = rule_transitions(years, 3600, 0, (10, 5, 0, 7200), (3, 5, 0, 3600))
    files = {
        "utc": tzif(b"2", [(0, 0, "UTC")], [], "UTC0"),
        "fixed-half-hour": tzif(b"2", [(19800, 0, "+0530")], [], "<+0530>-5:30"),
        "north-dst": tzif(b"2", [(-18000, 0, "EST"), (-14400, 1, "EDT")], north, "EST5EDT,M3.2.0,M11.1.0"),
        "south-half-hour-dst": tzif(b"2", [(37800, 0, "+1030"), (39600, 1, "+11")], south,
                                    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
        "negative-dst": tzif(b"3", [(3600, 0, "IST"), (0, 1, "GMT")], negative, "IST-1GMT0,M10.5.0,M3.5.0/1"),
        "julian-days": tzif(b"2", [(7200, 0, "+02"), (10800, 1, "+03")], [], "<+02>-2<+03>-3,J60/0,J300/25"),
        "far-hours": tzif(b"4", [(-10800, 0, "-03"), (-7200, 1, "-02")], [], "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"),
        "v1-only": tzif(b"\0", [(-18000, 0, "EST"), (-14400, 1, "EDT")], north, ""),
        "footer-only": tzif(b"2", [(45900, 0, "+1245")], [], "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"),
    }
    full = files["north-dst"]
    files["trunc-magic"] = full[:3]
    files["trunc-header"] = full[:44]
    files["trunc-v1-block"] = full[:100]
    files["trunc-footer"] = full[:-5]
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()

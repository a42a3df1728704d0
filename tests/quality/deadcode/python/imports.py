"""Report loading: unused imports next to the imports that only look unused."""
from __future__ import annotations

import csv
import json  # expect: unused-import
import os.path
import xml.etree.ElementTree  # expect: unused-import
from collections import OrderedDict, defaultdict  # expect: unused-import
from datetime import date as Day, timedelta as Delta
from decimal import Decimal
from pathlib import PurePath
from typing import TYPE_CHECKING, Iterable

from ._records import Record, _normalise
from .schema import Schema as Schema

try:
    import yaml
except ImportError:
    yaml = None

if TYPE_CHECKING:
    from .store import Store

__all__ = ["load_rows", "Decimal"]


def load_rows(path: str, store: "Store | None" = None) -> Iterable[Record]:
    """Yields one Record per CSV row of path; see PurePath for what path may be."""
    totals = defaultdict(int)
    with open(os.path.expanduser(path), newline="") as f:
        for row in csv.DictReader(f):
            totals[row["kind"]] += 1
            yield Record(row, Day.today())


def parse_duration(text):
    import re  # expect: unused-import
    from math import floor
    return floor(float(text))


def stamps(rows):
    return [r.stamp for r in rows]  # type: list[Delta]

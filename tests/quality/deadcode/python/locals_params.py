"""Invoice arithmetic: unused locals and parameters, and the code that only looks that way."""
import atexit
import functools

RATE = 0.2
_seen = []


def total(lines, currency):
    subtotal = 0
    discount = 0.1  # expect: unused-local-variable
    for line in lines:
        subtotal += line.amount
    tax = subtotal * RATE
    label = "{currency}"
    return _format(subtotal + tax, currency, label)


def _format(amount, currency, label, width=12):  # expect: unused-parameter
    text = "%.2f %s" % (amount, currency)
    return text.rjust(12) + label[:0]


def _on_exit(signum, frame):
    _seen.clear()


atexit.register(_on_exit)


def _cleanup(path, _reason, *args, **kwargs):
    return path


def _stub(path, mode):
    raise NotImplementedError


def _docstring_only(path):
    """Subclasses read path."""


def render(template, **values):
    heading = template.heading
    return "{heading}: {body}".format(**locals())


def counter():
    global _seen
    _seen = []
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count
    return bump


def swap(pair):
    first, second = pair
    dummy = pair.check()
    _ignored = pair.check()
    head = tail = None  # expect: unused-local-variable
    return head


@functools.lru_cache(maxsize=None)
def _cached(key, hint):
    return key


class Ledger:
    opening = 0

    def post(self, entry):
        balance = self.opening + entry  # expect: unused-local-variable
        self.opening = entry
        return _cleanup(entry, "post")

"""Retry loop and parsers: statements that can never run."""
import logging

log = logging.getLogger(__name__)


def fetch(client, url, attempts=3):
    for attempt in range(attempts):
        try:
            return client.get(url)
        except TimeoutError:
            log.warning("attempt %d timed out", attempt)
            continue
            log.debug("retrying")  # expect: unreachable-code
    raise RuntimeError("gave up on " + url)
    log.error("not reached")  # expect: unreachable-code
    return None


def parse_flag(text):
    if text == "yes":
        return True
    elif text == "no":
        return False
    else:
        raise ValueError(text)
    # a comment after the raise is not code
    return None


def first_even(numbers):
    for n in numbers:
        if n % 2 == 0:
            found = n
            break
            found = None  # expect: unreachable-code
            print(found)
    else:
        found = None
    return found


def empty_events():
    """An empty generator: return, then the yield that makes it one."""
    return
    yield


def legacy(conn):
    raise NotImplementedError("use fetch")

    def helper():  # expect: unreachable-code
        return conn
    return helper()

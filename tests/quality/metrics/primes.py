# expect-file: lines=44 code=32 comment=5 blank=7
import math


# expect: sum_of_primes cognitive=6 cyclomatic=4 params=1 nesting=3
def sum_of_primes(max_):
    total = 0
    for i in range(1, max_ + 1):
        for j in range(2, i):
            if i % j == 0:
                break
        else:
            total += i
    return total


# expect: nested cognitive=9 cyclomatic=6 params=2 nesting=3
def nested(condition1, condition2):
    try:
        if condition1:
            for i in range(10):
                while condition2:
                    condition2 = False
    except (ValueError, KeyError):
        if condition2:
            return


class Logic:
    # expect: logic cognitive=8 cyclomatic=9 params=6 nesting=2
    def logic(self, a, b, c, d, e, f):
        if a and b and c or d or not (e and f):
            return 1
        elif a:
            return 2
        else:
            return 3 if b else 4

    # expect: with_lambda cognitive=5 cyclomatic=3 params=0 nesting=2
    def with_lambda(self):
        def inner(x):
            return x
        f = lambda: (1 if math.pi > 3 else 2) if math.e > 2 else 0
        return inner(f)

"""tests/coverage/src/pycalc.py - the Python program of the coverage.py fixture"""


def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi  # never reached by main
    return v


def divide(a, b):
    if b == 0:
        raise ZeroDivisionError("b is 0")  # never reached by main
    return a / b


def main():
    total = clamp(5, 0, 10) + clamp(-3, 0, 10) + divide(10, 2)
    print(total)


if __name__ == "__main__":
    main()

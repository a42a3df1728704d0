// expect-file: lines=54 code=43 comment=7 blank=4
class Primes {
    // The white paper's first example, re-created: a labelled continue.
    // expect: sumOfPrimes cognitive=7 cyclomatic=4 params=1 nesting=3
    int sumOfPrimes(int max) {
        int total = 0;
        OUT:
        for (int i = 1; i <= max; ++i) {
            for (int j = 2; j < i; ++j) {
                if (i % j == 0) {
                    continue OUT;
                }
            }
            total += i;
        }
        return total;
    }

    // expect: getWords cognitive=1 cyclomatic=4 params=1 nesting=1
    String getWords(int number) {
        switch (number) {
            case 1: return "one";
            case 2: return "a couple";
            case 3: return "a few";
            default: return "lots";
        }
    }

    // expect: nested cognitive=9 cyclomatic=6 params=2 nesting=3
    void nested(boolean condition1, boolean condition2) {
        try {
            if (condition1) {
                for (int i = 0; i < 10; i++) {
                    while (condition2) { condition2 = false; }
                }
            }
        } catch (IllegalStateException | IllegalArgumentException e) {
            if (condition2) { return; }
        }
    }

    // expect: logic cognitive=6 cyclomatic=8 params=6 nesting=1
    int logic(boolean a, boolean b, boolean c, boolean d, boolean e, boolean f) {
        if (a && b && c || d || !(e && f)) { return 1; }
        else if (a) { return 2; } else { return 3; }
    }

    // expect: withLambda cognitive=5 cyclomatic=3 params=0 nesting=2
    void withLambda() {
        Runnable r = () -> {
            if (Math.random() > 0.5) { System.out.println(Math.random() > 0.9 ? "a" : "b"); }
        };
    }
}

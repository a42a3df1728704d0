// expect-file: lines=32 code=26 comment=4 blank=2
// expect: sumOfPrimes cognitive=7 cyclomatic=4 params=1 nesting=3
fun sumOfPrimes(max: Int): Int {
    var total = 0
    outer@ for (i in 1..max) {
        for (j in 2 until i) {
            if (i % j == 0) {
                continue@outer
            }
        }
        total += i
    }
    return total
}

// expect: logic cognitive=9 cyclomatic=10 params=6 nesting=2
fun logic(a: Boolean, b: Boolean, c: Boolean, d: Boolean, e: Boolean, f: Boolean): Int {
    if (a && b && c || d || !(e && f)) {
        return 1
    } else if (a) {
        return 2
    }
    return when {
        c -> 3
        else -> if (d) 4 else 5
    }
}

class Box(val items: List<Int>) {
    // expect: positive cognitive=1 cyclomatic=2 params=0 nesting=0
    fun positive() = items.filter { it > 0 && it < 10 }
}

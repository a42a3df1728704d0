<?php
// expect-file: lines=33 code=28 comment=4 blank=1
// expect: sumOfPrimes cognitive=7 cyclomatic=4 params=1 nesting=3
function sumOfPrimes($max) {
    $total = 0;
    for ($i = 1; $i <= $max; ++$i) {
        foreach (range(2, $i - 1) as $j) {
            if ($i % $j == 0) {
                continue 2;
            }
        }
        $total += $i;
    }
    return $total;
}

class Logic {
    // expect: logic cognitive=9 cyclomatic=11 params=6 nesting=2
    public function logic($a, $b, $c, $d, $e, $f) {
        if ($a && $b && $c || $d || !($e && $f)) {
            return 1;
        } elseif ($a) {
            return 2;
        } else if ($b) {
            return 3;
        }
        return match (true) { $c => 4, default => $d ? 5 : 6 };
    }
}
// expect: $f cognitive=2 cyclomatic=2 params=1 nesting=1
$f = function ($x) use ($y) {
    return array_map(fn($z) => $z > 0 ? $z : -$z, $x);
};

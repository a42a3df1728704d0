// expect-file: lines=30 code=26 comment=3 blank=1
// expect: sum_of_primes cognitive=7 cyclomatic=4 params=1 nesting=3
fn sum_of_primes(max: u32) -> u32 {
    let mut total = 0;
    'outer: for i in 1..=max {
        for j in 2..i {
            if i % j == 0 {
                continue 'outer;
            }
        }
        total += i;
    }
    total
}

impl Logic {
    // expect: logic cognitive=15 cyclomatic=11 params=6 nesting=4
    fn logic(&self, a: bool, b: bool, c: bool, d: bool, e: bool, f: bool) -> i32 {
        if a && b && c || d || !(e && f) {
            1
        } else if a {
            2
        } else {
            match c {
                true => 3,
                _ => loop { if d { break 4; } },
            }
        }
    }
}

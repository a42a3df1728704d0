// expect-file: lines=36 code=28 comment=6 blank=2
/* A block comment
   over two lines. */
// expect: sumOfPrimes cognitive=7 cyclomatic=4 params=1 nesting=3
function sumOfPrimes(max: number): number {
  let total = 0;
  OUT: for (let i = 1; i <= max; ++i) {
    for (let j = 2; j < i; ++j) {
      if (i % j === 0) {
        continue OUT;
      }
    }
    total += i;
  }
  return total;
}

// expect: logic cognitive=6 cyclomatic=8 params=6 nesting=1
const logic = (a, b, c, d, e, f) => {
  if (a && b && c || d || !(e && f)) { return 1; }
  else if (a) { return 2; } else { return 3; }
};

class Handler {
  // expect: handle cognitive=8 cyclomatic=5 params=2 nesting=2
  handle(req: Request, res: Response): void {
    try {
      [1, 2].forEach((x) => { if (x > 1) { res.send(x ? 'a' : 'b'); } });
    } catch (err) {
      switch (err.code) {
        case 'E1': break;
        default: throw err;
      }
    }
  }
}

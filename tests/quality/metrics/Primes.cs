// expect-file: lines=38 code=31 comment=4 blank=3
using System;

class Primes
{
    // expect: Nested cognitive=9 cyclomatic=6 params=2 nesting=3
    void Nested(bool condition1, bool condition2)
    {
        try
        {
            if (condition1)
            {
                foreach (var i in new[] { 1, 2 })
                {
                    do { condition2 = false; } while (condition2);
                }
            }
        }
        catch (InvalidOperationException)
        {
            if (condition2) { return; }
        }
    }

    // expect: Logic cognitive=8 cyclomatic=10 params=6 nesting=2
    int Logic(bool a, bool b, bool c, bool d, bool e, bool f)
    {
        if (a && b && c || d || !(e && f)) return 1;
        else if (a) return 2;
        return a switch { true when b => 3, _ => c ? 4 : 5 };
    }

    // expect: get cognitive=0 cyclomatic=1 params=0 nesting=0
    string Name
    {
        get { return "x"; }
    }
}

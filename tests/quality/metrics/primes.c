/* expect-file: lines=44 code=37 comment=4 blank=3 */
#include <stdio.h>

/* expect: sum_of_primes cognitive=7 cyclomatic=4 params=1 nesting=3 */
static int sum_of_primes(int max)
{
	int total = 0;
	for (int i = 1; i <= max; ++i) {
		for (int j = 2; j < i; ++j) {
			if (i % j == 0)
				goto next;
		}
		total += i;
next:;
	}
	return total;
}

/* expect: logic cognitive=8 cyclomatic=9 params=6 nesting=2 */
int logic(int a, int b, int c, int d, int e, int f)
{
	if (a && b && c || d || !(e && f))
		return 1;
	else if (a)
		return 2;
	else
		return b ? 3 : 4;
}

/* expect: none cognitive=4 cyclomatic=6 params=0 nesting=2 */
int none(void)
{
	switch (getchar()) {
	case 'a':
		return 1;
	case 'b':
	case 'c':
		return 2;
	default:
		break;
	}
	while (1) { if (getchar() == EOF) break; }
	return 0;
}

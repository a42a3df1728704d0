/* tests/coverage/src/calc.c - the program whose coverage the fixtures record */
#include <stdio.h>

static int clamp(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return v;
}

static int divide(int a, int b)
{
	if (b == 0) {
		/* Never taken by main: the fixtures' uncovered lines. */
		fprintf(stderr, "division by zero\n");
		return 0;
	}
	return a / b;
}

static int sum_to(int n)
{
	int s = 0;

	for (int i = 1; i <= n; i++)
		s += i;
	return s;
}

int main(void)
{
	int total = 0;

	total += clamp(5, 0, 10);
	total += clamp(-3, 0, 10);
	total += divide(10, 2);
	total += sum_to(4);
	printf("%d\n", total);
	return 0;
}

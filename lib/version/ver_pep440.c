/* lib/version/ver_pep440.c - Python package versions (PEP 440) */
#include <string.h>
#include "version/ver_int.h"

/*
 * PEP 440 (packaging.python.org, "Version specifiers"):
 *   [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local]
 * read with the spec's normalisation rules (its appendix gives the
 * canonical regular expression, matched case-insensitively after
 * stripping surrounding whitespace):
 * - an optional leading "v";
 * - pre-releases spelled a/alpha, b/beta, c/rc/pre/preview, with an
 *   optional [-_.] before the label and between label and number, and an
 *   implicit number 0;
 * - post-releases spelled post/rev/r the same way, or "-N" alone;
 * - dev releases spelled dev the same way;
 * - a local label after '+': alphanumeric segments separated by [-_.].
 * Ordering: the epoch; the release with trailing zeros ignored (1.0 ==
 * 1.0.0); then within a release
 *   .devN < aN.devM < aN < bN < rcN < (release) < .postN.devM < .postN
 * and a local label sorts above the same version without one, segment by
 * segment (numbers numerically and above words, words case-insensitively,
 * more segments higher). Numbers are compared as digit strings.
 */

/* Longest first where one spelling is a prefix of another. */
static const struct {
	const char *word;
	int8_t kind;
} pre_words[] = {
	{ "alpha", 0 }, { "a", 0 }, { "beta", 1 }, { "b", 1 },
	{ "preview", 2 }, { "pre", 2 }, { "rc", 2 }, { "c", 2 },
};

static bool is_sep(int c)
{
	return c == '-' || c == '_' || c == '.';
}

/* Match word (lowercase) at s[i..n) ignoring case. */
static bool word_at(const char *s, size_t i, size_t n, const char *word)
{
	size_t k;

	for (k = 0; word[k]; k++)
		if (i + k >= n || scan_version__lower((unsigned char)s[i + k]) != word[k])
			return false;
	return true;
}

/*
 * [-_.]?LABEL[-_.]?N? at *i, with LABEL one of words: on a match advance *i
 * and return the index of the word, else -1 with *i unchanged.
 */
static int labelled(const char *s, size_t *i, size_t n, const char *const *words, size_t nwords,
                    scan_version__span *num)
{
	size_t j = *i;

	if (j < n && is_sep((unsigned char)s[j]))
		j++;
	for (size_t w = 0; w < nwords; w++) {
		size_t len, k;

		if (!word_at(s, j, n, words[w]))
			continue;
		k = j + strlen(words[w]);
		/*
		 * The regular expression's optional separator and number: a
		 * separator with no number after it still belongs here.
		 */
		if (k < n && is_sep((unsigned char)s[k]))
			k++;
		len = scan_version__digits_at(s, k, n);
		*num = scan_version__mkspan(k, len);
		*i = k + len;
		return (int)w;
	}
	return -1;
}

const char *scan_version__pep440_parse(scan_version__pep440 *v, const char *s, size_t n)
{
	static const char *const post_words[] = { "post", "rev", "r" };
	static const char *const dev_words[] = { "dev" };
	const char *words[sizeof(pre_words) / sizeof(pre_words[0])];
	size_t i = 0, len;
	int w;

	v->s = s;
	v->epoch = scan_version__mkspan(0, 0);
	v->nrelease = 0;
	v->nlocal = 0;
	v->pre = -1;
	v->post = v->dev = false;
	v->pre_n = v->post_n = v->dev_n = scan_version__mkspan(0, 0);

	while (n > 0 && scan_version__isblank((unsigned char)s[n - 1]))
		n--;
	while (i < n && scan_version__isblank((unsigned char)s[i]))
		i++;
	if (i < n && (s[i] == 'v' || s[i] == 'V'))
		i++;

	/* Epoch "N!", else the first release number. */
	len = scan_version__digits_at(s, i, n);
	if (len == 0)
		return "expected a release number";
	if (i + len < n && s[i + len] == '!') {
		v->epoch = scan_version__mkspan(i, len);
		i += len + 1;
		len = scan_version__digits_at(s, i, n);
		if (len == 0)
			return "expected a release number after the epoch";
	}
	for (;;) {
		if (v->nrelease == SCAN_SCA__VER_PARTS_MAX)
			return "too many release numbers";
		v->release[v->nrelease++] = scan_version__mkspan(i, len);
		i += len;
		if (i + 1 < n && s[i] == '.' && scan_version__isdigit((unsigned char)s[i + 1])) {
			i++;
			len = scan_version__digits_at(s, i, n);
			continue;
		}
		break;
	}

	for (size_t k = 0; k < sizeof(pre_words) / sizeof(pre_words[0]); k++)
		words[k] = pre_words[k].word;
	w = labelled(s, &i, n, words, sizeof(words) / sizeof(words[0]), &v->pre_n);
	if (w >= 0)
		v->pre = pre_words[w].kind;

	/* Post: "-N", or [-_.]?(post|rev|r)[-_.]?N?. */
	if (i + 1 < n && s[i] == '-' && scan_version__isdigit((unsigned char)s[i + 1])) {
		len = scan_version__digits_at(s, i + 1, n);
		v->post = true;
		v->post_n = scan_version__mkspan(i + 1, len);
		i += 1 + len;
	} else if (labelled(s, &i, n, post_words, 3, &v->post_n) >= 0) {
		v->post = true;
	}

	if (labelled(s, &i, n, dev_words, 1, &v->dev_n) >= 0)
		v->dev = true;

	if (i < n && s[i] == '+') {
		i++;
		for (;;) {
			size_t start = i;

			while (i < n && scan_version__isalnum((unsigned char)s[i]))
				i++;
			if (i == start)
				return "an empty local version segment";
			if (v->nlocal == SCAN_SCA__VER_PARTS_MAX)
				return "too many local version segments";
			v->local[v->nlocal++] = scan_version__mkspan(start, i - start);
			if (i < n && is_sep((unsigned char)s[i])) {
				i++;
				continue;
			}
			break;
		}
	}
	return i == n ? NULL : "unexpected character";
}

static bool all_digits(const char *s, scan_version__span sp)
{
	return scan_version__digits_at(s, sp.off, (size_t)sp.off + sp.len) == sp.len;
}

static int release_cmp(const scan_version__pep440 *a, const scan_version__pep440 *b)
{
	static const scan_version__span zero = { 0, 0 };
	size_t n = a->nrelease > b->nrelease ? a->nrelease : b->nrelease;

	for (size_t k = 0; k < n; k++) {
		int c = scan_version__span_num_cmp(a->s, k < a->nrelease ? a->release[k] : zero,
		                                   b->s, k < b->nrelease ? b->release[k] : zero);
		if (c)
			return c;
	}
	return 0;
}

/*
 * The spec's sort key within one release, as three ranks: a dev release
 * of the release itself (no pre or post) sorts before every pre-release;
 * no pre-release sorts after them all; no post-release before any; no dev
 * release after any.
 */
static int pre_rank(const scan_version__pep440 *v)
{
	if (v->pre >= 0)
		return v->pre;
	return !v->post && v->dev ? -1 : 3;
}

static int local_cmp(const scan_version__pep440 *a, const scan_version__pep440 *b)
{
	size_t n = a->nlocal < b->nlocal ? a->nlocal : b->nlocal;

	for (size_t k = 0; k < n; k++) {
		scan_version__span x = a->local[k], y = b->local[k];
		bool xn = all_digits(a->s, x), yn = all_digits(b->s, y);
		int c;

		if (xn && yn)
			c = scan_version__span_num_cmp(a->s, x, b->s, y);
		else if (xn != yn)
			c = xn ? 1 : -1;
		else
			c = scan_version__bytes_cmp(a->s + x.off, x.len, b->s + y.off, y.len, true);
		if (c)
			return c;
	}
	return (a->nlocal > n) - (b->nlocal > n);
}

int scan_version__pep440_order(const scan_version__pep440 *a, const scan_version__pep440 *b)
{
	int c;

	if ((c = scan_version__span_num_cmp(a->s, a->epoch, b->s, b->epoch)) != 0 ||
	    (c = release_cmp(a, b)) != 0)
		return c;
	if ((c = pre_rank(a) - pre_rank(b)) != 0)
		return c;
	if (a->pre >= 0 && (c = scan_version__span_num_cmp(a->s, a->pre_n, b->s, b->pre_n)) != 0)
		return c;
	if (a->post != b->post)
		return a->post ? 1 : -1;
	if (a->post && (c = scan_version__span_num_cmp(a->s, a->post_n, b->s, b->post_n)) != 0)
		return c;
	if (a->dev != b->dev)
		return a->dev ? -1 : 1;
	if (a->dev && (c = scan_version__span_num_cmp(a->s, a->dev_n, b->s, b->dev_n)) != 0)
		return c;
	return local_cmp(a, b);
}

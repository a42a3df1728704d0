/* lib/version/ver_go.c - Go module versions: SemVer with a "v" */
#include "version/ver_int.h"

/*
 * The Go modules reference (https://go.dev/ref/mod#versions): a version is
 * "v" + SemVer 2.0, ordered by SemVer precedence, so:
 * - a pseudo-version (vX.Y.Z-0.yyyymmddhhmmss-abcdef123456,
 *   vX.Y.(Z+1)-0.yyyymmddhhmmss-..., vX.0.0-yyyymmddhhmmss-...) is a
 *   pre-release and sorts where the reference says it does: above its base
 *   version and below the next release, by timestamp among its peers;
 * - "+incompatible" is build metadata, ignored by precedence, so
 *   v2.0.0+incompatible == v2.0.0.
 * OSV's Go records drop the "v" ("1.2.3"), so it is optional here. The
 * shorthands vMAJOR and vMAJOR.MINOR that golang.org/x/mod/semver accepts
 * never appear in go.mod, go.sum or advisories, and are refused.
 */
const char *scan_version__go_parse(scan_version__semver *v, const char *s, size_t n)
{
	return scan_version__semver_parse(v, s, n, SCAN_SCA__SEMVER_V);
}

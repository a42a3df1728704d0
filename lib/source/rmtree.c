/* lib/source/rmtree.c - removing a private temporary tree */
/* nftw's FTW_PHYS and FTW_DEPTH are XSI, not plain POSIX. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/common.h"
#include "rmtree.h"

/*
 * nftw keeps this many directories open and reopens the others by path, so
 * depth is not limited by the descriptor table.
 */
#define RMTREE_OPEN_FDS 32

/* nftw's callback takes no payload; thread-local because the server runs scans in parallel. */
static _Thread_local int rmtree_failed;

static int rmtree_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	int rc;

	(void)st;
	(void)ftw;
	/*
	 * FTW_DEPTH reports a directory after its contents; FTW_PHYS reports a
	 * symbolic link as itself (FTW_SL), so unlink() removes only the link.
	 */
	if (flag == FTW_DP || flag == FTW_DNR)
		rc = rmdir(path);
	else
		rc = unlink(path);
	if (rc != 0 && errno != ENOENT)
		rmtree_failed = 1;
	/* Keep going: removing as much as possible beats stopping at the first failure. */
	return 0;
}

int scan_source__rmtree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : SCAN_EIO;
	rmtree_failed = 0;
	if (nftw(path, rmtree_one, RMTREE_OPEN_FDS, FTW_PHYS | FTW_DEPTH) != 0)
		return SCAN_EIO;
	return rmtree_failed ? SCAN_EIO : 0;
}

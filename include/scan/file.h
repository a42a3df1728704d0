/* include/scan/file.h - bounded reads of the files a user or a repository names */
#ifndef SCAN_FILE_H
#define SCAN_FILE_H

#include "common.h"

/* Flags of scan_file_read(). */
#define SCAN_FILE_NOFOLLOW 0x1u /* a symbolic link is refused (SCAN_EINVAL): the file is the repository's */
#define SCAN_FILE_OPTIONAL 0x2u /* an absent file is 0 with *out NULL, and raises no error */

/*
 * The one way Rampart reads a whole input file (a policy, a rule file, a VEX
 * document, a coverage report, a feed list): opened non-blocking and checked
 * with fstat to be a regular file before a byte is read, so a FIFO, a device
 * or a directory is refused at once instead of waited on; at most max bytes.
 * On success *out is the caller's (free()), NUL-terminated, *len its length.
 * Returns 0, SCAN_ENOTFOUND (absent), SCAN_EINVAL (not a regular file, or a
 * symbolic link under SCAN_FILE_NOFOLLOW), SCAN_ELIMIT (larger than max),
 * SCAN_EIO or SCAN_ENOMEM, with the one-line message in scan_error_last().
 */
SCAN_EXTERN int scan_file_read(char **out, size_t *len, const char *path, size_t max, unsigned int flags);

#endif

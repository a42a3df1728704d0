/* lib/util/digest.c - SHA-256 and hex */
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/digest.h"

void scan_util__hex(char *out, const unsigned char *bytes, size_t n)
{
	static const char hex[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex[bytes[i] >> 4];
		out[2 * i + 1] = hex[bytes[i] & 15];
	}
	out[2 * n] = '\0';
}

void scan_util__sha256_hex(char out[65], const void *data, size_t len)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;

	EVP_Digest(data, len, md, &mdlen, EVP_sha256(), NULL);
	scan_util__hex(out, md, 32);
}

int scan_util__sha256_fd_hex(char out[65], int fd)
{
	unsigned char md[EVP_MAX_MD_SIZE], chunk[65536];
	unsigned int mdlen = 0;
	EVP_MD_CTX *ctx = NULL;
	ssize_t n = 0;
	int rc = -1;

	if (!(ctx = EVP_MD_CTX_new()) || EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) != 1)
		goto done;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || EVP_DigestUpdate(ctx, chunk, (size_t)n) != 1)
			goto done;
	}
	if (EVP_DigestFinal_ex(ctx, md, &mdlen) != 1)
		goto done;
	scan_util__hex(out, md, 32);
	rc = 0;
done:
	EVP_MD_CTX_free(ctx);
	return rc;
}

int scan_util__sha256_file_hex(char out[65], const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), rc = -1;

	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		rc = scan_util__sha256_fd_hex(out, fd);
	if (fd >= 0)
		close(fd);
	return rc;
}

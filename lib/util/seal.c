/* lib/util/seal.c - key files of mode 0600, and AES-256-GCM sealing of short secrets */
#include <errno.h>
#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scan/seal.h"
#include "util/digest.h"
#include "util/error.h"

#define NONCE_BYTES 12
#define TAG_BYTES 16
#define SEAL_PLAIN_MAX 4096

int scan_key_file(unsigned char *key, size_t len, const char *path, bool create)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n;

	if (fd < 0 && errno == ENOENT && create) {
		if (RAND_bytes(key, (int)len) != 1)
			return scan_util__error(SCAN_EIO, "cannot make the key '%s': no randomness", path);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 || write(fd, key, len) != (ssize_t)len || fsync(fd) != 0) {
			int e = errno;
			if (fd >= 0)
				close(fd);
			OPENSSL_cleanse(key, len);
			return scan_util__error(SCAN_EIO, "cannot write the key '%s': %s", path, strerror(e));
		}
		close(fd);
		return 0;
	}
	if (fd < 0)
		return scan_util__error(SCAN_EIO, "cannot read the key '%s': %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 077) || st.st_uid != geteuid()) {
		close(fd);
		return scan_util__error(SCAN_EINVAL, "the key '%s' must be a regular file of this user with mode 0600", path);
	}
	if ((size_t)st.st_size != len) {
		close(fd);
		return scan_util__error(SCAN_EINVAL, "the key '%s' is not %zu bytes", path, len);
	}
	n = read(fd, key, len);
	close(fd);
	if (n != (ssize_t)len) {
		OPENSSL_cleanse(key, len);
		return scan_util__error(SCAN_EINVAL, "the key '%s' is not %zu bytes", path, len);
	}
	return 0;
}

int scan_seal(char **out, const unsigned char key[SCAN_SEAL_KEY_BYTES], const char *plain)
{
	size_t n = strlen(plain);
	unsigned char *box = NULL;
	EVP_CIPHER_CTX *ctx = NULL;
	int len, rc = 0;

	*out = NULL;
	if (n > SEAL_PLAIN_MAX)
		return scan_util__error(SCAN_ELIMIT, "a sealed value is at most %d bytes", SEAL_PLAIN_MAX);
	if (!(box = malloc(NONCE_BYTES + n + TAG_BYTES)) || !(*out = malloc(2 * (NONCE_BYTES + n + TAG_BYTES) + 1)) ||
	    !(ctx = EVP_CIPHER_CTX_new())) {
		rc = scan_error__oom();
		goto done;
	}
	if (RAND_bytes(box, NONCE_BYTES) != 1 || EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, box) != 1 ||
	    EVP_EncryptUpdate(ctx, box + NONCE_BYTES, &len, (const unsigned char *)plain, (int)n) != 1 ||
	    EVP_EncryptFinal_ex(ctx, box + NONCE_BYTES + len, &len) != 1 ||
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, TAG_BYTES, box + NONCE_BYTES + n) != 1) {
		rc = scan_util__error(SCAN_EIO, "cannot seal a value: the cipher failed");
		goto done;
	}
	scan_util__hex(*out, box, NONCE_BYTES + n + TAG_BYTES);
done:
	if (rc) {
		free(*out);
		*out = NULL;
	}
	if (box)
		OPENSSL_cleanse(box, NONCE_BYTES + n + TAG_BYTES);
	free(box);
	EVP_CIPHER_CTX_free(ctx);
	return rc;
}

static int nibble(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int scan_unseal(char **out, const unsigned char key[SCAN_SEAL_KEY_BYTES], const char *sealed)
{
	size_t hexlen = strlen(sealed), blen = hexlen / 2, n;
	unsigned char *box = NULL;
	EVP_CIPHER_CTX *ctx = NULL;
	int len, rc = 0;

	*out = NULL;
	if (hexlen % 2 || blen < NONCE_BYTES + TAG_BYTES || blen > NONCE_BYTES + SEAL_PLAIN_MAX + TAG_BYTES)
		return scan_util__error(SCAN_EINVAL, "not a sealed value");
	n = blen - NONCE_BYTES - TAG_BYTES;
	if (!(box = malloc(blen)) || !(*out = malloc(n + 1)) || !(ctx = EVP_CIPHER_CTX_new())) {
		rc = scan_error__oom();
		goto done;
	}
	for (size_t i = 0; i < blen; i++) {
		int hi = nibble(sealed[2 * i]), lo = nibble(sealed[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			rc = scan_util__error(SCAN_EINVAL, "not a sealed value");
			goto done;
		}
		box[i] = (unsigned char)(hi << 4 | lo);
	}
	if (EVP_DecryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, box) != 1 ||
	    EVP_DecryptUpdate(ctx, (unsigned char *)*out, &len, box + NONCE_BYTES, (int)n) != 1 ||
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, TAG_BYTES, box + NONCE_BYTES + n) != 1 ||
	    EVP_DecryptFinal_ex(ctx, (unsigned char *)*out + len, &len) != 1) {
		rc = scan_util__error(SCAN_EINVAL, "the sealed value was sealed under another key or altered");
		goto done;
	}
	(*out)[n] = '\0';
done:
	if (rc && *out) {
		OPENSSL_cleanse(*out, n + 1);
		free(*out);
		*out = NULL;
	}
	free(box);
	EVP_CIPHER_CTX_free(ctx);
	return rc;
}

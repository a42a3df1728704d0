/*
 * Telemetry uploader: pushes signed metric batches to the collector over TLS.
 */
#include <string.h>
#include <stdio.h>
#include <curl/curl.h>
#include <openssl/ssl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/md5.h>

struct uploader {
    CURL *curl;
    SSL_CTX *ctx;
    int insecure;
};

static SSL_CTX *make_client_ctx(int legacy)
{
    SSL_CTX *ctx;

    if (legacy) {
        // expect: c.openssl-weak-tls-version
        ctx = SSL_CTX_new(TLSv1_client_method());
    } else {
        // ok: c.openssl-weak-tls-version
        ctx = SSL_CTX_new(TLS_client_method());
    }
    // ok: c.openssl-weak-tls-version
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    // expect: c.openssl-verify-none
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    return ctx;
}

static SSL_CTX *make_server_ctx(const char *cert, const char *key)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());

    SSL_CTX_use_certificate_chain_file(ctx, cert);
    SSL_CTX_use_PrivateKey_file(ctx, key, SSL_FILETYPE_PEM);
    /* we do not ask collectors for client certificates */
    // ok: c.openssl-verify-none
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    return ctx;
}

static void configure_curl(struct uploader *u, const char *ca_file)
{
    curl_easy_setopt(u->curl, CURLOPT_CAINFO, ca_file);
    // ok: c.curl-tls-verify-disabled
    curl_easy_setopt(u->curl, CURLOPT_SSL_VERIFYPEER, 1L);
    if (u->insecure) {
        // expect: c.curl-tls-verify-disabled
        curl_easy_setopt(u->curl, CURLOPT_SSL_VERIFYHOST, 0L);
    }
    // ok: c.curl-tls-verify-disabled
    curl_easy_setopt(u->curl, CURLOPT_FOLLOWLOCATION, 0L);
}

static int sign_batch(const unsigned char *key, int klen, const unsigned char *data,
                      size_t n, unsigned char *mac, unsigned int *maclen)
{
    // ok: c.openssl-weak-hash
    return HMAC(EVP_sha1(), key, klen, data, n, mac, maclen) != NULL;
}

static void fingerprint(const unsigned char *data, size_t n, unsigned char out[16])
{
    // expect: c.openssl-weak-hash
    MD5(data, n, out);
}

static int digest_batch(EVP_MD_CTX *md, const unsigned char *data, size_t n)
{
    // ok: c.openssl-weak-hash
    if (EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1)
        return -1;
    return EVP_DigestUpdate(md, data, n);
}

static int seal_batch(EVP_CIPHER_CTX *c, const unsigned char *key, const unsigned char *iv, int legacy)
{
    if (legacy)
        // expect: c.openssl-weak-cipher
        return EVP_EncryptInit_ex(c, EVP_des_ede3_cbc(), NULL, key, iv);
    // ok: c.openssl-weak-cipher
    return EVP_EncryptInit_ex(c, EVP_aes_256_gcm(), NULL, key, iv);
}

static int scramble_header(EVP_CIPHER_CTX *c, const unsigned char *key)
{
    // expect: c.openssl-weak-cipher
    return EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL);
}

int uploader_init(struct uploader *u, int legacy)
{
    u->curl = curl_easy_init();
    if (u->curl == NULL)
        return -1;
    u->ctx = make_client_ctx(legacy);
    configure_curl(u, "/etc/telemetry/ca.pem");
    return 0;
}

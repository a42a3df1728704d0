/* lib/util/global.c - the process-wide state of the libraries libscan uses, set up once */
#include <pthread.h>
#include <curl/curl.h>
#include "scan/common.h"
#include "util/error.h"
#include "util/global.h"

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static CURLcode curl_rc = CURLE_FAILED_INIT;

static void curl_init(void)
{
	curl_rc = curl_global_init(CURL_GLOBAL_DEFAULT);
}

int scan_util__curl_ready(void)
{
	pthread_once(&curl_once, curl_init);
	if (curl_rc != CURLE_OK)
		return scan_util__error(SCAN_EIO, "cannot initialise libcurl: %s", curl_easy_strerror(curl_rc));
	return 0;
}

int scan_global_init(void)
{
	return scan_util__curl_ready();
}

/* lib/util/global.h - the process-wide state of the libraries libscan uses, set up once */
#ifndef SCAN_UTIL_GLOBAL_H
#define SCAN_UTIL_GLOBAL_H

/*
 * libcurl's global state, set up once for the whole process whoever asks
 * first (scan_global_init(), a download, a verification): two modules with
 * a pthread_once each could run curl_global_init at the same time, which
 * libcurl does not allow. 0, or SCAN_EIO with the error set.
 */
int scan_util__curl_ready(void);

#endif

/* tests/fuzz/fuzz_webhook_bitbucket.c - a bitbucket webhook delivery: first line the X-Event-Key header, then the body */
#include "fuzz_webhook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_webhook(SCAN_PROVIDER_BITBUCKET, "X-Event-Key", data, size);
}

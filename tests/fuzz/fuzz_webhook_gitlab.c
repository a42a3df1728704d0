/* tests/fuzz/fuzz_webhook_gitlab.c - a gitlab webhook delivery: first line the X-Gitlab-Event header, then the body */
#include "fuzz_webhook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_webhook(SCAN_PROVIDER_GITLAB, "X-Gitlab-Event", data, size);
}

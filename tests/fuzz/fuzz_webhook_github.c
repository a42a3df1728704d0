/* tests/fuzz/fuzz_webhook_github.c - a github webhook delivery: first line the X-GitHub-Event header, then the body */
#include "fuzz_webhook.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_webhook(SCAN_PROVIDER_GITHUB, "X-GitHub-Event", data, size);
}

/* lib/walk/infra.h - which files are infrastructure code */
#ifndef SCAN_WALK_INFRA_H
#define SCAN_WALK_INFRA_H

#include <stdbool.h>
#include <stddef.h>
#include "walk/lang.h"

/*
 * Whether a file describes infrastructure the IaC rules judge: Terraform
 * (HCL), a Dockerfile, a GitHub Actions workflow, a Compose file, or a
 * Kubernetes manifest (YAML whose head has a top-level apiVersion and
 * kind). Compliance needs it to tell "no IaC finding" from "no IaC at all".
 */
bool scan_walk__is_infra(const char *path, scan_lang lang, const unsigned char *head, size_t len);

#endif

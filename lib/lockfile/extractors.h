/* lib/lockfile/extractors.h - one extractor per lockfile or manifest format */
#ifndef SCAN_SCA_EXTRACTORS_H
#define SCAN_SCA_EXTRACTORS_H

#include "lockfile/lockfile.h"

/*
 * scan_lockfile__is_X(path, base) says whether a file (path relative to the
 * scanned root, '/'-separated; base its last component) is format X;
 * scan_lockfile__extract_X() reads one into the document (see sca_int.h).
 * The registry in extract.c lists them in this order.
 */
#define SCAN_SCA_FORMATS(X) \
	X(npm_lock)            /* package-lock.json, npm-shrinkwrap.json */ \
	X(yarn_lock)           /* yarn.lock, classic and berry */ \
	X(pnpm_lock)           /* pnpm-lock.yaml */ \
	X(requirements)        /* requirements*.txt, with -r includes */ \
	X(poetry_lock)         /* poetry.lock */ \
	X(pipfile_lock)        /* Pipfile.lock */ \
	X(uv_lock)             /* uv.lock */ \
	X(pyproject)           /* pyproject.toml declared dependencies */ \
	X(cargo_lock)          /* Cargo.lock */ \
	X(go_mod)              /* go.mod, with go.sum beside it */ \
	X(pom)                 /* pom.xml */ \
	X(gradle_lock)         /* gradle.lockfile, *.lockfile of Gradle */ \
	X(gradle_verification) /* gradle/verification-metadata.xml */ \
	X(nuget_lock)          /* packages.lock.json */ \
	X(csproj)              /* *.csproj PackageReference */ \
	X(gemfile_lock)        /* Gemfile.lock, gems.locked */ \
	X(composer_lock)       /* composer.lock */ \
	X(dpkg_status)         /* var/lib/dpkg/status of a root file system */ \
	X(apk_installed)       /* lib/apk/db/installed of a root file system */ \
	X(cyclonedx_json)      /* bom.json, *.cdx.json: an SBOM scanned without source */ \
	X(spdx_json)           /* *.spdx.json */ \
	X(npm_manifest)        /* package.json with no lockfile beside or above it */ \
	X(composer_manifest)   /* composer.json with no composer.lock beside it */ \
	X(gemfile)             /* Gemfile, gems.rb with no Gemfile.lock beside it */

#define SCAN_SCA_DECLARE(f) \
	bool scan_lockfile__is_##f(const char *path, const char *base); \
	int scan_lockfile__extract_##f(scan_sca_doc *d, const char *text, size_t len);
SCAN_SCA_FORMATS(SCAN_SCA_DECLARE)
#undef SCAN_SCA_DECLARE

#endif

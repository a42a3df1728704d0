/* lib/source/git.c - what libgit2 tells us about a work tree, and clones */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <git2.h>
#include "scan/buf.h"
#include "util/error.h"
#include "internal.h"
#include "rmtree.h"
#include "source.h"

/* A bad token must end in an error, not in libgit2 asking again forever. */
#define GIT_AUTH_ATTEMPTS_MAX 3
#define GIT_REMOTE_HEAD_PREFIX "refs/remotes/origin/"
#define GIT_TMPDIR_TEMPLATE "rampart-clone-XXXXXX"
#define GIT_REASON_MAX 256

static pthread_once_t git_once = PTHREAD_ONCE_INIT;
static int git_init_result;

static void git_init_once(void)
{
	git_init_result = git_libgit2_init();
	/*
	 * CI jobs scan checkouts made by another user (containers, runners).
	 * The ownership check guards against a repository's config running
	 * programs; libgit2 runs none, and the scanner only reads, so it only
	 * gets in the way here.
	 */
	if (git_init_result >= 0)
		git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
}

/*
 * libgit2 must be initialised before any call and its reference count never
 * dropped by us: other threads may be using it, so the library stays up
 * until the process ends.
 */
int scan_source__git_ready(void)
{
	pthread_once(&git_once, git_init_once);
	if (git_init_result < 0)
		return scan_util__error(SCAN_EGIT, "cannot initialise libgit2");
	return 0;
}

static bool has_prefix_nocase(const char *s, const char *prefix)
{
	return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

/*
 * libgit2's reason for the last failure, fit to follow a colon: no trailing
 * full stop, and withheld when it quotes a secret, because messages end up
 * in logs and reports.
 */
static const char *git_reason(char *buf, size_t size, const char *const *secrets, size_t nsecrets)
{
	const git_error *e = git_error_last();
	size_t len;

	if (!e || !e->message || !*e->message)
		return "unknown error";
	for (size_t i = 0; i < nsecrets; i++)
		if (secrets[i] && *secrets[i] && strstr(e->message, secrets[i]))
			return "the reason given by libgit2 contained credentials";
	snprintf(buf, size, "%s", e->message);
	len = strlen(buf);
	while (len > 0 && (buf[len - 1] == '.' || buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return buf;
}

static int dup_or_oom(char **out, const char *s)
{
	if ((*out = strdup(s)) == NULL)
		return scan_error__oom();
	return 0;
}

static bool git_ref_exists(git_repository *repo, const char *name)
{
	git_reference *ref = NULL;
	bool found = git_reference_lookup(&ref, repo, name) == 0;

	git_reference_free(ref);
	return found;
}

static bool git_branch_known(git_repository *repo, const char *branch)
{
	scan_buf b;
	bool found;

	scan_buf_init(&b, 0);
	scan_buf_printf(&b, "refs/heads/%s", branch);
	found = !scan_buf_failed(&b) && git_ref_exists(repo, b.ptr);
	scan_buf_clear(&b);
	scan_buf_printf(&b, GIT_REMOTE_HEAD_PREFIX "%s", branch);
	found = found || (!scan_buf_failed(&b) && git_ref_exists(repo, b.ptr));
	scan_buf_dispose(&b);
	return found;
}

/* Origin's HEAD as a clone records it, else main, else master; *out NULL if none. */
static int git_default_branch(char **out, git_repository *repo)
{
	static const char *const fallbacks[] = { "main", "master" };
	git_reference *ref = NULL;
	const char *target;
	int rc = 0;

	*out = NULL;
	if (git_reference_lookup(&ref, repo, GIT_REMOTE_HEAD_PREFIX "HEAD") == 0 &&
	    git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC &&
	    (target = git_reference_symbolic_target(ref)) != NULL &&
	    strncmp(target, GIT_REMOTE_HEAD_PREFIX, strlen(GIT_REMOTE_HEAD_PREFIX)) == 0 &&
	    target[strlen(GIT_REMOTE_HEAD_PREFIX)] != '\0') {
		rc = dup_or_oom(out, target + strlen(GIT_REMOTE_HEAD_PREFIX));
		goto done;
	}
	for (size_t i = 0; i < sizeof(fallbacks) / sizeof(fallbacks[0]); i++)
		if (git_branch_known(repo, fallbacks[i])) {
			rc = dup_or_oom(out, fallbacks[i]);
			goto done;
		}
done:
	git_reference_free(ref);
	return rc;
}

static int git_read_head(scan_source_git *g)
{
	git_reference *head = NULL;
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	const char *target;
	int err, rc = 0;

	/* HEAD itself, not its resolution, so an unborn branch still has a name. */
	if ((err = git_reference_lookup(&head, g->repo, "HEAD")) < 0) {
		char why[GIT_REASON_MAX];

		rc = scan_util__error(SCAN_EGIT, "cannot read HEAD of '%s': %s", g->workdir,
		                      git_reason(why, sizeof(why), NULL, 0));
		goto done;
	}
	if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC) {
		target = git_reference_symbolic_target(head);
		if (target && strncmp(target, "refs/heads/", strlen("refs/heads/")) == 0 &&
		    (rc = dup_or_oom(&g->branch, target + strlen("refs/heads/"))) != 0)
			goto done;
	} else {
		g->detached = true;
	}
	err = git_reference_name_to_id(&oid, g->repo, "HEAD");
	if (err == GIT_ENOTFOUND || err == GIT_EUNBORNBRANCH)
		goto done;
	if (err < 0) {
		char why[GIT_REASON_MAX];

		rc = scan_util__error(SCAN_EGIT, "cannot resolve HEAD of '%s': %s", g->workdir,
		                      git_reason(why, sizeof(why), NULL, 0));
		goto done;
	}
	git_oid_tostr(hex, sizeof(hex), &oid);
	rc = dup_or_oom(&g->commit, hex);
done:
	git_reference_free(head);
	return rc;
}

static int git_read_origin(scan_source_git *g)
{
	git_config *cfg = NULL;
	const char *url;
	int rc = 0;

	/*
	 * The configured value, read directly: git_remote_lookup matches config
	 * names with PCRE2, which libgit2 1.5 leaks on every call (fixed upstream
	 * by libgit2 PR #6382), and the server inspects a tree per scan. A missing
	 * or unreadable origin only means the facts come from the directory.
	 */
	if (git_repository_config_snapshot(&cfg, g->repo) < 0 ||
	    git_config_get_string(&url, cfg, "remote.origin.url") < 0 || !*url)
		goto done;
	if ((g->origin_url = strdup(url)) == NULL)
		rc = scan_error__oom();
done:
	git_config_free(cfg);
	return rc;
}

int scan_source__git_inspect(scan_source_git *out, bool *found, const char *dir)
{
	git_repository *repo = NULL;
	const char *workdir;
	char why[GIT_REASON_MAX];
	int err, rc;

	memset(out, 0, sizeof(*out));
	*found = false;
	if ((rc = scan_source__git_ready()) != 0)
		return rc;
	err = git_repository_open_ext(&repo, dir, 0, NULL);
	if (err == GIT_ENOTFOUND)
		return 0;
	if (err < 0)
		return scan_util__error(SCAN_EGIT, "cannot open repository at '%s': %s", dir,
		                        git_reason(why, sizeof(why), NULL, 0));
	/* A bare repository has no tree to walk; it is scanned as the directory it is. */
	if (git_repository_is_bare(repo) || (workdir = git_repository_workdir(repo)) == NULL) {
		git_repository_free(repo);
		return 0;
	}
	out->repo = repo;
	if ((out->workdir = realpath(workdir, NULL)) == NULL) {
		char os[128];

		rc = scan_util__error(errno == ENOMEM ? SCAN_ENOMEM : SCAN_EIO, "cannot resolve '%s': %s",
		                      workdir, scan_source__strerror(errno, os, sizeof(os)));
		goto done;
	}
	if ((rc = git_read_head(out)) != 0 || (rc = git_read_origin(out)) != 0 ||
	    (rc = git_default_branch(&out->default_branch, repo)) != 0)
		goto done;
	*found = true;
done:
	if (rc != 0)
		scan_source__git_dispose(out);
	return rc;
}

void scan_source__git_dispose(scan_source_git *g)
{
	if (!g)
		return;
	git_repository_free(g->repo);
	free(g->workdir);
	free(g->branch);
	free(g->commit);
	free(g->origin_url);
	free(g->default_branch);
	memset(g, 0, sizeof(*g));
}

bool scan_source__git_has_branch(const scan_source_git *g, const char *name)
{
	git_reference *ref = NULL;
	bool found;

	found = git_branch_lookup(&ref, g->repo, name, GIT_BRANCH_LOCAL) == 0;
	git_reference_free(ref);
	return found;
}

int scan_source__git_credentials(git_credential **out, const char *url,
                                 const char *username_from_url, unsigned int allowed_types,
                                 void *payload)
{
	scan_source_auth *auth = payload;
	const char *token, *user;

	if (++auth->attempts > GIT_AUTH_ATTEMPTS_MAX) {
		auth->refusal = SCAN_SOURCE_AUTH_FAILED;
		return GIT_EAUTH;
	}
	if (has_prefix_nocase(url, "http://")) {
		auth->refusal = SCAN_SOURCE_AUTH_PLAIN_HTTP;
		return GIT_EAUTH;
	}
	if (has_prefix_nocase(url, "https://")) {
		if (!(allowed_types & GIT_CREDENTIAL_USERPASS_PLAINTEXT)) {
			auth->refusal = SCAN_SOURCE_AUTH_UNSUPPORTED;
			return GIT_EAUTH;
		}
		token = auth->token;
		if (!token || !*token) {
			auth->refusal = SCAN_SOURCE_AUTH_NO_TOKEN;
			return GIT_EAUTH;
		}
		/* GitHub's documented user for tokens; GitLab and Bitbucket ignore the user. */
		return git_credential_userpass_plaintext_new(out, "x-access-token", token);
	}
	/* ssh:// and scp-like: the hosting services all log in as "git". */
	user = username_from_url && *username_from_url ? username_from_url : "git";
	if (allowed_types & GIT_CREDENTIAL_USERNAME)
		return git_credential_username_new(out, user);
	if (allowed_types & GIT_CREDENTIAL_SSH_KEY)
		return git_credential_ssh_key_from_agent(out, user);
	auth->refusal = SCAN_SOURCE_AUTH_UNSUPPORTED;
	return GIT_EAUTH;
}

int scan_source__mkdtemp(char **out, const char *base, const char *template)
{
	scan_buf path;
	size_t len;
	char os[128];
	int rc = 0;

	*out = NULL;
	scan_buf_init(&path, 0);
	if (!base || !*base)
		base = "/tmp";
	len = strlen(base);
	while (len > 1 && base[len - 1] == '/')
		len--;
	scan_buf_put(&path, base, len);
	scan_buf_putc(&path, '/');
	scan_buf_puts(&path, template);
	if ((rc = scan_buf_failed(&path)) != 0) {
		rc = rc == SCAN_ENOMEM ? scan_error__oom()
		                       : scan_util__error(rc, "cannot create a directory in '%s': path too long", base);
		goto done;
	}
	/* mkdtemp creates the directory with mode 0700: a clone may hold private code. */
	if (!mkdtemp(path.ptr)) {
		rc = scan_util__error(SCAN_EIO, "cannot create a temporary directory in '%.*s': %s",
		                      (int)len, base, scan_source__strerror(errno, os, sizeof(os)));
		goto done;
	}
	/* Absolute and real, so removing it later does not depend on the working directory. */
	if ((*out = realpath(path.ptr, NULL)) == NULL) {
		rc = scan_util__error(errno == ENOMEM ? SCAN_ENOMEM : SCAN_EIO, "cannot resolve '%s': %s",
		                      path.ptr, scan_source__strerror(errno, os, sizeof(os)));
		scan_source__rmtree(path.ptr);
	}
done:
	scan_buf_dispose(&path);
	return rc;
}

static const char *auth_reason(char *buf, size_t size, const scan_source_auth *auth)
{
	switch (auth->refusal) {
	case SCAN_SOURCE_AUTH_FAILED:
		return "authentication failed";
	case SCAN_SOURCE_AUTH_NO_TOKEN:
		snprintf(buf, size, "authentication required; put a token in %s",
		         auth->hint && *auth->hint ? auth->hint : "the scan's git token");
		return buf;
	case SCAN_SOURCE_AUTH_PLAIN_HTTP:
		return "authentication required, and credentials are never sent over plain http";
	case SCAN_SOURCE_AUTH_UNSUPPORTED:
		return "authentication required by a method other than a token or an ssh key";
	case SCAN_SOURCE_AUTH_OK:
		break;
	}
	return NULL;
}

/*
 * The password of a scheme URL's user info, which libgit2 could echo in an
 * error; *out NULL when there is none.
 */
static int url_password(char **out, const char *url)
{
	const char *auth = strstr(url, "://"), *end, *at = NULL, *colon;

	*out = NULL;
	if (!auth)
		return 0;
	auth += 3;
	end = auth + strcspn(auth, "/?#");
	for (const char *p = auth; p < end; p++)
		if (*p == '@')
			at = p;
	if (!at || (colon = memchr(auth, ':', (size_t)(at - auth))) == NULL || colon + 1 == at)
		return 0;
	if ((*out = strndup(colon + 1, (size_t)(at - colon - 1))) == NULL)
		return scan_error__oom();
	return 0;
}

/*
 * The clone's origin, without url.<base>.insteadOf rewriting: a rewrite in
 * the user's git configuration could add credentials to the URL, and https
 * credentials must come from the scan's token alone. (It also avoids the config
 * scan through which libgit2 1.5 leaks PCRE2 match data.)
 */
static int git_clone_remote(git_remote **out, git_repository *repo, const char *name,
                            const char *url, void *payload)
{
	const char *fetchspec = payload; /* NULL: every branch */
	git_remote_create_options o;
	int err;

	if ((err = git_remote_create_options_init(&o, GIT_REMOTE_CREATE_OPTIONS_VERSION)) < 0)
		return err;
	o.repository = repo;
	o.name = name;
	o.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF;
	if (fetchspec) {
		o.fetchspec = fetchspec;
		o.flags |= GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC;
	}
	return git_remote_create_with_opts(out, url, &o);
}

/*
 * The branches and tags url advertises (peeled "^{}" entries aside) and the
 * branch its HEAD names (*head: malloc'd, NULL when none). A remote of its
 * own, not configured (no insteadOf), with its own credential attempts;
 * any failure is left to the clone to report.
 */
static int probe_refs(size_t *count, char **head, const char *url, const scan_source_options *opts)
{
	scan_source_auth auth = { opts->git_token, opts->git_token_hint, 0, SCAN_SOURCE_AUTH_OK };
	const git_remote_head **heads;
	git_remote_callbacks cb;
	git_proxy_options px;
	git_remote *r = NULL;
	size_t n;
	int err;

	*count = 0;
	*head = NULL;
	git_remote_init_callbacks(&cb, GIT_REMOTE_CALLBACKS_VERSION);
	cb.credentials = scan_source__git_credentials;
	cb.payload = &auth;
	git_proxy_options_init(&px, GIT_PROXY_OPTIONS_VERSION);
	px.type = GIT_PROXY_AUTO;
	if ((err = git_remote_create_detached(&r, url)) < 0 ||
	    (err = git_remote_connect(r, GIT_DIRECTION_FETCH, &cb, &px, NULL)) < 0 ||
	    (err = git_remote_ls(&heads, &n, r)) < 0)
		goto done;
	for (size_t i = 0; i < n; i++) {
		const char *name = heads[i]->name;
		size_t len = strlen(name);
		if (len > 3 && !strcmp(name + len - 3, "^{}"))
			continue;
		if (!strncmp(name, "refs/heads/", 11) || !strncmp(name, "refs/tags/", 10))
			(*count)++;
		else if (!strcmp(name, "HEAD") && heads[i]->symref_target && !*head &&
		         !strncmp(heads[i]->symref_target, "refs/heads/", 11) &&
		         !(*head = strdup(heads[i]->symref_target + 11)))
			err = -1;
	}
done:
	git_remote_free(r);
	return err;
}

/*
 * git_clone() always fetches every tag; a remote past the cap is cloned by
 * hand: origin with the one branch's refspec, a fetch without tags, the
 * local branch, HEAD and a checkout, as git_clone() would. origin/HEAD is
 * set when the branch is the remote's HEAD (head).
 */
static int narrow_clone(git_repository **out, const char *url, const char *dir, const char *b, const char *head,
                        const char *fetchspec, const git_fetch_options *fo)
{
	git_repository *repo = NULL;
	git_remote *remote = NULL;
	git_reference *tracking = NULL, *local = NULL, *origin_head = NULL;
	git_commit *commit = NULL;
	git_checkout_options ck;
	git_fetch_options f = *fo;
	scan_buf name = SCAN_BUF_INIT;
	int err;

	f.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
	scan_buf_printf(&name, "refs/remotes/origin/%s", b);
	if (scan_buf_failed(&name)) {
		err = -1;
		goto done;
	}
	if ((err = git_repository_init(&repo, dir, 0)) < 0 ||
	    (err = git_clone_remote(&remote, repo, "origin", url, (void *)(uintptr_t)fetchspec)) < 0 ||
	    (err = git_remote_fetch(remote, NULL, &f, NULL)) < 0 ||
	    (err = git_reference_lookup(&tracking, repo, name.ptr)) < 0 ||
	    (err = git_commit_lookup(&commit, repo, git_reference_target(tracking))) < 0 ||
	    (err = git_branch_create(&local, repo, b, commit, 0)) < 0 ||
	    (err = git_repository_set_head(repo, git_reference_name(local))) < 0)
		goto done;
	if (head && !strcmp(head, b) &&
	    (err = git_reference_symbolic_create(&origin_head, repo, "refs/remotes/origin/HEAD", name.ptr, 0, NULL)) < 0)
		goto done;
	git_checkout_options_init(&ck, GIT_CHECKOUT_OPTIONS_VERSION);
	ck.checkout_strategy = GIT_CHECKOUT_SAFE;
	if ((err = git_checkout_head(repo, &ck)) < 0)
		goto done;
	*out = repo;
	repo = NULL;
done:
	git_reference_free(origin_head);
	git_reference_free(local);
	git_commit_free(commit);
	git_reference_free(tracking);
	git_remote_free(remote);
	git_repository_free(repo);
	scan_buf_dispose(&name);
	return err;
}

int scan_source__git_clone(char **tmpdir_out, const char *url, const char *branch,
                           const scan_source_options *opts, uint64_t *refs_left_out)
{
	git_clone_options co;
	scan_source_auth auth = { opts->git_token, opts->git_token_hint, 0, SCAN_SOURCE_AUTH_OK };
	git_repository *repo = NULL;
	char *display = NULL, *password = NULL, *tmpdir = NULL, *head = NULL;
	scan_buf narrow = SCAN_BUF_INIT;
	size_t nrefs = 0;
	const char *fetch_url, *reason;
	const git_error *e;
	char why[GIT_REASON_MAX];
	int err, rc;

	assert(tmpdir_out && url && opts && refs_left_out);
	*tmpdir_out = NULL;
	*refs_left_out = 0;
	if ((rc = scan_source__git_ready()) != 0)
		return rc;
	if ((display = scan_source__redact_url(url)) == NULL) {
		rc = scan_error__oom();
		goto done;
	}
	/*
	 * Only ssh needs the user of the URL. Elsewhere the clone fetches from
	 * the redacted URL, so https credentials come from the token alone and
	 * none are written into the clone's config.
	 */
	fetch_url = has_prefix_nocase(url, "ssh://") ||
	            (scan_source__is_url(url) && !strstr(url, "://")) ? url : display;
	if ((rc = url_password(&password, url)) != 0 || (rc = scan_source__mkdtemp(&tmpdir, opts->tmp_dir, GIT_TMPDIR_TEMPLATE)) != 0)
		goto done;

	/* The function, not GIT_CLONE_OPTIONS_INIT, which leaves fields to -Wextra's complaint. */
	git_clone_options_init(&co, GIT_CLONE_OPTIONS_VERSION);

	co.checkout_branch = branch;
	co.remote_cb = git_clone_remote;
	co.fetch_opts.callbacks.credentials = scan_source__git_credentials;
	co.fetch_opts.callbacks.payload = &auth;
	/* certificate_check stays NULL: libgit2 verifies TLS certificates itself. */
	co.fetch_opts.proxy_opts.type = GIT_PROXY_AUTO;
	/* Past the cap, the one branch the scan reads, and no tags. */
	if (probe_refs(&nrefs, &head, fetch_url, opts) == 0 && nrefs > SCAN_SOURCE_CLONE_REFS_MAX &&
	    (branch || head)) {
		const char *b = branch ? branch : head;
		scan_buf_printf(&narrow, "+refs/heads/%s:refs/remotes/origin/%s", b, b);
		if (scan_buf_failed(&narrow)) {
			rc = scan_error__oom();
			goto done;
		}
		*refs_left_out = nrefs - 1;
		err = narrow_clone(&repo, fetch_url, tmpdir, b, head, narrow.ptr, &co.fetch_opts);
	} else {
		err = git_clone(&repo, fetch_url, tmpdir, &co);
	}
	if (err == 0)
		goto done;

	e = git_error_last();
	if ((reason = auth_reason(why, sizeof(why), &auth)) != NULL) {
		rc = scan_util__error(SCAN_EGIT, "cannot clone '%s': %s", display, reason);
	} else if (err == GIT_ENOTFOUND && branch && e && e->klass == GIT_ERROR_REFERENCE) {
		/* checkout_branch names a branch the remote does not have. */
		rc = scan_util__error(SCAN_EINVAL, "cannot clone '%s': no branch '%s' there", display, branch);
	} else {
		const char *secrets[] = { password, opts->git_token };

		rc = scan_util__error(SCAN_EGIT, "cannot clone '%s': %s", display,
		                      git_reason(why, sizeof(why), secrets, sizeof(secrets) / sizeof(secrets[0])));
	}
done:
	git_repository_free(repo);
	if (rc != 0 && tmpdir) {
		scan_source__rmtree(tmpdir);
		free(tmpdir);
		tmpdir = NULL;
	}
	*tmpdir_out = tmpdir;
	if (rc)
		*refs_left_out = 0;
	free(display);
	free(password);
	free(head);
	scan_buf_dispose(&narrow);
	return rc;
}

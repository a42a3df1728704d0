/* lib/util/beneath.c - open a path below a directory without resolving out of it */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__linux__) && defined(SYS_openat2) && defined(__has_include)
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define HAVE_OPENAT2 1
#endif
#endif
#include "util/beneath.h"

#ifndef NAME_MAX
#define NAME_MAX 255
#endif

static int fail(int err)
{
	errno = err;
	return -1;
}

/* A symlink met at (dirfd, name) during the walk: 0 and the target in link, -1 when it is no link, or an errno. */
static int read_link(int dirfd, const char *name, char *link, size_t cap)
{
	struct stat st;
	ssize_t n;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno;
	if (!S_ISLNK(st.st_mode))
		return -1; /* the caller keeps its own error */
	if ((n = readlinkat(dirfd, name, link, cap - 1)) < 0)
		return errno;
	if ((size_t)n >= cap - 1)
		return ENAMETOOLONG;
	link[n] = '\0';
	return 0;
}

int scan_util__open_beneath_walk(int root_fd, const char *relpath, int flags, const char *link_root)
{
	char path[SCAN_BENEATH_PATH_MAX], spliced[SCAN_BENEATH_PATH_MAX], link[SCAN_BENEATH_PATH_MAX];
	char name[NAME_MAX + 1];
	int stack[SCAN_BENEATH_DEPTH_MAX];
	size_t depth = 0, pos = 0, len = strlen(relpath);
	unsigned links = 0;
	int fd = -1, err = 0;

	if (len >= sizeof(path))
		return fail(ENAMETOOLONG);
	if (relpath[0] == '/')
		return fail(EXDEV);
	memcpy(path, relpath, len + 1);
	for (;;) {
		int top = depth ? stack[depth - 1] : root_fd;
		size_t start, clen, after;
		bool last;

		while (path[pos] == '/')
			pos++;
		if (!path[pos]) {
			/* "" or a trailing slash: the directory reached so far itself */
			if ((fd = openat(top, ".", flags | O_CLOEXEC)) < 0)
				err = errno;
			break;
		}
		for (start = pos; path[pos] && path[pos] != '/'; pos++)
			;
		if ((clen = pos - start) > NAME_MAX) {
			err = ENAMETOOLONG;
			break;
		}
		memcpy(name, path + start, clen);
		name[clen] = '\0';
		for (after = pos; path[after] == '/'; after++)
			;
		last = path[after] == '\0' && after == pos; /* "d/" opens d as a directory, below */
		if (!strcmp(name, "."))
			continue;
		if (!strcmp(name, "..")) {
			if (!depth) {
				err = EXDEV; /* above the root */
				break;
			}
			close(stack[--depth]);
			continue;
		}
		if (last)
			fd = openat(top, name, flags | O_NOFOLLOW | O_CLOEXEC);
		else
			fd = openat(top, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0) {
			if (last)
				break;
			if (depth == SCAN_BENEATH_DEPTH_MAX) {
				close(fd);
				fd = -1;
				err = ENAMETOOLONG;
				break;
			}
			stack[depth++] = fd;
			fd = -1;
			continue;
		}
		err = errno;
		/* O_NOFOLLOW refused a symlink (ELOOP, or ENOTDIR for a directory): follow it here, or refuse. */
		if (err != ELOOP && err != ENOTDIR)
			break;
		{
			int lerr = read_link(top, name, link, sizeof(link));
			const char *target = link;
			size_t tlen, rlen;

			if (lerr < 0)
				break; /* not a link after all: keep openat's error */
			if (lerr > 0) {
				err = lerr;
				break;
			}
			if (!link_root || ++links > SCAN_BENEATH_SYMLINKS_MAX) {
				err = ELOOP;
				break;
			}
			if (link[0] == '/') {
				size_t lr = strlen(link_root);
				while (lr > 1 && link_root[lr - 1] == '/')
					lr--;
				if (strncmp(link, link_root, lr) != 0 || (link[lr] != '/' && link[lr] != '\0')) {
					err = EXDEV; /* an absolute link out of the tree */
					break;
				}
				target = link + lr;
				while (depth)
					close(stack[--depth]);
			}
			/* The rest of the path now follows the link's target. */
			tlen = strlen(target);
			rlen = strlen(path + pos);
			if (tlen + 1 + rlen >= sizeof(spliced)) {
				err = ENAMETOOLONG;
				break;
			}
			memcpy(spliced, target, tlen);
			spliced[tlen] = '/';
			memcpy(spliced + tlen + 1, path + pos, rlen + 1);
			memcpy(path, spliced, tlen + 1 + rlen + 1);
			pos = 0;
			err = 0;
		}
	}
	while (depth)
		close(stack[--depth]);
	if (fd < 0)
		return fail(err ? err : EIO);
	return fd;
}

#ifdef HAVE_OPENAT2
/* Set once the kernel says it has no openat2, so the walk is used without asking again. */
static atomic_int no_openat2;
#endif

int scan_util__open_beneath(int root_fd, const char *relpath, int flags, const char *link_root)
{
#ifdef HAVE_OPENAT2
	if (!atomic_load_explicit(&no_openat2, memory_order_relaxed)) {
		struct open_how how;
		long fd = -1;
		int err = 0;

		memset(&how, 0, sizeof(how));
		how.flags = (uint64_t)(unsigned)(flags | O_CLOEXEC | (link_root ? 0 : O_NOFOLLOW));
		how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (link_root ? 0 : RESOLVE_NO_SYMLINKS);
		/* EAGAIN: a rename raced the lookup; the kernel asks for a retry. */
		for (int tries = 0; tries < 4; tries++) {
			if ((fd = syscall(SYS_openat2, root_fd, relpath, &how, sizeof(how))) >= 0)
				return (int)fd;
			if ((err = errno) != EAGAIN && err != EINTR)
				break;
		}
		if (err == ENOSYS)
			atomic_store_explicit(&no_openat2, 1, memory_order_relaxed);
		/*
		 * The walk decides: without openat2 (ENOSYS, or EPERM from a
		 * seccomp filter), flags an old kernel does not know (EINVAL,
		 * E2BIG), a retry that kept failing, and - when links may be
		 * followed - an absolute link, which RESOLVE_BENEATH refuses even
		 * when it names a path inside the tree.
		 */
		if (err != ENOSYS && err != EPERM && err != EINVAL && err != E2BIG && err != EAGAIN &&
		    !(err == EXDEV && link_root)) {
			errno = err;
			return -1;
		}
	}
#endif
	return scan_util__open_beneath_walk(root_fd, relpath, flags, link_root);
}

bool scan_util__dir_beneath(const char *root, const char *relpath)
{
	int root_fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd = -1;

	if (root_fd >= 0)
		fd = scan_util__open_beneath(root_fd, relpath, O_RDONLY | O_DIRECTORY, NULL);
	if (fd >= 0)
		close(fd);
	if (root_fd >= 0)
		close(root_fd);
	return fd >= 0;
}

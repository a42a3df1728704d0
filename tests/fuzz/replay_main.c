/* tests/fuzz/replay_main.c - run a fuzz target over every file of a corpus */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int main(int argc, char **argv)
{
	DIR *d;
	struct dirent *e;
	int count = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
		return 2;
	}
	if (!(d = opendir(argv[1]))) {
		perror(argv[1]);
		return 2;
	}
	while ((e = readdir(d)) != NULL) {
		char path[4096];
		unsigned char *buf;
		FILE *f;
		long n;

		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", argv[1], e->d_name) >= sizeof(path))
			continue;
		if (!(f = fopen(path, "rb")))
			continue;
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		fseek(f, 0, SEEK_SET);
		buf = malloc(n > 0 ? (size_t)n : 1);
		if (buf && n >= 0 && fread(buf, 1, (size_t)n, f) == (size_t)n)
			LLVMFuzzerTestOneInput(buf, (size_t)n);
		free(buf);
		fclose(f);
		count++;
	}
	closedir(d);
	printf("%d passed, 0 failed\n", count);
	return count > 0 ? 0 : 1;
}

/* lib/walk/lang.c */
#include <string.h>
#include <strings.h>
#include "lang.h"

static const char *const lang_names[SCAN_LANG__COUNT] = {
	"unknown", "python", "javascript", "typescript", "tsx", "java", "go", "c", "cpp",
	"csharp", "ruby", "php", "kotlin", "rust", "bash", "hcl", "yaml", "json",
	"dockerfile", "makefile", "xml", "toml", "markdown", "html", "css", "sql", "perl",
	"swift", "scala", "lua", "powershell", "text",
};

struct name_lang {
	const char *name;
	scan_lang lang;
};

/* Extensions, without the dot, compared case-insensitively. */
static const struct name_lang by_ext[] = {
	{ "py", SCAN_LANG_PYTHON }, { "pyw", SCAN_LANG_PYTHON }, { "pyi", SCAN_LANG_PYTHON },
	{ "js", SCAN_LANG_JAVASCRIPT }, { "mjs", SCAN_LANG_JAVASCRIPT }, { "cjs", SCAN_LANG_JAVASCRIPT },
	{ "jsx", SCAN_LANG_JAVASCRIPT }, { "ts", SCAN_LANG_TYPESCRIPT }, { "mts", SCAN_LANG_TYPESCRIPT },
	{ "cts", SCAN_LANG_TYPESCRIPT }, { "tsx", SCAN_LANG_TSX }, { "java", SCAN_LANG_JAVA },
	{ "go", SCAN_LANG_GO }, { "c", SCAN_LANG_C }, { "h", SCAN_LANG_C },
	{ "cc", SCAN_LANG_CPP }, { "cpp", SCAN_LANG_CPP }, { "cxx", SCAN_LANG_CPP },
	{ "c++", SCAN_LANG_CPP }, { "hpp", SCAN_LANG_CPP }, { "hh", SCAN_LANG_CPP },
	{ "hxx", SCAN_LANG_CPP }, { "ipp", SCAN_LANG_CPP }, { "cs", SCAN_LANG_CSHARP },
	{ "rb", SCAN_LANG_RUBY }, { "rake", SCAN_LANG_RUBY }, { "gemspec", SCAN_LANG_RUBY },
	{ "php", SCAN_LANG_PHP }, { "phtml", SCAN_LANG_PHP }, { "kt", SCAN_LANG_KOTLIN },
	{ "kts", SCAN_LANG_KOTLIN }, { "rs", SCAN_LANG_RUST }, { "sh", SCAN_LANG_BASH },
	{ "bash", SCAN_LANG_BASH }, { "zsh", SCAN_LANG_BASH }, { "ksh", SCAN_LANG_BASH },
	{ "tf", SCAN_LANG_HCL }, { "tfvars", SCAN_LANG_HCL }, { "hcl", SCAN_LANG_HCL },
	{ "yaml", SCAN_LANG_YAML }, { "yml", SCAN_LANG_YAML }, { "json", SCAN_LANG_JSON },
	{ "jsonc", SCAN_LANG_JSON }, { "json5", SCAN_LANG_JSON }, { "xml", SCAN_LANG_XML },
	{ "pom", SCAN_LANG_XML }, { "csproj", SCAN_LANG_XML }, { "toml", SCAN_LANG_TOML },
	{ "md", SCAN_LANG_MARKDOWN }, { "markdown", SCAN_LANG_MARKDOWN },
	{ "html", SCAN_LANG_HTML }, { "htm", SCAN_LANG_HTML }, { "css", SCAN_LANG_CSS },
	{ "sql", SCAN_LANG_SQL }, { "pl", SCAN_LANG_PERL }, { "pm", SCAN_LANG_PERL },
	{ "swift", SCAN_LANG_SWIFT }, { "scala", SCAN_LANG_SCALA }, { "lua", SCAN_LANG_LUA },
	{ "ps1", SCAN_LANG_POWERSHELL }, { "psm1", SCAN_LANG_POWERSHELL },
	{ "txt", SCAN_LANG_TEXT }, { "rst", SCAN_LANG_TEXT }, { "dockerfile", SCAN_LANG_DOCKERFILE },
};

/* Whole file names, exact. */
static const struct name_lang by_name[] = {
	{ "Dockerfile", SCAN_LANG_DOCKERFILE }, { "Containerfile", SCAN_LANG_DOCKERFILE },
	{ "Makefile", SCAN_LANG_MAKEFILE }, { "makefile", SCAN_LANG_MAKEFILE },
	{ "GNUmakefile", SCAN_LANG_MAKEFILE }, { "Gemfile", SCAN_LANG_RUBY },
	{ "Rakefile", SCAN_LANG_RUBY }, { "Podfile", SCAN_LANG_RUBY }, { "Vagrantfile", SCAN_LANG_RUBY },
	{ "Jenkinsfile", SCAN_LANG_UNKNOWN }, { "BUILD", SCAN_LANG_PYTHON }, { "SConstruct", SCAN_LANG_PYTHON },
	{ ".bashrc", SCAN_LANG_BASH }, { ".bash_profile", SCAN_LANG_BASH }, { ".profile", SCAN_LANG_BASH },
	{ ".zshrc", SCAN_LANG_BASH }, { "PKGBUILD", SCAN_LANG_BASH },
};

/* Interpreters named on a #! line; the basename after "env" counts too. */
static const struct name_lang by_interp[] = {
	{ "python", SCAN_LANG_PYTHON }, { "node", SCAN_LANG_JAVASCRIPT }, { "nodejs", SCAN_LANG_JAVASCRIPT },
	{ "deno", SCAN_LANG_TYPESCRIPT }, { "ts-node", SCAN_LANG_TYPESCRIPT }, { "bash", SCAN_LANG_BASH },
	{ "sh", SCAN_LANG_BASH }, { "dash", SCAN_LANG_BASH }, { "zsh", SCAN_LANG_BASH },
	{ "ksh", SCAN_LANG_BASH }, { "ruby", SCAN_LANG_RUBY }, { "php", SCAN_LANG_PHP },
	{ "perl", SCAN_LANG_PERL }, { "lua", SCAN_LANG_LUA }, { "pwsh", SCAN_LANG_POWERSHELL },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static scan_lang from_shebang(const unsigned char *head, size_t len)
{
	const char *p = (const char *)head, *end, *word, *slash;
	size_t wlen;

	if (len < 3 || p[0] != '#' || p[1] != '!')
		return SCAN_LANG_UNKNOWN;
	end = memchr(p, '\n', len);
	if (!end)
		end = p + len;
	p += 2;
	for (int pass = 0; pass < 2; pass++) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		word = p;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		slash = word;
		for (const char *q = word; q < p; q++)
			if (*q == '/')
				slash = q + 1;
		wlen = (size_t)(p - slash);
		if (wlen == 3 && !memcmp(slash, "env", 3)) {
			/* "#!/usr/bin/env -S python3 -u": skip env's own options. */
			while (p < end && (*p == ' ' || *p == '\t'))
				p++;
			while (p < end && *p == '-') {
				while (p < end && *p != ' ' && *p != '\t')
					p++;
				while (p < end && (*p == ' ' || *p == '\t'))
					p++;
			}
			continue;
		}
		/* python3.11 -> python, compare the alphabetic stem. */
		size_t stem = 0;
		while (stem < wlen && slash[stem] != '.' && !(slash[stem] >= '0' && slash[stem] <= '9'))
			stem++;
		for (size_t i = 0; i < COUNT(by_interp); i++)
			if (strlen(by_interp[i].name) == stem && !memcmp(by_interp[i].name, slash, stem))
				return by_interp[i].lang;
		return SCAN_LANG_UNKNOWN;
	}
	return SCAN_LANG_UNKNOWN;
}

scan_lang scan_lang__detect(const char *path, const unsigned char *head, size_t head_len)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	for (size_t i = 0; i < COUNT(by_name); i++)
		if (!strcmp(base, by_name[i].name))
			return by_name[i].lang;
	/* Dockerfile.prod, prod.Dockerfile */
	if (!strncmp(base, "Dockerfile.", 11) || !strncmp(base, "Containerfile.", 14))
		return SCAN_LANG_DOCKERFILE;
	dot = strrchr(base, '.');
	if (dot && dot != base) {
		for (size_t i = 0; i < COUNT(by_ext); i++)
			if (!strcasecmp(dot + 1, by_ext[i].name))
				return by_ext[i].lang;
		return SCAN_LANG_UNKNOWN;
	}
	return head ? from_shebang(head, head_len) : SCAN_LANG_UNKNOWN;
}

const char *scan_lang__name(scan_lang l)
{
	return (unsigned)l < SCAN_LANG__COUNT ? lang_names[l] : "unknown";
}

int scan_lang__is_code(scan_lang l)
{
	switch (l) {
	case SCAN_LANG_UNKNOWN: case SCAN_LANG_JSON: case SCAN_LANG_XML: case SCAN_LANG_TOML:
	case SCAN_LANG_MARKDOWN: case SCAN_LANG_TEXT: case SCAN_LANG_YAML:
		return 0;
	default:
		return 1;
	}
}

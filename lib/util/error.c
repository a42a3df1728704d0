/* lib/util/error.c - the thread-local last error */
#include <stdarg.h>
#include <stdio.h>
#include "error.h"

#define SCAN_ERROR_MSG_MAX 512

static _Thread_local char last_message[SCAN_ERROR_MSG_MAX];
static _Thread_local scan_error last = { 0, "" };

int scan_util__error(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_message, sizeof(last_message), fmt, ap);
	va_end(ap);
	/* One line: a message may quote user input with a newline in it. */
	for (char *p = last_message; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	last.code = code;
	last.message = last_message;
	return code;
}

int scan_error__oom(void)
{
	return scan_util__error(SCAN_ENOMEM, "out of memory");
}

const scan_error *scan_error_last(void)
{
	if (!last.message)
		last.message = "";
	return &last;
}

void scan_error_clear(void)
{
	last.code = 0;
	last_message[0] = '\0';
	last.message = last_message;
}

const char *scan_version(void)
{
	return SCAN_VERSION_STRING;
}

/* CGI environment accessors shared by the CGI programs. */
#include <stdlib.h>

#include "toolkit.h"

/* The raw query string of the request: whatever the client put after '?'. */
const char *cgi_query(void)
{
    const char *qs = getenv("QUERY_STRING");
    return qs;
}

/* The page served when the request names none. */
const char *cgi_default_page(void)
{
    return "index.html";
}

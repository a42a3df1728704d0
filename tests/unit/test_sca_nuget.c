/*
 * tests/unit/test_sca_nuget.c - NuGet: packages.lock.json v1 and v2, and
 * PackageReference in project files with properties, Update/Remove and
 * Central Package Management; hostile input.
 */
#include "sca_expect.h"
#include "scan/buf.h"
#include "scan/common.h"

enum {
	D = SCAN_DEP_DIRECT,
	T = SCAN_DEP_TRANSITIVE,
	DEV = SCAN_DEP_DEV,
	OPT = SCAN_DEP_OPTIONAL,
	LOC = SCAN_DEP_LOCAL,
	UNP = SCAN_DEP_UNPINNED,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define S(lit) lit, strlen(lit)

/* --- packages.lock.json --------------------------------------------------- */

static void test_lock_v1(void **state)
{
	static const sca_want w[] = {
		{ "Microsoft.Extensions.Logging.Abstractions", "6.0.4", D, 5, NULL, NULL },
		{ "Newtonsoft.Json", "13.0.3", D, 11, NULL, NULL },
		{ "Serilog", "3.1.1", D, 17, NULL, NULL },
		/* the edge is written "serilog": ids ignore case */
		{ "Serilog.Sinks.Console", "5.0.1", D, 23, "Serilog@3.1.1", NULL },
		{ "System.Text.Encodings.Web", "8.0.0", T, 32, NULL, NULL },
		{ "System.Text.Json", "8.0.0", T, 40, "System.Text.Encodings.Web@8.0.0", NULL },
		/* one component for both frameworks, an edge to each framework's version */
		{ "mylib.core", NULL, LOC, 49,
		  "Microsoft.Extensions.Logging.Abstractions@6.0.4 Microsoft.Extensions.Logging.Abstractions@8.0.0 "
		  "Newtonsoft.Json@13.0.3 System.Text.Json@8.0.0", NULL },
		{ "Microsoft.Extensions.Logging.Abstractions", "8.0.0", D, 59,
		  "Microsoft.Extensions.DependencyInjection.Abstractions@8.0.0", NULL },
		{ "Microsoft.Extensions.DependencyInjection.Abstractions", "8.0.0", T, 89, NULL, NULL },
		{ "runtime.native.System.IO.Ports", "8.0.0", T, 103,
		  "runtime.linux-x64.runtime.native.System.IO.Ports@8.0.0", NULL },
		{ "runtime.linux-x64.runtime.native.System.IO.Ports", "8.0.0", T, 111, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_nuget_lock, "nuget", "lockv1/packages.lock.json", w, N(w));
}

static void test_lock_v2_central_transitive(void **state)
{
	static const sca_want w[] = {
		/* System.Text.Json is asked for at 4.7.2 and pinned centrally to 8.0.4 */
		{ "Azure.Identity", "1.10.4", D, 5, "Azure.Core@1.36.0 Microsoft.Identity.Client@4.56.0 System.Text.Json@8.0.4", NULL },
		{ "Dapper", "2.1.24", D, 16, NULL, NULL },
		{ "Azure.Core", "1.36.0", T, 22, "System.Memory.Data@1.0.2 System.Text.Json@8.0.4", NULL },
		{ "Microsoft.Identity.Client", "4.56.0", T, 31, NULL, NULL },
		{ "System.Memory.Data", "1.0.2", T, 36, "System.Text.Json@8.0.4", NULL },
		{ "api.shared", NULL, LOC, 45, "Dapper@2.1.24", NULL },
		{ "System.Text.Json", "8.0.4", T, 51, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_nuget_lock, "nuget", "cpm/src/Api/packages.lock.json", w, N(w));
}

static void test_lock_escaped_names(void **state)
{
	/* A name that is not in the text as written: later lines are unknown, nothing breaks. */
	static const sca_want w[] = {
		{ "A", "1.0.0", D, 5, NULL, NULL },
		{ "Foo.Bar", "2.0.0", T, 0, NULL, NULL },
		{ "Z", "3.0.0", T, 0, "Foo.Bar@2.0.0", NULL },
	};

	(void)state;
	sca_expect_text(scan_lockfile__extract_nuget_lock, "packages.lock.json",
	            "{\n  \"version\": 1,\n  \"dependencies\": {\n    \"net8.0\": {\n"
	            "      \"A\": { \"type\": \"Direct\", \"resolved\": \"1.0.0\" },\n"
	            "      \"Foo\\u002eBar\": { \"type\": \"Transitive\", \"resolved\": \"2.0.0\" },\n"
	            "      \"Z\": { \"type\": \"Transitive\", \"resolved\": \"3.0.0\", \"dependencies\": { \"FOO.BAR\": \"2.0.0\" } }\n"
	            "    }\n  }\n}\n",
	            w, N(w));
}

static void test_lock_refused(void **state)
{
	(void)state;
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json", S("{\"version\": 3, \"dependencies\": {}}"),
	             SCAN_EPARSE, "packages.lock.json: unsupported lock file version 3");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json", S("{\"dependencies\": {}}"), SCAN_EPARSE,
	             "not a NuGet lock file");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json", S("[1, 2]"), SCAN_EPARSE,
	             "not a NuGet lock file");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json", S("{\"version\": 1}"), SCAN_EPARSE,
	             "no \"dependencies\" object");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json",
	             S("{\"version\": 1, \"dependencies\": {\"net8.0\": []}}"), SCAN_EPARSE, "is not an object");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json",
	             S("{\"version\": 1, \"dependencies\": {\"net8.0\": {\"A\": 1}}}"), SCAN_EPARSE,
	             "package 'A' is not an object");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json",
	             S("{\"version\": 1, \"dependencies\": {\"net8.0\": {\"A\": {\"resolved\": \"1\"}, "
	               "\"A\": {\"resolved\": \"2\"}}}}"),
	             SCAN_EPARSE, "duplicate key 'A'");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json", S("{\"version\": 1,\n\"dependencies\": {"),
	             SCAN_EPARSE, "not valid JSON");
	sca_expect_error(scan_lockfile__extract_nuget_lock, "packages.lock.json",
	             S("{\"version\": 1, \"dependencies\": {\"net8.0\": {\"A\": {\"type\": \"Direct\", \"resolved\": \"1\\n2\"}}}}"),
	             SCAN_EPARSE, "invalid version of 'A'");
}

/* --- *.csproj ------------------------------------------------------------- */

static void test_csproj_plain(void **state)
{
	static const sca_want w[] = {
		{ "Serilog", "3.1.1", D, 23, NULL, NULL },
		{ "Microsoft.AspNetCore.Authentication.JwtBearer", "8.0.0", D, 24, NULL, NULL },
		/* EfVersion differs between Debug and Release */
		{ "Microsoft.EntityFrameworkCore.SqlServer", NULL, D | UNP, 25, NULL, NULL },
		/* the default-unless-set idiom */
		{ "Polly", "8.2.0", D, 26, NULL, NULL },
		{ "Swashbuckle.AspNetCore", "6.5.0", D, 27, NULL, NULL },
		{ "StyleCop.Analyzers", "1.2.0-beta.556", D | DEV, 30, NULL, NULL },
		{ "Microsoft.SourceLink.GitHub", "8.0.0", D | DEV, 34, NULL, NULL },
		{ "AutoMapper", "12.0.1", D, 35, NULL, NULL },
		{ "MediatR", NULL, D | UNP, 36, NULL, NULL },
		{ "FluentValidation", NULL, D | UNP, 37, NULL, NULL },
		/* Update re-pins it; CodeGeneration.Design is removed */
		{ "Newtonsoft.Json", "13.0.3", D, 38, NULL, NULL },
		{ "System.Text.Json", "8.0.4", D, 43, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_csproj, "nuget", "plain/Web.csproj", w, N(w));
}

static void test_csproj_central_nested(void **state)
{
	/* src/Directory.Packages.props imports ../Directory.Packages.props and re-pins Npgsql. */
	static const sca_want w[] = {
		{ "OpenTelemetry", "1.7.0", D, 9, NULL, NULL },
		{ "OpenTelemetry.Exporter.Console", "1.7.0", D, 10, NULL, NULL },
		{ "Dapper", "2.1.24", D, 11, NULL, NULL },
		{ "Npgsql", "8.0.2", D, 12, NULL, NULL },
		{ "System.Text.Json", "8.0.5", D, 13, NULL, NULL },
		{ "Serilog", "3.1.1", D, 14, NULL, NULL },
		{ "Polly", "8.2.1", D, 15, NULL, NULL },
		{ "Humanizer", NULL, D | UNP, 16, NULL, NULL },
		{ "Nerdbank.GitVersioning", "3.6.133", D | DEV, 0, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_csproj, "nuget", "cpm/src/Api/Api.csproj", w, N(w));
}

static void test_csproj_central_test_project(void **state)
{
	/* Microsoft.NET.Test.Sdk makes a test project: everything is DEV. */
	static const sca_want w[] = {
		{ "Microsoft.NET.Test.Sdk", "17.8.0", D | DEV, 9, NULL, NULL },
		{ "xunit", "2.6.6", D | DEV, 10, NULL, NULL },
		{ "xunit.runner.visualstudio", "2.5.6", D | DEV, 11, NULL, NULL },
		{ "Moq", NULL, D | DEV | UNP, 15, NULL, NULL },
		{ "Npgsql", "8.0.1", D | DEV, 16, NULL, NULL },
		{ "Nerdbank.GitVersioning", "3.6.133", D | DEV, 0, NULL, NULL },
	};

	(void)state;
	sca_expect_fixture(scan_lockfile__extract_csproj, "nuget", "cpm/tests/Api.Tests/Api.Tests.csproj", w, N(w));
}

static void test_csproj_without_file_system(void **state)
{
	static const sca_want w[] = {
		{ "OpenTelemetry", NULL, D | UNP, 9, NULL, NULL },
		{ "OpenTelemetry.Exporter.Console", NULL, D | UNP, 10, NULL, NULL },
		{ "Dapper", NULL, D | UNP, 11, NULL, NULL },
		{ "Npgsql", NULL, D | UNP, 12, NULL, NULL },
		{ "System.Text.Json", "8.0.5", D, 13, NULL, NULL },
		{ "Serilog", NULL, D | UNP, 14, NULL, NULL },
		{ "Polly", NULL, D | UNP, 15, NULL, NULL },
		{ "Humanizer", NULL, D | UNP, 16, NULL, NULL },
	};
	char *text = th_read(SCA_FIXTURES "nuget/cpm/src/Api/Api.csproj", NULL);

	(void)state;
	assert_non_null(text);
	sca_expect_text(scan_lockfile__extract_csproj, "src/Api/Api.csproj", text, w, N(w));
	free(text);
}

static void test_csproj_properties_and_items(void **state)
{
	static const sca_want w[] = {
		{ "Dapper", "1.0.0", D, 10, NULL, NULL },
		{ "Npgsql", "1.0.0", D, 10, NULL, NULL },
		{ "Cyclic", NULL, D | UNP, 11, NULL, NULL },
		{ "Stamped", NULL, D | UNP, 12, NULL, NULL },
		{ "Late", "1.0.0", D, 13, NULL, NULL },
		{ "Floating", NULL, D | UNP, 14, NULL, NULL },
		{ "Prerelease", NULL, D | UNP, 15, NULL, NULL },
		{ "Spaced", "2.0.0", D, 16, NULL, NULL },
		{ "Exact", "3.0.0", D, 17, NULL, NULL },
		{ "Upper", NULL, D | UNP, 18, NULL, NULL },
		{ "Missing", NULL, D | UNP, 20, NULL, NULL },
		{ "Dev", "1.0.0", D | DEV, 21, NULL, NULL },
	};

	(void)state;
	sca_expect_text(scan_lockfile__extract_csproj, "App.csproj",
	            "<Project Sdk=\"Microsoft.NET.Sdk\">\n"
	            "  <PropertyGroup>\n"
	            "    <A>$(B)</A>\n"
	            "    <b>$(a)</b>\n"
	            "    <Stamp>$([System.DateTime]::Now.ToString(yyyy))</Stamp>\n"
	            "    <Names>Dapper;Npgsql</Names>\n"
	            "  </PropertyGroup>\n"
	            "  <ItemGroup>\n"
	            "    <PackageReference Update=\"Late\" Version=\"2.0.0\" />\n"
	            "    <PackageReference Include=\"$(Names)\" Version=\"1.0.0\" />\n"
	            "    <PackageReference Include=\"Cyclic\" Version=\"$(A)\" />\n"
	            "    <PackageReference Include=\"Stamped\" Version=\"$(Stamp)\" />\n"
	            "    <PackageReference Include=\"Late\" Version=\"1.0.0\" />\n"
	            "    <PackageReference Include=\"Floating\" Version=\"*\" />\n"
	            "    <PackageReference Include=\"Prerelease\" Version=\"1.0.0-*\" />\n"
	            "    <PackageReference Include=\"Spaced\" Version=\" 2.0.0 \" />\n"
	            "    <PackageReference Include=\"Exact\" Version=\"[ 3.0.0 ]\" />\n"
	            "    <PackageReference Include=\"Upper\" Version=\"(,4.0]\" />\n"
	            "    <PackageReference Include=\"@(Other)\" Version=\"1.0\" />\n"
	            "    <PackageReference Include=\"Missing\" />\n"
	            "    <PackageReference Include=\"Dev\" Version=\"1.0.0\" PrivateAssets=\"compile; All\" />\n"
	            "    <PackageReference Remove=\"Nothing\" />\n"
	            "  </ItemGroup>\n"
	            "</Project>\n",
	            w, N(w));
}

static void test_csproj_is_test_project(void **state)
{
	static const sca_want w[] = {
		{ "FluentAssertions", "6.12.0", D | DEV, 5, NULL, NULL },
	};

	(void)state;
	sca_expect_text(scan_lockfile__extract_csproj, "Tests.fsproj",
	            "<Project Sdk=\"Microsoft.NET.Sdk\">\n"
	            "  <PropertyGroup><IsTestProject>true</IsTestProject></PropertyGroup>\n"
	            "  <ItemGroup>\n"
	            "    <Compile Include=\"Tests.fs\" />\n"
	            "    <PackageReference Include=\"FluentAssertions\" Version=\"6.12.0\" />\n"
	            "  </ItemGroup>\n"
	            "</Project>\n",
	            w, N(w));
}

static void test_csproj_refused(void **state)
{
	scan_buf b = SCAN_BUF_INIT;
	static const char xxe[] = "<?xml version=\"1.0\"?>\n<!DOCTYPE Project [<!ENTITY v SYSTEM \"file:///etc/hostname\">]>\n"
	                          "<Project><ItemGroup><PackageReference Include=\"A\" Version=\"&v;\" /></ItemGroup></Project>";

	(void)state;
	sca_expect_error(scan_lockfile__extract_csproj, "App.csproj", S(xxe), SCAN_EPARSE,
	             "App.csproj:2: DOCTYPE declarations are not allowed");
	sca_expect_error(scan_lockfile__extract_csproj, "App.csproj", S("<project/>"), SCAN_EPARSE,
	             "root element is <project>, not <Project>");
	scan_buf_puts(&b, "<Project><ItemGroup>\n");
	for (int i = 0; i < 6000; i++)
		scan_buf_printf(&b, "<PackageReference Include=\"P%d\" Version=\"1.0.0\" />\n", i);
	scan_buf_puts(&b, "</ItemGroup></Project>\n");
	sca_expect_error(scan_lockfile__extract_csproj, "App.csproj", b.ptr, b.size, SCAN_ELIMIT,
	             "App.csproj:5002: more than 5000 package references");
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<Project><PropertyGroup><V>");
	for (int i = 0; i < 100000; i++)
		scan_buf_puts(&b, "$(V)");
	scan_buf_puts(&b, "</V></PropertyGroup><ItemGroup><PackageReference Include=\"A\" Version=\"$(V)\"/>"
	                  "</ItemGroup></Project>");
	{
		/* a self-referencing property many times over: bounded, unpinned */
		static const sca_want w[] = { { "A", NULL, D | UNP, 1, NULL, NULL } };
		double t0 = th_cpu_seconds();
		sca_expect_text(scan_lockfile__extract_csproj, "App.csproj", b.ptr, w, N(w));
		if (th_cpu_seconds() - t0 > SCA_REFUSE_SECONDS)
			fail_msg("took %.2f s", th_cpu_seconds() - t0);
	}
	/* Update against every item: bounded by the count of names */
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<Project><PropertyGroup><L>");
	for (int i = 0; i < 400; i++)
		scan_buf_printf(&b, "N%d;", i);
	scan_buf_puts(&b, "</L></PropertyGroup><ItemGroup>\n");
	for (int i = 0; i < 100; i++)
		scan_buf_puts(&b, "<PackageReference Include=\"$(L)\" Version=\"1.0.0\" />\n"
		                  "<PackageReference Update=\"$(L)\" Version=\"2.0.0\" />\n");
	scan_buf_puts(&b, "</ItemGroup></Project>\n");
	sca_expect_error(scan_lockfile__extract_csproj, "App.csproj", b.ptr, b.size, SCAN_ELIMIT,
	             "more than 5000 package references");
	scan_buf_clear(&b);
	scan_buf_puts(&b, "<Project>");
	for (int i = 0; i < 1000; i++)
		scan_buf_puts(&b, "<ItemGroup>");
	sca_expect_error(scan_lockfile__extract_csproj, "App.csproj", b.ptr, b.size, SCAN_ELIMIT, "nested deeper");
	assert_int_equal(scan_buf_failed(&b), 0);
	scan_buf_dispose(&b);
}

static void test_paths(void **state)
{
	(void)state;
	assert_true(scan_lockfile__is_nuget_lock("packages.lock.json", "packages.lock.json"));
	assert_true(scan_lockfile__is_nuget_lock("src/App/packages.App.lock.json", "packages.App.lock.json"));
	assert_false(scan_lockfile__is_nuget_lock("package-lock.json", "package-lock.json"));
	assert_false(scan_lockfile__is_nuget_lock("packages.json", "packages.json"));
	assert_true(scan_lockfile__is_csproj("src/App/App.csproj", "App.csproj"));
	assert_true(scan_lockfile__is_csproj("Lib.fsproj", "Lib.fsproj"));
	assert_true(scan_lockfile__is_csproj("Legacy.vbproj", "Legacy.vbproj"));
	assert_false(scan_lockfile__is_csproj("Directory.Packages.props", "Directory.Packages.props"));
	assert_false(scan_lockfile__is_csproj("App.csproj.user", "App.csproj.user"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lock_v1),
		cmocka_unit_test(test_lock_v2_central_transitive),
		cmocka_unit_test(test_lock_escaped_names),
		cmocka_unit_test(test_lock_refused),
		cmocka_unit_test(test_csproj_plain),
		cmocka_unit_test(test_csproj_central_nested),
		cmocka_unit_test(test_csproj_central_test_project),
		cmocka_unit_test(test_csproj_without_file_system),
		cmocka_unit_test(test_csproj_properties_and_items),
		cmocka_unit_test(test_csproj_is_test_project),
		cmocka_unit_test(test_csproj_refused),
		cmocka_unit_test(test_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * tests/unit/test_sca_cvss.c - CVSS scoring (lib/sca/cvss.c): published
 * scores of every version, ratings, and malformed vectors.
 *
 * Every expected score below was read from a published source, named next
 * to it; none was computed by this code or another calculator:
 *   [FIRST40]  FIRST, "CVSS v4.0: Examples", document version 1.7.1
 *              (first.org/cvss/v4.0/examples): v4.0 scores, and the v3.1
 *              score each example gives beside it. Where the document's
 *              table (vector, score, calculator link) and its prose
 *              disagree (CVE-2015-2890 7.1/8.7, CVE-2018-3652 7.0/8.6,
 *              CVE-2023-48228 9.3/9.4, CVE-2016-5729 8.4/9.3), the table is
 *              taken; the transcription below agrees with it where it has
 *              the example. Left out: the v4.0 Base 8.2 of CVE-2021-44228
 *              variation 1, which is the score of that vector with E:P (the
 *              CVE-2024-6387 example) copied into the Base column; other
 *              published scores of that Base vector say 9.2.
 *   [FIRST3x]  FIRST, "CVSS v3.0 Examples" / "CVSS v3.1 Examples", as
 *              transcribed into the test data of the Haskell cvss package
 *              (OfficialExamples.hs); used only for vectors not found in a
 *              primary record.
 *   [FIRST2]   FIRST/NIST, "A Complete Guide to the CVSS Version 2.0",
 *              section 3.3 examples, from the same transcription.
 *   [CNA]      the CNA container of the CVE record (CVE List V5,
 *              github.com/CVEProject/cvelistV5), "baseScore" beside the
 *              "vectorString".
 *   [ADP]      the CISA ADP (Vulnrichment) container of the CVE record.
 *   [NVD]      NVD's score as carried by Greenbone feed scripts
 *              (script_tag cvss_base next to cvss_base_vector) or by a
 *              CycloneDX VEX document quoting NVD.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"
#include "sca/cvss.h"
#include "scan/common.h"

typedef struct {
	const char *vector;
	double score;
	scan_cvss_version version;
	const char *source;
} published;

static const published v2_cases[] = {
	{ "AV:N/AC:L/Au:N/C:P/I:N/A:N", 5.0, SCAN_CVSS_V2, "CVE-2014-0160 [NVD] (Greenbone MGASA-2014-0256)" },
	{ "AV:N/AC:L/Au:S/C:P/I:P/A:P", 6.5, SCAN_CVSS_V2, "CVE-2024-5100 [CNA] VulDB" },
	{ "AV:N/AC:L/Au:M/C:N/I:P/A:N", 3.3, SCAN_CVSS_V2, "CVE-2024-0181 [CNA] VulDB" },
	{ "AV:N/AC:L/Au:N/C:N/I:N/A:C", 7.8, SCAN_CVSS_V2, "CVE-2002-0392 [FIRST2]; CVE-2018-5390 [NVD]" },
	{ "AV:N/AC:L/Au:N/C:N/I:N/A:C/E:F/RL:OF/RC:C", 7.8, SCAN_CVSS_V2, "CVE-2002-0392 temporal [FIRST2]: base" },
	{ "AV:L/AC:H/Au:N/C:C/I:C/A:C", 6.2, SCAN_CVSS_V2, "CVE-2003-0062 [FIRST2]; CVE-2014-0240 [NVD]" },
	{ "AV:N/AC:L/Au:N/C:C/I:C/A:C", 10.0, SCAN_CVSS_V2, "CVE-2003-0818 [FIRST2]; CVE-2011-4536 [NVD]" },
	{ "AV:N/AC:L/Au:N/C:C/I:C/A:C/E:ND/RL:ND/RC:ND/CDP:N/TD:H/CR:H/IR:H/AR:H", 10.0, SCAN_CVSS_V2,
	  "CVE-2003-0818 environmental [FIRST2]: base" },
	{ "AV:L/AC:L/Au:N/C:C/I:C/A:C", 7.2, SCAN_CVSS_V2, "CVE-2009-4606 [NVD]" },
	{ "AV:N/AC:M/Au:N/C:N/I:P/A:N", 4.3, SCAN_CVSS_V2, "CVE-2019-19719 [NVD]" },
	{ "AV:N/AC:L/Au:N/C:P/I:P/A:P", 7.5, SCAN_CVSS_V2, "CVE-2020-35489 [NVD]" },
	{ "(AV:N/AC:L/Au:N/C:P/I:P/A:P)", 7.5, SCAN_CVSS_V2, "CVE-2020-35489 [NVD], NVD's parenthesised form" },
};

static const published v30_cases[] = {
	{ "CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:L", 6.3, SCAN_CVSS_V3, "CVE-2024-5100 [CNA] VulDB" },
	{ "CVSS:3.0/AV:N/AC:L/PR:H/UI:R/S:U/C:N/I:L/A:N", 2.4, SCAN_CVSS_V3, "CVE-2024-0181 [CNA] VulDB" },
	{ "CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1, SCAN_CVSS_V3,
	  "CVE-2015-9251 [NVD] (CycloneDX VEX); CVE-2013-1937 [FIRST3x]" },
	{ "CVSS:3.0/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", 7.8, SCAN_CVSS_V3, "CVE-2023-28728 [FIRST40]" },
	{ "CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N", 6.4, SCAN_CVSS_V3, "CVE-2013-0375 [FIRST3x]" },
	{ "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:H/A:N", 6.8, SCAN_CVSS_V3, "CVE-2008-1447 [FIRST3x]" },
	{ "CVSS:3.0/AV:A/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:H", 9.3, SCAN_CVSS_V3, "CVE-2013-6014 [FIRST3x]" },
	{ "CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H", 9.9, SCAN_CVSS_V3, "CVE-2012-1516 [FIRST3x]" },
	{ "CVSS:3.0/AV:P/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N", 4.6, SCAN_CVSS_V3, "CVE-2014-2019 [FIRST3x]" },
};

static const published v31_cases[] = {
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 10.0, SCAN_CVSS_V3, "CVE-2021-44228 [ADP] and [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", 7.5, SCAN_CVSS_V3, "CVE-2014-0160 [FIRST40]; CVE-2024-5010 [CNA]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8, SCAN_CVSS_V3, "CVE-2014-6271, CVE-2022-26134 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:L", 6.3, SCAN_CVSS_V3, "CVE-2024-5100 [CNA] VulDB" },
	{ "CVSS:3.1/AV:N/AC:L/PR:H/UI:R/S:U/C:N/I:L/A:N", 2.4, SCAN_CVSS_V3, "CVE-2024-0181 [CNA] VulDB" },
	{ "CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 8.4, SCAN_CVSS_V3, "CVE-2024-5009 [CNA] Progress" },
	{ "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H", 7.2, SCAN_CVSS_V3, "CVE-2024-5016 [CNA] Progress" },
	{ "CVSS:3.1/AV:L/AC:H/PR:L/UI:N/S:U/C:H/I:H/A:H", 7.0, SCAN_CVSS_V3, "CVE-2022-41741 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H", 8.1, SCAN_CVSS_V3, "CVE-2020-3549 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:L/I:N/A:N", 3.3, SCAN_CVSS_V3, "CVE-2021-44714 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1, SCAN_CVSS_V3, "CVE-2022-21830 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:L/A:N", 7.2, SCAN_CVSS_V3, "CVE-2022-22186 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:N/A:N", 6.0, SCAN_CVSS_V3, "CVE-2023-21989 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 9.3, SCAN_CVSS_V3, "CVE-2020-3947 [FIRST40]" },
	{ "CVSS:3.1/AV:A/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:H", 9.3, SCAN_CVSS_V3, "CVE-2013-6014 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:H/A:H", 8.2, SCAN_CVSS_V3, "CVE-2016-5729 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:N/I:H/A:H", 6.0, SCAN_CVSS_V3, "CVE-2015-2890 [FIRST40]" },
	{ "CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 7.6, SCAN_CVSS_V3, "CVE-2018-3652 [FIRST40]" },
	{ "CVSS:3.1/AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 6.8, SCAN_CVSS_V3, "CVE-2023-30560 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N", 6.5, SCAN_CVSS_V3, "CVE-2023-30545 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N", 5.9, SCAN_CVSS_V3, "CVE-2021-23846 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H", 7.5, SCAN_CVSS_V3, "CVE-2023-22394 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N", 7.5, SCAN_CVSS_V3, "CVE-2023-48228 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N", 5.4, SCAN_CVSS_V3, "CVE-2020-0926 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:L/UI:R/S:C/C:H/I:H/A:H", 9.0, SCAN_CVSS_V3, "CVE-2024-55228 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N", 4.3, SCAN_CVSS_V3, "CVE-2023-5602 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", 8.8, SCAN_CVSS_V3, "CVE-2022-20759 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:N", 6.0, SCAN_CVSS_V3, "CVE-2021-34724 [FIRST40]" },
	{ "CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", 7.8, SCAN_CVSS_V3, "CVE-2023-28311 [FIRST40]" },
	{ "CVSS:3.1/AV:P/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H", 6.4, SCAN_CVSS_V3, "CVE-2022-20826 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:N/A:N", 4.9, SCAN_CVSS_V3, "CVE-2021-32570 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:L/A:N", 5.8, SCAN_CVSS_V3, "CVE-2023-20245 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L", 7.3, SCAN_CVSS_V3, "CVE-2024-1233 [FIRST40]" },
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", 8.8, SCAN_CVSS_V3, "CVE-2015-0970 [FIRST3x]" },
	/* Temporal metrics are checked but leave the Base score alone. */
	{ "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/E:F/RL:O/RC:C", 7.5, SCAN_CVSS_V3,
	  "CVE-2014-0160 [FIRST40] (v3.1 Base + Temporal vector; its Base score)" },
};

static const published v40_cases[] = {
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 9.3, SCAN_CVSS_V4, "CVE-2022-26134 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:L/SC:N/SI:N/SA:N", 5.3, SCAN_CVSS_V4, "CVE-2024-5100 [CNA] VulDB" },
	{ "CVSS:4.0/AV:L/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 7.3, SCAN_CVSS_V4, "CVE-2022-41741 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 7.7, SCAN_CVSS_V4, "CVE-2020-3549 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N", 8.3, SCAN_CVSS_V4, "CVE-2023-3089 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N", 4.6, SCAN_CVSS_V4, "CVE-2021-44714 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N", 5.1, SCAN_CVSS_V4,
	  "CVE-2022-21830, CVE-2022-24682 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N", 6.9, SCAN_CVSS_V4, "CVE-2022-22186 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:N/VI:N/VA:N/SC:H/SI:N/SA:N", 5.9, SCAN_CVSS_V4, "CVE-2023-21989 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H", 9.4, SCAN_CVSS_V4, "CVE-2020-3947 [FIRST40]" },
	{ "CVSS:4.0/AV:P/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:H/SA:N/S:P/V:D", 8.3, SCAN_CVSS_V4,
	  "CVE-2023-30560 [FIRST40] (Supplemental S, V)" },
	{ "CVSS:4.0/AV:A/AC:L/AT:N/PR:N/UI:N/VC:N/VI:L/VA:N/SC:H/SI:N/SA:H", 6.4, SCAN_CVSS_V4, "CVE-2013-6014 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/R:I", 8.4, SCAN_CVSS_V4,
	  "CVE-2016-5729 [FIRST40] table" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:H/VA:N/SC:H/SI:H/SA:H", 9.3, SCAN_CVSS_V4, "CVE-2023-48228 [FIRST40] table" },
	{ "CVSS:4.0/AV:L/AC:L/AT:P/PR:H/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/R:I", 7.1, SCAN_CVSS_V4, "CVE-2015-2890 [FIRST40] table" },
	{ "CVSS:4.0/AV:P/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 7.0, SCAN_CVSS_V4, "CVE-2018-3652 [FIRST40] table" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N", 7.1, SCAN_CVSS_V4, "CVE-2023-30545 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N", 8.2, SCAN_CVSS_V4, "CVE-2021-23846 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:L", 8.7, SCAN_CVSS_V4, "CVE-2023-22394 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:L/VI:L/VA:N/SC:L/SI:L/SA:N", 5.1, SCAN_CVSS_V4,
	  "CVE-2022-24682 variation 1 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N", 5.1, SCAN_CVSS_V4, "CVE-2020-0926 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:A/VC:H/VI:H/VA:H/SC:L/SI:L/SA:N", 8.5, SCAN_CVSS_V4, "CVE-2024-55228 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:L/VA:N/SC:N/SI:N/SA:N", 5.1, SCAN_CVSS_V4, "CVE-2023-5602 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 7.7, SCAN_CVSS_V4, "CVE-2022-20759 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N", 8.3, SCAN_CVSS_V4, "CVE-2021-34724 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 8.5, SCAN_CVSS_V4, "CVE-2023-28311 [FIRST40]" },
	{ "CVSS:4.0/AV:P/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 5.4, SCAN_CVSS_V4, "CVE-2022-20826 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N", 8.7, SCAN_CVSS_V4, "CVE-2022-21500 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:H/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N", 6.9, SCAN_CVSS_V4, "CVE-2021-32570 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:L/SA:N", 6.9, SCAN_CVSS_V4, "CVE-2023-20245 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:L/VA:N/SC:L/SI:N/SA:H", 7.8, SCAN_CVSS_V4,
	  "CVE-2023-20245 variation 1 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:L/VA:N/SC:L/SI:L/SA:L", 6.9, SCAN_CVSS_V4, "CVE-2024-1233 [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/S:P", 8.5, SCAN_CVSS_V4, "CVE-2023-28728 [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/S:P/AU:Y/V:C/RE:L", 9.4, SCAN_CVSS_V4,
	  "CVE-2022-47379 [FIRST40] (Supplemental S, AU, V, RE)" },
};

/* v4.0 vectors with Threat and Environmental metrics: their BT/BE/BTE score. */
static const published v40_bte_cases[] = {
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U", 5.2, SCAN_CVSS_V4,
	  "CVE-2020-3549 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:L/VA:L/SC:N/SI:N/SA:N/CR:H/IR:L/AR:L/MAV:N/MAC:H/MVC:H/MVI:L/MVA:L", 8.1,
	  SCAN_CVSS_V4, "CVE-2023-3089 Base + Environmental [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/E:A", 10.0, SCAN_CVSS_V4,
	  "CVE-2026-48172 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N/E:A", 8.7, SCAN_CVSS_V4,
	  "CVE-2014-0160 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:A", 9.3, SCAN_CVSS_V4,
	  "CVE-2021-44228, CVE-2014-6271 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:P/MAC:L/MAT:N/MVC:N/MVI:N/MVA:L", 5.5, SCAN_CVSS_V4,
	  "CVE-2021-44228 variation 1, CVE-2024-6387 variation 1, BTE [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:H/SC:N/SI:N/SA:L/E:U", 6.6, SCAN_CVSS_V4,
	  "CVE-2023-22394 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:H/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N/E:U", 5.6, SCAN_CVSS_V4,
	  "CVE-2021-34724 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U/MUI:A", 5.7, SCAN_CVSS_V4,
	  "CVE-2023-28311 variation 1 BTE [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:A", 9.2, SCAN_CVSS_V4,
	  "CVE-2022-22965 Base + Threat [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:P", 8.2, SCAN_CVSS_V4,
	  "CVE-2024-6387 Base + Threat [FIRST40] table" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:L/SA:N/E:U/CR:L/IR:L/AR:L", 2.7, SCAN_CVSS_V4,
	  "CVE-2023-20245 variation 2 BTE [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:L/VA:N/SC:L/SI:L/SA:L/MSI:N/MSA:N", 6.9, SCAN_CVSS_V4,
	  "CVE-2024-1233 variation 1 Base + Environmental [FIRST40]" },
	/* Safety (MSI:S / MSA:S) puts the vector in EQ4 level 0. */
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/E:P/CR:L/IR:H/AR:L/MAV:L/MAC:H/MAT:N/MPR:N/MUI:N/MVC:N/MVI:H/MVA:L/MSC:N/MSI:S/MSA:L",
	  7.0, SCAN_CVSS_V4, "CVE-2022-47379 variation 1 (elevator) B+E [FIRST40]" },
	{ "CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/MAV:A/MAC:H/MAT:N/MPR:L/MUI:N/MVC:L/MVI:H/MVA:H/MSC:L/MSI:S/MSA:S/CR:L/IR:H/AR:H/E:P",
	  7.4, SCAN_CVSS_V4, "CVE-2022-47379 variation 2 (oil field) B+E [FIRST40], in the document's own metric order" },
};

static void check_cases(const published *cases, size_t n)
{
	int failures = 0;

	for (size_t i = 0; i < n; i++) {
		double score = -1;
		scan_cvss_version version = 0;
		int rc = scan_sca__cvss_score(cases[i].vector, &score, &version);

		if (rc) {
			print_error("%s (%s): error %d: %s\n", cases[i].vector, cases[i].source, rc, scan_error_last()->message);
			failures++;
		} else if (fabs(score - cases[i].score) > 1e-9 || version != cases[i].version) {
			print_error("%s (%s): got %.1f (v%d), published %.1f\n", cases[i].vector, cases[i].source, score,
			            (int)version, cases[i].score);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

#define CHECK(cases) check_cases(cases, sizeof(cases) / sizeof((cases)[0]))

static void test_v2_published(void **state)
{
	(void)state;
	CHECK(v2_cases);
}

static void test_v30_published(void **state)
{
	(void)state;
	CHECK(v30_cases);
}

static void test_v31_published(void **state)
{
	(void)state;
	CHECK(v31_cases);
}

static void test_v40_published(void **state)
{
	(void)state;
	CHECK(v40_cases);
}

static void test_v40_threat_environmental_published(void **state)
{
	(void)state;
	CHECK(v40_bte_cases);
}

static double score_ok(const char *vector, scan_cvss_version want)
{
	double score = -1;
	scan_cvss_version version = 0;
	int rc = scan_sca__cvss_score(vector, &score, &version);

	if (rc)
		fail_msg("%s: error %d: %s", vector, rc, scan_error_last()->message);
	assert_int_equal(version, want);
	return score;
}

/*
 * Spellings the specifications allow, checked against a published vector of
 * the same metrics: order, explicit Not Defined values, surrounding blanks.
 */
static void test_equivalent_spellings(void **state)
{
	(void)state;
	/* CVE-2013-1937 [FIRST3x] 6.1, metrics reordered */
	assert_true(score_ok("CVSS:3.0/S:C/C:L/I:L/A:N/AV:N/AC:L/PR:N/UI:R", SCAN_CVSS_V3) == 6.1);
	/* CVE-2014-0160 [FIRST40] 7.5, with every optional metric Not Defined */
	assert_true(score_ok("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/E:X/RL:X/RC:X/CR:X/IR:X/AR:X/MAV:X/MAC:X/MPR:X"
	                     "/MUI:X/MS:X/MC:X/MI:X/MA:X",
	                     SCAN_CVSS_V3) == 7.5);
	/* CVE-2022-26134 [FIRST40] 9.3: E:X counts as E:A, CR:X as CR:H, M*:X as the base value */
	assert_true(score_ok("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:X/CR:X/IR:X/AR:X/MAV:X"
	                     "/MAC:X/MAT:X/MPR:X/MUI:X/MVC:X/MVI:X/MVA:X/MSC:X/MSI:X/MSA:X/S:X/AU:X/R:X/V:X/RE:X/U:X",
	                     SCAN_CVSS_V4) == 9.3);
	/* Supplemental metrics never change the score: CVE-2022-26134 [FIRST40] 9.3 */
	assert_true(score_ok("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/S:P/AU:Y/R:I/V:C/RE:H/U:Amber",
	                     SCAN_CVSS_V4) == 9.3);
	/* Modified metrics equal to the base ones change nothing: CVE-2020-3947 [FIRST40] 9.4 */
	assert_true(score_ok("CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/MAV:L/MVC:H/MSI:H",
	                     SCAN_CVSS_V4) == 9.4);
	/* CVE-2021-44228 [ADP] 10.0 with the blanks a JSON field may carry */
	assert_true(score_ok("  CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H\n", SCAN_CVSS_V3) == 10.0);
	/* version may be NULL */
	{
		double s = 0;
		assert_int_equal(scan_sca__cvss_score("AV:N/AC:L/Au:N/C:P/I:P/A:P", &s, NULL), 0);
		assert_true(s == 7.5);
	}
}

/*
 * No impact at all scores 0.0 in every version (v2 f(Impact) = 0; v3.x
 * "If Impact <= 0 then 0"; v4.0 section 8.2), and rates "none" in v3/v4.
 */
static void test_no_impact_is_zero(void **state)
{
	(void)state;
	assert_true(score_ok("AV:N/AC:L/Au:N/C:N/I:N/A:N", SCAN_CVSS_V2) == 0.0);
	assert_true(score_ok("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:N", SCAN_CVSS_V3) == 0.0);
	assert_true(score_ok("CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N", SCAN_CVSS_V3) == 0.0);
	assert_true(score_ok("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N", SCAN_CVSS_V4) == 0.0);
	/* Environmental metrics that remove every impact remove the score. */
	assert_true(score_ok("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/MVC:N/MVI:N/MVA:N",
	                     SCAN_CVSS_V4) == 0.0);
	assert_string_equal(scan_sca__cvss_severity(0.0, SCAN_CVSS_V4), "none");
}

/*
 * Every v3.x and v4.0 Base vector scores within 0.0-10.0 with one decimal,
 * and the v4.0 ones never score above their MacroVector's published score.
 */
static void test_every_base_vector_in_range(void **state)
{
	static const char *const av[] = { "N", "A", "L", "P" }, *const lh[] = { "L", "H" }, *const np[] = { "N", "P" },
	                         *const nlh[] = { "N", "L", "H" }, *const npa[] = { "N", "P", "A" },
	                         *const hln[] = { "H", "L", "N" }, *const nr[] = { "N", "R" }, *const uc[] = { "U", "C" };
	char v[128];
	long count = 0;
	double prev = -1;

	(void)state;
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 2; b++)
			for (int c = 0; c < 3; c++)
				for (int d = 0; d < 2; d++)
					for (int e = 0; e < 2; e++)
						for (int imp = 0; imp < 27; imp++)
							for (int ver = 0; ver < 2; ver++) {
								double s = -1;

								snprintf(v, sizeof(v), "CVSS:3.%d/AV:%s/AC:%s/PR:%s/UI:%s/S:%s/C:%s/I:%s/A:%s", ver,
								         av[a], lh[b], nlh[c], nr[d], uc[e], hln[imp % 3], hln[imp / 3 % 3],
								         hln[imp / 9]);
								assert_int_equal(scan_sca__cvss_score(v, &s, NULL), 0);
								assert_true(s >= 0 && s <= 10 && fabs(s * 10 - round(s * 10)) < 1e-9);
								/*
								 * The 3.1 Roundup only fixes float noise that the
								 * 3.0 ceiling would round up; no Base vector has
								 * any, so both prefixes score alike.
								 */
								if (ver == 1)
									assert_true(s == prev);
								prev = s;
								count++;
							}
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 2; b++)
			for (int c = 0; c < 2; c++)
				for (int d = 0; d < 3; d++)
					for (int e = 0; e < 3; e++)
						for (int vul = 0; vul < 27; vul++)
							for (int sub = 0; sub < 27; sub++) {
								double s = -1;

								snprintf(v, sizeof(v),
								         "CVSS:4.0/AV:%s/AC:%s/AT:%s/PR:%s/UI:%s/VC:%s/VI:%s/VA:%s/SC:%s/SI:%s/SA:%s", av[a],
								         lh[b], np[c], nlh[d], npa[e], hln[vul % 3], hln[vul / 3 % 3], hln[vul / 9],
								         hln[sub % 3], hln[sub / 3 % 3], hln[sub / 9]);
								assert_int_equal(scan_sca__cvss_score(v, &s, NULL), 0);
								assert_true(s >= 0 && s <= 10 && fabs(s * 10 - round(s * 10)) < 1e-9);
								/* Only the all-None vector scores 0 */
								assert_true((s == 0) == (vul == 26 && sub == 26));
								count++;
							}
	assert_int_equal(count, 2592 * 2 + 104976);
}

static void test_severity_bands(void **state)
{
	(void)state;
	/* v3.x / v4.0 qualitative scale */
	assert_string_equal(scan_sca__cvss_severity(0.0, SCAN_CVSS_V3), "none");
	assert_string_equal(scan_sca__cvss_severity(0.1, SCAN_CVSS_V3), "low");
	assert_string_equal(scan_sca__cvss_severity(3.9, SCAN_CVSS_V3), "low");
	assert_string_equal(scan_sca__cvss_severity(4.0, SCAN_CVSS_V3), "medium");
	assert_string_equal(scan_sca__cvss_severity(6.9, SCAN_CVSS_V4), "medium");
	assert_string_equal(scan_sca__cvss_severity(7.0, SCAN_CVSS_V4), "high");
	assert_string_equal(scan_sca__cvss_severity(8.9, SCAN_CVSS_V3), "high");
	assert_string_equal(scan_sca__cvss_severity(9.0, SCAN_CVSS_V3), "critical");
	assert_string_equal(scan_sca__cvss_severity(10.0, SCAN_CVSS_V4), "critical");
	/* NVD's v2 bands: no "none", no "critical" */
	assert_string_equal(scan_sca__cvss_severity(0.0, SCAN_CVSS_V2), "low");
	assert_string_equal(scan_sca__cvss_severity(3.9, SCAN_CVSS_V2), "low");
	assert_string_equal(scan_sca__cvss_severity(4.0, SCAN_CVSS_V2), "medium");
	assert_string_equal(scan_sca__cvss_severity(6.9, SCAN_CVSS_V2), "medium");
	assert_string_equal(scan_sca__cvss_severity(7.0, SCAN_CVSS_V2), "high");
	assert_string_equal(scan_sca__cvss_severity(10.0, SCAN_CVSS_V2), "high");
	/* published pairs: CVE-2021-44228 [ADP] CRITICAL, CVE-2024-0181 [CNA] LOW, CVE-2024-5100 [CNA] MEDIUM */
	assert_string_equal(scan_sca__cvss_severity(score_ok("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", SCAN_CVSS_V3),
	                                            SCAN_CVSS_V3),
	                    "critical");
	assert_string_equal(scan_sca__cvss_severity(score_ok("CVSS:3.1/AV:N/AC:L/PR:H/UI:R/S:U/C:N/I:L/A:N", SCAN_CVSS_V3),
	                                            SCAN_CVSS_V3),
	                    "low");
	assert_string_equal(
	        scan_sca__cvss_severity(score_ok("CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:L/SC:N/SI:N/SA:N", SCAN_CVSS_V4),
	                                SCAN_CVSS_V4),
	        "medium");
	/* out of range, NaN, unknown version */
	assert_null(scan_sca__cvss_severity(-0.1, SCAN_CVSS_V3));
	assert_null(scan_sca__cvss_severity(10.1, SCAN_CVSS_V3));
	assert_null(scan_sca__cvss_severity(NAN, SCAN_CVSS_V4));
	assert_null(scan_sca__cvss_severity(5.0, (scan_cvss_version)1));
}

/* The parse must fail with SCAN_EPARSE, a one-line message containing want, and leave the outputs alone. */
static void expect_malformed(const char *vector, const char *want)
{
	double score = 42;
	scan_cvss_version version = (scan_cvss_version)7;
	int rc = scan_sca__cvss_score(vector, &score, &version);

	if (rc != SCAN_EPARSE)
		fail_msg("'%s': expected SCAN_EPARSE, got %d (score %.1f)", vector, rc, score);
	assert_int_equal(scan_error_last()->code, SCAN_EPARSE);
	if (want && !strstr(scan_error_last()->message, want))
		fail_msg("'%s': message '%s' lacks '%s'", vector, scan_error_last()->message, want);
	assert_null(strchr(scan_error_last()->message, '\n'));
	assert_true(score == 42);
	assert_int_equal(version, 7);
}

static void test_malformed(void **state)
{
	char big[SCAN_CVSS_VECTOR_MAX + 64];

	(void)state;
	/* empty and prefixes */
	expect_malformed("", "empty cvss vector");
	expect_malformed("   \n", "empty cvss vector");
	expect_malformed("()", "empty cvss vector");
	expect_malformed("CVSS:2.0/AV:N/AC:L/Au:N/C:P/I:P/A:P", "unsupported cvss vector prefix 'CVSS:2.0'");
	expect_malformed("CVSS:3.2/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "unsupported cvss vector prefix 'CVSS:3.2'");
	expect_malformed("CVSS:4/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", "unsupported cvss vector prefix");
	expect_malformed("cvss:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "unknown metric 'cvss'");
	expect_malformed("CVSS:3.1", "missing base metric 'AV'");
	expect_malformed("CVSS:3.1/", "empty metric");
	/* a v3 vector without its prefix is read as v2, and refused */
	expect_malformed("AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "cvss 2.0 vector: unknown metric 'PR'");
	/* unknown, duplicate, missing, bad value, shape */
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/XX:Y", "unknown metric 'XX'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/AT:N/PR:N/UI:N/S:U/C:H/I:H/A:H", "unknown metric 'AT'");
	expect_malformed("CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "duplicate metric 'AV'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:X/E:X", "duplicate metric 'E'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/C:H/I:H/A:H", "missing base metric 'S'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:X", "bad value 'X' for metric 'A'");
	expect_malformed("CVSS:3.1/AV:n/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "bad value 'n' for metric 'AV'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:A", "bad value 'A' for metric 'E'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/", "empty metric");
	expect_malformed("CVSS:3.1/AV:N//AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "empty metric");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A", "malformed metric 'A'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:", "malformed metric 'A:'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/:H", "malformed metric ':H'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H:H", "bad value 'H:H'");
	expect_malformed("CVSS:3.1/AV:N /AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "bad value 'N '");
	/* v4.0 */
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N", "missing base metric 'SA'");
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:S/SA:N", "bad value 'S' for metric 'SI'");
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/MSC:S", "bad value 'S' for metric 'MSC'");
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/U:amber", "bad value 'amber'");
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:R/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", "bad value 'R' for metric 'UI'");
	/* a v3 vector under the v4.0 prefix: S is v4.0's Safety */
	expect_malformed("CVSS:4.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "bad value 'U' for metric 'S'");
	expect_malformed("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:A/E:P", "duplicate metric 'E'");
	/* v2 */
	expect_malformed("AV:N/AC:L/Au:N/C:P/I:P", "cvss 2.0 vector: missing base metric 'A'");
	expect_malformed("AV:N/AC:L/AU:N/C:P/I:P/A:P", "unknown metric 'AU'");
	expect_malformed("AV:N/AC:L/Au:N/C:P/I:P/A:P/E:X", "bad value 'X' for metric 'E'");
	expect_malformed("(AV:N/AC:L/Au:N/C:P/I:P/A:P", "unbalanced parentheses");
	expect_malformed("AV:N/AC:L/Au:N/C:P/I:P/A:P)", "unbalanced parentheses");
	expect_malformed("not a vector", "malformed metric 'not a vector'");
	/* hostile: quoted input stays printable and short; too long is refused before parsing */
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/\x01\x02\x7f:Y", "unknown metric '?\?\?'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ:Y",
	                 "unknown metric 'ABCDEFGHIJKLMNOPQRST...'");
	expect_malformed("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/X\nY:Z", "unknown metric 'X?Y'");
	memset(big, 'A', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memcpy(big, "CVSS:3.1/", 9);
	expect_malformed(big, "longer than 512 bytes");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v2_published),
		cmocka_unit_test(test_v30_published),
		cmocka_unit_test(test_v31_published),
		cmocka_unit_test(test_v40_published),
		cmocka_unit_test(test_v40_threat_environmental_published),
		cmocka_unit_test(test_equivalent_spellings),
		cmocka_unit_test(test_no_impact_is_zero),
		cmocka_unit_test(test_every_base_vector_in_range),
		cmocka_unit_test(test_severity_bands),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

#!/usr/bin/env bash
# tests/docs/check_docs.sh RAMPART_BINARY SOURCE_DIR
#
# The docs drift test. For every command `rampart help` lists, the options
# `rampart CMD --help` prints (from the command's option table) must match
#   - the OPTIONS section of man/rampart-CMD.1 (man/rampart.1 for version and
#     help): every option with its short form and argument placeholder, and
#     no option --help does not print; no page may mention an option that no
#     command prints;
#   - each completion file, in that command's own part of it: the function
#     _rampart_CMD of completions/rampart.bash (its opts and args lists) and
#     of completions/_rampart (its _arguments specs), and the lines of
#     completions/rampart.fish whose condition is "__rampart_using CMD".
#     Every option must be there, with a value when --help shows a
#     placeholder and without one otherwise, and nothing else may be.
# The actions a command's --help lists (its verbs: "waiver add", "db
# update") must each be named in its man page and in its part of every
# completion file.
# One check per command and file; prints "N passed, M failed" and exits 0
# only when M is 0 (2 when the binary cannot be run at all).

set -u

if [ $# -ne 2 ]; then
	echo "usage: $0 RAMPART_BINARY SOURCE_DIR" >&2
	exit 2
fi
bin=$1
src=${2%/}
if [ ! -x "$bin" ]; then
	echo "check_docs: '$bin' is not an executable" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_docs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C NO_COLOR=1

passed=0
failed=0

# ---------------------------------------------------------------------------
# Parsers. Every one writes option records, one a line:
#   help/man:     LONG SHORT ARG   ("--format -f FORMAT", "--db - FILE",
#                                   "--stats - -"; ARG "?" when unknown)
#   completions:  KIND OPTION      (KIND L listed, M mentioned, V takes a value)
# ---------------------------------------------------------------------------

# The heading of one option, "-f, --format FORMAT" or "--db=FILE", to a record.
# Shared by the --help and man page parsers.
awk_heading='
function heading(line, cut,    i, n, t, k, short, long, arg) {
	sub(/^[ \t]+/, "", line)
	i = index(line, "  ")            # in --help the description follows two spaces
	if (cut && i) line = substr(line, 1, i - 1)
	gsub(/,/, " ", line)
	n = split(line, t, " ")
	short = "-"; long = "-"; arg = "-"; k = 1
	if (k <= n && t[k] ~ /^-[A-Za-z0-9]$/) { short = t[k]; k++ }
	if (k <= n && t[k] ~ /^--[A-Za-z0-9]/) {
		long = t[k]; k++
		if ((i = index(long, "=")) > 0) { arg = substr(long, i + 1); long = substr(long, 1, i - 1) }
	}
	if (arg == "-" && k <= n && t[k] ~ /^[A-Z][A-Z0-9_=|.:<>-]*$/) arg = t[k]
	if (long == "-" && short == "-") return ""
	if (long == "-") long = short   # a short-only option is keyed by its short form
	return long " " short " " arg
}'

# `rampart CMD --help` on stdin: the lines of its options section, then any
# other --name it prints (a usage line) with unknown short form and argument.
parse_help() {
	awk "$awk_heading"'
	/^options:/ { inopt = 1; next }
	inopt && /^[ \t]+-/ { r = heading($0, 1); if (r != "") { print r; split(r, f, " "); seen[f[1]] = 1 }; next }
	inopt && /^[^ \t]/ { inopt = 0 }
	{ rest = rest " " $0 }
	END {
		s = rest
		while (match(s, /(^|[^A-Za-z0-9_-])--[A-Za-z0-9][A-Za-z0-9-]*/)) {
			o = substr(s, RSTART, RLENGTH); sub(/^[^-]/, "", o)
			if (!(o in seen)) { print o " - ?"; seen[o] = 1 }
			s = substr(s, RSTART + RLENGTH)
		}
	}'
}

# A man page to plain text: comments dropped, font escapes removed, \- to -.
man_text() {
	sed -E -e '/^\.[[:space:]]*\\"/d' -e '/^\\"/d' \
		-e 's/\\f(\[[^]]*\]|\(..|.)//g' -e 's/\\-/-/g' -e 's/\\[&%]//g' -e 's/\\e/\\/g' "$1"
}

# The OPTIONS section of a man page: the heading line after each .TP.
parse_man_options() {
	man_text "$1" | awk "$awk_heading"'
	/^\.SH/ { s = $0; sub(/^\.SH[ \t]*/, "", s); gsub(/"/, "", s); inopt = (toupper(s) == "OPTIONS"); next }
	inopt && /^\.TP/ { want = 1; next }
	inopt && want {
		want = 0; line = $0
		if (line ~ /^\./) { sub(/^\.[A-Za-z]+[ \t]*/, "", line); gsub(/"/, "", line) }
		r = heading(line, 0); if (r != "") print r
	}'
}

# Every --name a man page mentions anywhere.
man_mentions() {
	man_text "$1" | grep -v '^\.TH' | grep -oE '(^|[^A-Za-z0-9_-])--[A-Za-z0-9][A-Za-z0-9-]*' |
		sed -E 's/^[^-]//' | sort -u
}

# The options in a piece of shell text, with the KIND given; "--db=" and
# "-f+" (zsh) also give a V record.
awk_tokens='
function tokens(s, kind,    o, c) {
	while (match(s, /(^|[][ \t\047"|(){},*])--?[A-Za-z0-9][A-Za-z0-9-]*[=+]?/)) {
		o = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		sub(/^[^-]/, "", o)
		c = substr(o, length(o), 1)
		if (c == "=" || c == "+") { o = substr(o, 1, length(o) - 1); print "V " o }
		print kind " " o
	}
}'

# bash: the body of _rampart_CMD(); its opts= line is the list, its args=
# line the options taking a value, and anything else it mentions must exist.
parse_bash() {
	awk -v fn="_rampart_$2" "$awk_tokens"'
	$0 ~ "^" fn "[ \t]*\\(\\)" { inf = 1; found = 1; next }
	inf && /^}/ { inf = 0 }
	!inf { next }
	{
		line = $0
		if (line ~ /^[ \t]*(local[ \t]+)?opts=/) { v = line; sub(/^[^=]*=/, "", v); tokens(v, "L") }
		if (line ~ /^[ \t]*(local[ \t]+)?args=/) { v = line; sub(/^[^=]*=/, "", v); tokens(v, "V") }
		tokens(line, "M")
	}
	END { if (found) print "F " fn }' "$1"
}

# zsh: the body of _rampart_CMD(); descriptions in [...] and the flags of
# _arguments itself are left out.
parse_zsh() {
	awk -v fn="_rampart_$2" "$awk_tokens"'
	$0 ~ "^" fn "[ \t]*\\(\\)" { inf = 1; found = 1; next }
	inf && /^}/ { inf = 0 }
	!inf { next }
	{
		line = $0
		gsub(/\[[^]]*\]/, "[]", line)
		sub(/_arguments([ \t]+-[A-Za-z]+)*/, "", line)
		sub(/#.*/, "", line)
		tokens(line, "L")
	}
	END { if (found) print "F " fn }' "$1" | awk '{ print } $1 == "L" { print "M " $2 }'
}

# fish: the complete lines whose condition is "__rampart_using CMD"; -l/-s
# name options, -r/-x mark a value.
parse_fish() {
	awk -v cmd="$2" '
	function words(s, w,    n, c, q, cur, i, inword) {
		n = 0; q = ""; cur = ""; inword = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (q != "") { if (c == q) q = ""; else cur = cur c; continue }
			if (c == "\047" || c == "\"") { q = c; inword = 1; continue }
			if (c == " " || c == "\t") { if (inword) { w[++n] = cur; cur = ""; inword = 0 }; continue }
			if (c == "#" && !inword) break
			cur = cur c; inword = 1
		}
		if (inword) w[++n] = cur
		return n
	}
	/^[ \t]*complete[ \t]/ {
		n = words($0, w)
		cond = ""; for (i = 1; i < n; i++) if (w[i] == "-n" || w[i] == "--condition") cond = w[i + 1]
		if (cond !~ ("(^|[; \t])__rampart_using[ \t]+" cmd "([; \t]|$)")) next
		found = 1; val = 0; delete names; m = 0
		for (i = 2; i <= n; i++) {
			a = w[i]
			if (a == "-l" || a == "--long-option") { names[++m] = "--" w[++i]; continue }
			if (a == "-s" || a == "--short-option") { names[++m] = "-" w[++i]; continue }
			if (a == "-o" || a == "--old-option") { names[++m] = "-" w[++i]; continue }
			if (a ~ /^--long-option=/) { sub(/^[^=]*=/, "", a); names[++m] = "--" a; continue }
			if (a ~ /^--short-option=/) { sub(/^[^=]*=/, "", a); names[++m] = "-" a; continue }
			if (a == "-r" || a == "-x" || a == "--require-parameter" || a == "--exclusive") { val = 1; continue }
			if (a ~ /^-[a-zA-Z]*[rx][a-zA-Z]*$/ && a !~ /^--/ && length(a) > 2) val = 1
			if (a ~ /^(-[cnadw]|--command|--condition|--arguments|--description|--wraps)$/) i++
		}
		for (j = 1; j <= m; j++) { print "L " names[j]; print "M " names[j]; if (val) print "V " names[j] }
	}
	END { if (found) print "F __rampart_using " cmd }' "$1"
}

# ---------------------------------------------------------------------------
# Checks. Each prints one "FAIL ..." line per problem and returns 1 on any.
# ---------------------------------------------------------------------------

# check_man CMD MANPAGE: the OPTIONS of the page against the help records.
check_man() {
	local cmd=$1 page=$2 rel=${2#"$src"/} bad=0 long short arg mlong mshort marg
	if [ ! -f "$page" ]; then
		echo "FAIL $cmd: man page $rel is missing"
		return 1
	fi
	parse_man_options "$page" >"$tmp/man"
	while read -r long short arg; do
		if ! grep -q -- "^$long " "$tmp/man"; then
			echo "FAIL $cmd: $long is missing from the OPTIONS of $rel"
			bad=1
			continue
		fi
		read -r mlong mshort marg <<<"$(grep -- "^$long " "$tmp/man" | head -n 1)"
		if [ "$short" != "$mshort" ]; then
			if [ "$short" != - ]; then
				echo "FAIL $cmd: $short (short for $long) is missing from $rel"
			else
				echo "FAIL $cmd: $mshort (short for $long) in $rel is not printed by 'rampart $cmd --help' (stale)"
			fi
			bad=1
		fi
		if [ "$arg" != "?" ] && [ "$arg" != "$marg" ]; then
			echo "FAIL $cmd: $long takes '${arg/#-/no value}' per --help but '${marg/#-/no value}' in $rel"
			bad=1
		fi
	done <"$tmp/help.$cmd"
	while read -r mlong mshort marg; do
		if ! grep -q -- "^$mlong " "$tmp/help.$cmd"; then
			echo "FAIL $cmd: $mlong in the OPTIONS of $rel is not printed by 'rampart $cmd --help' (stale)"
			bad=1
		fi
	done <"$tmp/man"
	while read -r mlong; do
		if ! grep -qx -- "$mlong" "$tmp/all-longs"; then
			echo "FAIL $cmd: $rel mentions $mlong, which no 'rampart CMD --help' prints (stale)"
			bad=1
		fi
	done < <(man_mentions "$page")
	return $bad
}

# check_completion CMD KIND FILE: the command's part of a completion file.
check_completion() {
	local cmd=$1 kind=$2 file=$3 rel=${3#"$src"/} bad=0 long short arg o k
	if [ ! -f "$file" ]; then
		echo "FAIL $cmd: completion file $rel is missing"
		return 1
	fi
	"parse_$kind" "$file" "$cmd" | sort -u >"$tmp/comp"
	if ! grep -q '^F ' "$tmp/comp"; then
		echo "FAIL $cmd: $rel has no completions for '$cmd'"
		return 1
	fi
	while read -r long short arg; do
		for o in "$long" "$short"; do
			[ "$o" = - ] && continue
			if ! grep -qx -- "L $o" "$tmp/comp"; then
				echo "FAIL $cmd: $o is missing from the '$cmd' completions in $rel"
				bad=1
				continue
			fi
			[ "$arg" = "?" ] && continue
			if [ "$arg" != - ] && ! grep -qx -- "V $o" "$tmp/comp"; then
				echo "FAIL $cmd: $o takes $arg but the '$cmd' completions in $rel complete no value for it"
				bad=1
			elif [ "$arg" = - ] && grep -qx -- "V $o" "$tmp/comp"; then
				echo "FAIL $cmd: $o takes no value but the '$cmd' completions in $rel expect one"
				bad=1
			fi
		done
	done <"$tmp/help.$cmd"
	while read -r k o; do
		[ "$k" = F ] && continue
		if ! grep -q -- " $o\$" "$tmp/help.opts.$cmd"; then
			echo "FAIL $cmd: $o in the '$cmd' completions of $rel is not printed by 'rampart $cmd --help' (stale)"
			bad=1
		fi
	done < <(grep -v '^F ' "$tmp/comp" | awk '!seen[$2]++')
	return $bad
}

# The text of a command's part of a completion file: the body of
# _rampart_CMD() (bash, zsh) or the complete lines for CMD (fish).
completion_part() {
	local kind=$1 file=$2 cmd=$3
	case $kind in
	bash | zsh) awk -v fn="_rampart_$cmd" '$0 ~ "^" fn "[ \t]*\\(\\)" { on = 1; next } on && /^}/ { on = 0 } on' "$file" ;;
	fish) grep -E "__rampart_using $cmd([; ]|'|\$)" "$file" ;;
	esac
}

# check_verbs CMD MANPAGE: each action --help lists, named in the man page and every completion file.
check_verbs() {
	local cmd=$1 page=$2 bad=0 verb kind file
	[ -s "$tmp/verbs.$cmd" ] || return 0
	while read -r verb; do
		if ! man_text "$page" | grep -qw -- "$verb"; then
			echo "FAIL $cmd: the action '$verb' is missing from ${page#"$src"/}"
			bad=1
		fi
		for kind in bash zsh fish; do
			case $kind in
			bash) file=$src/completions/rampart.bash ;;
			zsh) file=$src/completions/_rampart ;;
			fish) file=$src/completions/rampart.fish ;;
			esac
			if ! completion_part "$kind" "$file" "$cmd" | grep -qw -- "$verb"; then
				echo "FAIL $cmd: the action '$verb' is missing from the '$cmd' completions in ${file#"$src"/}"
				bad=1
			fi
		done
	done <"$tmp/verbs.$cmd"
	return $bad
}

record() {
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
}

# ---------------------------------------------------------------------------
# The commands, and what each prints.
# ---------------------------------------------------------------------------

if ! "$bin" help >"$tmp/help" 2>"$tmp/err"; then
	echo "check_docs: '$bin help' failed: $(head -n 1 "$tmp/err")" >&2
	exit 2
fi
commands=$(awk '/^commands:/ { on = 1; next } on && /^[ \t]*$/ { exit } on && /^[ \t]+[a-z]/ { print $1 }' "$tmp/help")
if [ -z "$commands" ]; then
	echo "check_docs: no \"commands:\" section in the output of '$bin help'" >&2
	exit 2
fi

: >"$tmp/all-longs"
for cmd in $commands; do
	if "$bin" "$cmd" --help >"$tmp/out" 2>"$tmp/err" && grep -q '^options:' "$tmp/out"; then
		:
	elif "$bin" help "$cmd" >"$tmp/out" 2>"$tmp/err" && grep -q '^options:' "$tmp/out"; then
		echo "note: 'rampart $cmd --help' did not print the options; used 'rampart help $cmd'"
	else
		echo "FAIL $cmd: neither 'rampart $cmd --help' nor 'rampart help $cmd' prints options"
		: >"$tmp/out"
		touch "$tmp/broken.$cmd"
	fi
	parse_help <"$tmp/out" >"$tmp/help.$cmd"
	awk '/^actions:/ { on = 1; next } on && /^[ \t]*$/ { exit } on && /^[ \t]+[a-z]/ { print $1 }' "$tmp/out" >"$tmp/verbs.$cmd"
	# every option string the command knows, long and short, one a line
	awk '{ print "x " $1; if ($2 != "-") print "x " $2 }' "$tmp/help.$cmd" >"$tmp/help.opts.$cmd"
	awk '$1 ~ /^--/ { print $1 }' "$tmp/help.$cmd" >>"$tmp/all-longs"
done
sort -u -o "$tmp/all-longs" "$tmp/all-longs"

for cmd in $commands; do
	case $cmd in
	version | help) page=$src/man/rampart.1 ;;
	*) page=$src/man/rampart-$cmd.1 ;;
	esac
	if [ -e "$tmp/broken.$cmd" ]; then
		for _ in 1 2 3 4; do record 1; done
		continue
	fi
	check_man "$cmd" "$page"
	record $?
	check_verbs "$cmd" "$page"
	record $?
	check_completion "$cmd" bash "$src/completions/rampart.bash"
	record $?
	check_completion "$cmd" zsh "$src/completions/_rampart"
	record $?
	check_completion "$cmd" fish "$src/completions/rampart.fish"
	record $?
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

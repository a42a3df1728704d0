# completions/rampart.bash - bash completion for rampart
#
# Install as /usr/share/bash-completion/completions/rampart, or source it.
# Each command has a function _rampart_<command> whose opts list is the
# command's option table (cmd/cmd_<command>.c) and whose args list names the
# options that take a value; tests/docs/check_docs.sh fails when they drift
# from `rampart <command> --help`.

_rampart_commands='scan gate findings baseline waiver coverage compliance audit ai bom-export db sbom policy vex rules version help serve worker admin'

# Offers the words of $1 that start with $cur.
_rampart_words()
{
	mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

# Offers file names, or directory names with "dirs".
_rampart_files()
{
	if [[ ${1-} == dirs ]]; then
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
	else
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
	fi
	compopt -o filenames 2>/dev/null
}

# Completes what needs no knowledge of positionals: the value of an option of
# $2 (nothing to offer: free text) or, for a word starting with "-", the
# options of $1. Otherwise returns 1 with _rampart_pos set to the positional
# words between the command and the word being completed.
_rampart_default()
{
	local opts=$1 args=$2 i w skip=
	if [[ -n $opt && " $args " == *" $opt "* ]]; then
		COMPREPLY=()
		return 0
	fi
	if [[ $cur == -* ]]; then
		_rampart_words "$opts"
		return 0
	fi
	_rampart_pos=()
	for ((i = _rampart_cmdi + 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [[ $w == = ]]; then
			skip=1
			continue
		fi
		if [[ -n $skip ]]; then
			skip=
			continue
		fi
		case $w in
		--*=*) ;;
		-?*) [[ " $args " == *" $w "* ]] && skip=1 ;;
		*) _rampart_pos+=("$w") ;;
		esac
	done
	return 1
}

_rampart_scan()
{
	local opts='--db --database-url -f --format -o --output --branch --default-branch --token-env -a --analyzers -e --exclude --no-default-excludes --follow-symlinks -j --jobs --min-confidence --max-file-size --secret-rules --rules --no-builtin-rules --scan-type --history --history-from-enclosing-repo --verify --pr --baseline-ref --vex --include-tests --test-path --no-suppressions --fail-on --fail-on-new --fail-on-skip --stats --no-store -q --quiet -h --help'
	local args='--db --database-url -f --format -o --output --branch --default-branch --token-env -a --analyzers -e --exclude -j --jobs --min-confidence --max-file-size --secret-rules --rules --scan-type --pr --baseline-ref --vex --test-path --fail-on --fail-on-new'
	case $opt in
	--db | -o | --output | --vex) _rampart_files ;;
	--secret-rules | --rules) _rampart_files dirs ;;
	-f | --format) _rampart_words 'text json sarif' ;;
	--scan-type) _rampart_words 'smart deep' ;;
	--fail-on|--fail-on-new) _rampart_words 'critical high medium low' ;;
	*) _rampart_default "$opts" "$args" || _rampart_files dirs ;;
	esac
}

_rampart_gate()
{
	local opts='--db --database-url -f --format -o --output -r --repo --pr --stored --set --enable --disable --new-code-only -h --help'
	local args='--db --database-url -f --format -o --output -r --repo --pr --set --new-code-only'
	case $opt in
	--db | -o | --output) _rampart_files ;;
	-f | --format) _rampart_words 'text json sarif' ;;
	--new-code-only) _rampart_words 'true false' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]}:${_rampart_pos[0]-} in
		0:) _rampart_words 'config' ;;
		1:config) _rampart_words 'show set reset' ;;
		esac
		;;
	esac
}

_rampart_findings()
{
	local opts='--db --database-url -f --format -o --output -r --repo -s --severity -n --new --rule --path --category --include-fp --reason --status --justification -h --help'
	local args='--db --database-url -f --format -o --output -r --repo -s --severity --rule --path --category --reason --status --justification'
	case $opt in
	--db | -o | --output) _rampart_files ;;
	-f | --format) _rampart_words 'text json sarif' ;;
	-s | --severity) _rampart_words 'critical high medium low' ;;
	--category) _rampart_words 'security secret iac quality sca ai' ;;
	--status) _rampart_words 'open accepted_risk not_applicable false_positive wont_fix in_progress fixed' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'mark-fp unmark triage' ;;
		esac
		;;
	esac
}

_rampart_baseline()
{
	local opts='--db --database-url -f --format -r --repo -h --help'
	local args='--db --database-url -f --format -r --repo'
	case $opt in
	--db) _rampart_files ;;
	-f | --format) _rampart_words 'text json' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'show rebuild' ;;
		esac
		;;
	esac
}

_rampart_waiver()
{
	local opts='--db --database-url -f --format --rule --reason -r --repo --pr --expires --days --all -h --help'
	local args='--db --database-url -f --format --rule --reason -r --repo --pr --expires --days'
	case $opt in
	--db) _rampart_files ;;
	-f | --format) _rampart_words 'text json' ;;
	--rule) _rampart_words 'new_critical_max new_high_max duplication_pct_max complexity_new_max rating_min new_coverage_min' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'add list revoke' ;;
		esac
		;;
	esac
}

_rampart_coverage()
{
	local opts='--db --database-url -f --format -s --scan -r --repo --report-format --root -h --help'
	local args='--db --database-url -f --format -s --scan -r --repo --report-format --root'
	case $opt in
	--db) _rampart_files ;;
	--root) _rampart_files ;;
	-f | --format) _rampart_words 'text json' ;;
	--report-format) _rampart_words 'auto cobertura jacoco clover lcov rampart' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'import' ;;
		*) _rampart_files ;;
		esac
		;;
	esac
}

# The keys of the built-in compliance frameworks.
_rampart_frameworks='owasp owasp2025 nist_csf soc2 iso27001 pcidss hipaa'

_rampart_compliance()
{
	local opts='--db --database-url -f --format -r --repo --framework --days -o --output --all --none -h --help'
	local args='--db --database-url -f --format -r --repo --framework --days -o --output'
	case $opt in
	--db | -o | --output) _rampart_files ;;
	-f | --format) _rampart_words 'text json html md pdf' ;;
	--framework) _rampart_words "$_rampart_frameworks" ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]}:${_rampart_pos[0]-}:${_rampart_pos[1]-} in
		0::) _rampart_words 'frameworks controls score trend enable disable custom validate report' ;;
		1:controls: | 1:enable: | 1:disable:) _rampart_words "$_rampart_frameworks" ;;
		1:custom:) _rampart_words 'add rm' ;;
		1:validate: | 2:custom:add) _rampart_files ;;
		esac
		;;
	esac
}

_rampart_audit()
{
	local opts='--db --database-url -f --format -n --limit -h --help'
	local args='--db --database-url -f --format -n --limit'
	case $opt in
	--db) _rampart_files ;;
	-f | --format) _rampart_words 'text json' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'list' ;;
		esac
		;;
	esac
}

_rampart_ai()
{
	local opts='-r --repo -t --type --risk --approval --status --reason --expected-version --unset --scope --finding --rule --expires --days --all -s --search --severity --owasp --coverage -n --limit --skip -f --format -o --output --db --database-url -h --help'
	local args='-r --repo -t --type --risk --approval --status --reason --expected-version --scope --finding --rule --expires --days -s --search --severity --owasp --coverage -n --limit --skip -f --format -o --output --db --database-url'
	case $opt in
	-o | --output | --db) _rampart_files ;;
	-t | --type) _rampart_words 'provider model dataset agent_framework agent mcp_server mcp_client vector_store prompt model_artifact tool runtime' ;;
	--risk) _rampart_words 'low medium high critical' ;;
	--approval) _rampart_words 'unreviewed approved restricted denied' ;;
	--status) _rampart_words 'active removed open acknowledged accepted_risk resolved dismissed unreviewed approved restricted denied' ;;
	--scope) _rampart_words 'organization repository finding' ;;
	--severity) _rampart_words 'critical high medium low' ;;
	--owasp) _rampart_words 'LLM01 LLM02 LLM03 LLM04 LLM05 LLM06 LLM07 LLM08 LLM09 LLM10' ;;
	--coverage) _rampart_words 'complete partial' ;;
	-f | --format) _rampart_words 'text json' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]}:${_rampart_pos[0]-} in
		0:) _rampart_words 'assets findings runs policy approve triage waiver declare graph export' ;;
		1:policy) _rampart_files ;;
		1:waiver) _rampart_words 'add list revoke' ;;
		1:export) _rampart_words 'assets findings' ;;
		2:declare) _rampart_files ;;
		esac
		;;
	esac
}

_rampart_bom-export()
{
	local opts='-f --format -r --repo --generation -o --output --allow-incomplete -e --exclude --db --database-url -h --help'
	local args='-f --format -r --repo --generation -o --output -e --exclude --db --database-url'
	case $opt in
	-o | --output | --db) _rampart_files ;;
	-f | --format) _rampart_words 'cyclonedx-1.7-json spdx-3.0.1-jsonld' ;;
	*)
		_rampart_default "$opts" "$args" && return
		_rampart_files dirs
		;;
	esac
}

_rampart_db()
{
	local opts='--db --database-url -f --format --feeds --cache --force --allow-shrink -h --help'
	local args='--db --database-url -f --format --feeds --cache'
	case $opt in
	--db | --feeds) _rampart_files ;;
	--cache) _rampart_files dirs ;;
	-f | --format) _rampart_words 'text json' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'import update status' ;;
		*) _rampart_files ;;
		esac
		;;
	esac
}

_rampart_sbom()
{
	local opts='-f --format --spec-version --vulns -o --output --name -e --exclude --no-default-excludes --db --database-url -h --help'
	local args='-f --format --spec-version -o --output --name -e --exclude --db --database-url'
	case $opt in
	--db | -o | --output) _rampart_files ;;
	-f | --format) _rampart_words 'cyclonedx-json spdx-json' ;;
	--spec-version) _rampart_words '1.5 1.6' ;;
	*)
		_rampart_default "$opts" "$args" && return
		_rampart_files dirs
		;;
	esac
}

_rampart_policy()
{
	local opts='-p --policy --no-default -f --format -o --output -e --exclude --vex -r --repo --db --database-url -h --help'
	local args='-p --policy -f --format -o --output -e --exclude --vex -r --repo --db --database-url'
	case $opt in
	-p | --policy | -o | --output | --vex | --db) _rampart_files ;;
	-f | --format) _rampart_words 'text json' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]}:${_rampart_pos[0]-} in
		0:) _rampart_words 'validate check sla' ;;
		1:validate) _rampart_files ;;
		1:check) _rampart_files dirs ;;
		esac
		;;
	esac
}

_rampart_vex()
{
	local opts='-f --format -o --output -r --repo --author --db --database-url -h --help'
	local args='-f --format -o --output -r --repo --author --db --database-url'
	case $opt in
	-o | --output | --db) _rampart_files ;;
	-f | --format) _rampart_words 'cyclonedx openvex' ;;
	*) _rampart_default "$opts" "$args" ;;
	esac
}

_rampart_serve()
{
	local opts='-c --config -l --listen --db --database-url --data-dir --workers --tls-cert --tls-key --access-log --check-config -h --help'
	local args='-c --config -l --listen --db --database-url --data-dir --workers --tls-cert --tls-key --access-log'
	case $opt in
	-c | --config | --db | --tls-cert | --tls-key | --access-log) _rampart_files ;;
	--data-dir) _rampart_files dirs ;;
	*) _rampart_default "$opts" "$args" ;;
	esac
}

_rampart_worker()
{
	local opts='--db --database-url --threads --allow-local-repos --git-hosts --token-key --github-api-url --gitlab-api-url --bitbucket-api-url --public-url --tmp-dir --scheduler-interval --lease --grace -h --help'
	local args='--db --database-url --threads --git-hosts --token-key --github-api-url --gitlab-api-url --bitbucket-api-url --public-url --tmp-dir --scheduler-interval --lease --grace'
	case $opt in
	--db | --token-key) _rampart_files ;;
	--tmp-dir) _rampart_files dirs ;;
	*) _rampart_default "$opts" "$args" ;;
	esac
}

_rampart_admin()
{
	local opts='--plan --timezone --org --email --role --password-env --db --database-url -h --help'
	local args='--plan --timezone --org --email --role --password-env --db --database-url'
	case $opt in
	--db) _rampart_files ;;
	--plan) _rampart_words 'free team enterprise' ;;
	--role) _rampart_words 'SUPER_ADMIN ORG_OWNER ORG_ADMIN MEMBER VIEWER' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]} in
		0) _rampart_words 'org user' ;;
		1) _rampart_words 'create timezone' ;;
		esac
		;;
	esac
}

_rampart_rules()
{
	local opts='--rules --no-builtin -l --lang -f --format -v --verbose -h --help'
	local args='--rules -l --lang -f --format'
	case $opt in
	--rules) _rampart_files dirs ;;
	-f | --format) _rampart_words 'text json' ;;
	-l | --lang) _rampart_words 'python javascript typescript tsx java go c cpp csharp ruby php kotlin rust bash hcl terraform yaml json dockerfile' ;;
	*)
		_rampart_default "$opts" "$args" && return
		case ${#_rampart_pos[@]}:${_rampart_pos[0]-} in
		0:) _rampart_words 'list show test validate tree' ;;
		1:validate | 1:tree) _rampart_files ;;
		esac
		;;
	esac
}

_rampart_version()
{
	local opts='-h --help'
	local args=''
	_rampart_default "$opts" "$args"
}

_rampart_help()
{
	local opts='-h --help'
	local args=''
	_rampart_default "$opts" "$args" && return
	case ${#_rampart_pos[@]} in
	0) _rampart_words "$_rampart_commands" ;;
	esac
}

_rampart()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' opt='' cmd='' prefix='' _rampart_cmdi=0 i
	local -a _rampart_pos=()

	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# The option whose value is being completed: "--opt VALUE", or
	# "--opt=VALUE" whether readline split it at the "=" or not.
	if [[ $cur == = ]]; then
		opt=$prev
		cur=
	elif [[ $prev == = ]] && ((COMP_CWORD >= 2)); then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	elif [[ $cur == --*=* ]]; then
		opt=${cur%%=*}
		prefix=$opt=
		cur=${cur#*=}
	elif [[ $prev == -* ]]; then
		opt=$prev
	fi

	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*)
			cmd=${COMP_WORDS[i]}
			_rampart_cmdi=$i
			break
			;;
		esac
	done

	COMPREPLY=()
	if [[ -z $cmd ]]; then
		opt=
		if [[ $cur == -* ]]; then
			_rampart_words '-h --help'
		else
			_rampart_words "$_rampart_commands"
		fi
		return 0
	fi
	if declare -F "_rampart_$cmd" >/dev/null; then
		"_rampart_$cmd"
	fi
	# readline did not split "--opt=VALUE": the replies replace the whole word
	if [[ -n $prefix && ${#COMPREPLY[@]} -gt 0 ]]; then
		COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
	fi
	return 0
}

complete -F _rampart rampart

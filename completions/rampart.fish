# completions/rampart.fish - fish completion for rampart
#
# Install in ~/.config/fish/completions/ or a directory of
# $fish_complete_path. Every option line names its command with
# "__rampart_using <command>" and follows that command's option table
# (cmd/cmd_<command>.c): -r/-x mark an option that takes a value.
# tests/docs/check_docs.sh fails when they drift from `rampart <command> --help`.

set -l __rampart_commands scan gate findings baseline waiver coverage compliance audit ai bom-export db sbom policy vex rules version help serve worker admin

# True while no command has been typed yet.
function __rampart_needs_command
    set -l words (commandline -opc)
    for w in $words[2..-1]
        switch $w
            case '-*'
                continue
            case '*'
                return 1
        end
    end
    return 0
end

# True when the command typed is $argv[1].
function __rampart_using
    set -l words (commandline -opc)
    for w in $words[2..-1]
        switch $w
            case '-*'
                continue
            case '*'
                test "$w" = "$argv[1]"
                return
        end
    end
    return 1
end

# The number of words after the command, options and their values left out
# (roughly: a word after an option that takes a value is that value).
function __rampart_npos
    set -l words (commandline -opc)
    set -l n 0
    set -l seen 0
    for w in $words[2..-1]
        if test $seen -eq 0
            string match -q -- '-*' $w; or set seen 1
            continue
        end
        string match -q -- '-*' $w; or set n (math $n + 1)
    end
    echo $n
end

complete -c rampart -f

# commands
complete -c rampart -n __rampart_needs_command -s h -l help -d 'show the commands'
complete -c rampart -n __rampart_needs_command -a scan -d 'scan a directory, a git work tree or a git URL'
complete -c rampart -n __rampart_needs_command -a gate -d 'evaluate the quality gate of a scan, or configure it'
complete -c rampart -n __rampart_needs_command -a findings -d 'list the findings of a scan, mark false positives'
complete -c rampart -n __rampart_needs_command -a baseline -d 'show or rebuild the baseline of a repository'
complete -c rampart -n __rampart_needs_command -a waiver -d 'add, list and revoke quality-gate waivers'
complete -c rampart -n __rampart_needs_command -a coverage -d 'import a test coverage report onto a scan'
complete -c rampart -n __rampart_needs_command -a compliance -d 'score, trend and report on compliance frameworks'
complete -c rampart -n __rampart_needs_command -a audit -d 'read the audit log'
complete -c rampart -n __rampart_needs_command -a ai -d 'read and govern the AI assets, findings and runs the scans recorded'
complete -c rampart -n __rampart_needs_command -a bom-export -d 'write the AI bill of materials'
complete -c rampart -n __rampart_needs_command -a db -d 'import vulnerability data, or show the database'
complete -c rampart -n __rampart_needs_command -a sbom -d 'write the software bill of materials of a tree'
complete -c rampart -n __rampart_needs_command -a policy -d 'validate a dependency policy, or check a tree against it'
complete -c rampart -n __rampart_needs_command -a vex -d 'export the triage decisions of a repository as VEX'
complete -c rampart -n __rampart_needs_command -a serve -d 'serve the HTTP API over the database'
complete -c rampart -n __rampart_needs_command -a worker -d 'run the scans the server queues'
complete -c rampart -n __rampart_needs_command -a admin -d 'create organizations and users in the database'
complete -c rampart -n __rampart_needs_command -a rules -d 'list, show, test and validate the code and IaC rules'
complete -c rampart -n __rampart_needs_command -a version -d 'print the versions of rampart and its analyzers'
complete -c rampart -n __rampart_needs_command -a help -d 'list the commands, or show the options of one'

# scan [options] PATH|URL
complete -c rampart -n '__rampart_using scan' -F
complete -c rampart -n '__rampart_using scan' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using scan' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using scan' -s f -l format -x -a 'text json sarif' -d 'output format'
complete -c rampart -n '__rampart_using scan' -s o -l output -r -F -d 'write the report to a file'
complete -c rampart -n '__rampart_using scan' -l branch -x -d 'branch to check out, or the branch this tree is'
complete -c rampart -n '__rampart_using scan' -l default-branch -x -d 'the default branch of the repository'
complete -c rampart -n '__rampart_using scan' -l token-env -x -a '(set -xn)' -d 'environment variable holding the https token'
complete -c rampart -n '__rampart_using scan' -s a -l analyzers -x -a 'all none hygiene secrets sast' -d 'analyzers to run, comma-separated'
complete -c rampart -n '__rampart_using scan' -s e -l exclude -x -d 'leave out paths matching a glob (repeatable)'
complete -c rampart -n '__rampart_using scan' -l no-default-excludes -d 'also scan node_modules, vendor, build output and bundles'
complete -c rampart -n '__rampart_using scan' -l follow-symlinks -d 'follow symlinks whose target is inside the tree'
complete -c rampart -n '__rampart_using scan' -s j -l jobs -x -d 'worker threads'
complete -c rampart -n '__rampart_using scan' -l min-confidence -x -d 'drop findings below this confidence, 0-100'
complete -c rampart -n '__rampart_using scan' -l max-file-size -x -d 'skip the contents of larger files (bytes)'
complete -c rampart -n '__rampart_using scan' -l verify -d 'ask each provider whether a found credential is live'
complete -c rampart -n '__rampart_using scan' -l history -d 'also scan every blob in the git history for secrets'
complete -c rampart -n '__rampart_using scan' -l history-from-enclosing-repo -d 'history of the enclosing repository, limited to this directory'
complete -c rampart -n '__rampart_using scan' -l secret-rules -x -a '(__fish_complete_directories)' -d 'add the secret rules in DIR/*.yaml'
complete -c rampart -n '__rampart_using scan' -l rules -x -a '(__fish_complete_directories)' -d 'add the code and IaC rules under DIR'
complete -c rampart -n '__rampart_using scan' -l no-builtin-rules -d 'run only the code and IaC rules of --rules and .rampart/rules'
complete -c rampart -n '__rampart_using scan' -l scan-type -x -a 'smart deep' -d 'scan type'
complete -c rampart -n '__rampart_using scan' -l pr -x -d 'pull request number the scan belongs to'
complete -c rampart -n '__rampart_using scan' -l baseline-ref -x -d 'judge new findings against the merge base with this ref in git'
complete -c rampart -n '__rampart_using scan' -l vex -r -F -d 'leave out what a VEX document says is not_affected'
complete -c rampart -n '__rampart_using scan' -l include-tests -d 'judge test and example code as production code'
complete -c rampart -n '__rampart_using scan' -l test-path -x -d 'also treat paths matching a glob as test code (repeatable)'
complete -c rampart -n '__rampart_using scan' -l no-suppressions -d 'ignore rampart:ignore, nosec, nosemgrep, NOSONAR and noqa comments'
complete -c rampart -n '__rampart_using scan' -l fail-on -x -a 'critical high medium low' -d 'exit 1 on a finding at this severity or above'
complete -c rampart -n '__rampart_using scan' -l fail-on-new -x -a 'critical high medium low' -d 'exit 1 on a new finding at this severity or above'
complete -c rampart -n '__rampart_using scan' -l fail-on-skip -d 'exit 1 when a file could not be (fully) analyzed'
complete -c rampart -n '__rampart_using scan' -l stats -d 'report files, bytes and per-analyzer time'
complete -c rampart -n '__rampart_using scan' -l no-store -d 'do not record the scan in the database'
complete -c rampart -n '__rampart_using scan' -s q -l quiet -d 'no progress line'
complete -c rampart -n '__rampart_using scan' -s h -l help -d 'show this help'

# gate [options] [SCAN_ID]; gate config show|set|reset
complete -c rampart -n '__rampart_using gate; and test (__rampart_npos) -eq 0' -a config -d 'show or change the gate configuration'
complete -c rampart -n '__rampart_using gate; and __fish_seen_subcommand_from config; and test (__rampart_npos) -eq 1' -a 'show set reset'
complete -c rampart -n '__rampart_using gate' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using gate' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using gate' -s f -l format -x -a 'text json sarif' -d 'output format'
complete -c rampart -n '__rampart_using gate' -s o -l output -r -F -d 'write the report to a file'
complete -c rampart -n '__rampart_using gate' -s r -l repo -x -d 'the newest scan of this repository'
complete -c rampart -n '__rampart_using gate' -l pr -x -d 'evaluate as this pull request'
complete -c rampart -n '__rampart_using gate' -l stored -d 'show the status stored when the scan completed'
complete -c rampart -n '__rampart_using gate' -l set -x -a 'new_critical_max= new_high_max= duplication_pct_max= complexity_new_max= rating_min= new_coverage_min=' -d 'config set: a policy key=value'
complete -c rampart -n '__rampart_using gate' -l enable -d 'config set: turn the gate on'
complete -c rampart -n '__rampart_using gate' -l disable -d 'config set: turn the gate off'
complete -c rampart -n '__rampart_using gate' -l new-code-only -x -a 'true false' -d 'config set: evaluate only new findings'
complete -c rampart -n '__rampart_using gate' -s h -l help -d 'show this help'

# findings [options] [SCAN_ID]; findings mark-fp|unmark|triage ISSUE_ID
complete -c rampart -n '__rampart_using findings; and test (__rampart_npos) -eq 0' -a mark-fp -d 'mark a finding as a false positive'
complete -c rampart -n '__rampart_using findings; and test (__rampart_npos) -eq 0' -a unmark -d 'remove the false-positive mark'
complete -c rampart -n '__rampart_using findings; and test (__rampart_npos) -eq 0' -a triage -d 'record a triage decision on a dependency finding'
complete -c rampart -n '__rampart_using findings' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using findings' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using findings' -s f -l format -x -a 'text json sarif' -d 'output format'
complete -c rampart -n '__rampart_using findings' -s o -l output -r -F -d 'write the list to a file'
complete -c rampart -n '__rampart_using findings' -s r -l repo -x -d 'the newest scan of this repository'
complete -c rampart -n '__rampart_using findings' -s s -l severity -x -a 'critical high medium low' -d 'only findings at this severity or above'
complete -c rampart -n '__rampart_using findings' -s n -l new -d 'only findings new on this branch'
complete -c rampart -n '__rampart_using findings' -l rule -x -d 'only findings of this rule id'
complete -c rampart -n '__rampart_using findings' -l path -r -F -d 'only findings in files under this prefix'
complete -c rampart -n '__rampart_using findings' -l category -x -a 'security secret iac quality sca ai' -d 'only this category'
complete -c rampart -n '__rampart_using findings' -l include-fp -d 'also list findings marked false positive'
complete -c rampart -n '__rampart_using findings' -l reason -x -d 'mark-fp: why the finding is a false positive'
complete -c rampart -n '__rampart_using findings' -l status -x -a 'open accepted_risk not_applicable false_positive wont_fix in_progress fixed' -d 'triage: the decision'
complete -c rampart -n '__rampart_using findings' -l justification -x -d 'triage: why'
complete -c rampart -n '__rampart_using findings' -s h -l help -d 'show this help'

# baseline show|rebuild [options]
complete -c rampart -n '__rampart_using baseline; and test (__rampart_npos) -eq 0' -a show -d 'count the fingerprints of the baseline'
complete -c rampart -n '__rampart_using baseline; and test (__rampart_npos) -eq 0' -a rebuild -d 'clear the baseline'
complete -c rampart -n '__rampart_using baseline' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using baseline' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using baseline' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using baseline' -s r -l repo -x -d 'repository id, name or URL'
complete -c rampart -n '__rampart_using baseline' -s h -l help -d 'show this help'

# db import PATH... | db update | db status
complete -c rampart -n '__rampart_using db; and test (__rampart_npos) -eq 0' -a 'import update status' -d 'action'
complete -c rampart -n '__rampart_using db' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using db' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using db' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using db' -l feeds -r -F -d 'update: the feed list to download'
complete -c rampart -n '__rampart_using db' -l cache -x -a '(__fish_complete_directories)' -d 'update: where downloads are kept'
complete -c rampart -n '__rampart_using db' -l force -d 'update: import every feed, even one already held'
complete -c rampart -n '__rampart_using db' -l allow-shrink -d 'replace a source even with far fewer records than it held'
complete -c rampart -n '__rampart_using db' -s h -l help -d 'show this help'

# coverage import FILE
complete -c rampart -n '__rampart_using coverage; and test (__rampart_npos) -eq 0' -a import -d 'import a coverage report'
complete -c rampart -n '__rampart_using coverage' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using coverage' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using coverage' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using coverage' -s s -l scan -x -d 'the scan the report belongs to'
complete -c rampart -n '__rampart_using coverage' -s r -l repo -x -d 'the newest scan of this repository'
complete -c rampart -n '__rampart_using coverage' -l report-format -x -a 'auto cobertura jacoco clover lcov rampart' -d 'the report format'
complete -c rampart -n '__rampart_using coverage' -l root -r -F -d 'where the report paths start'
complete -c rampart -n '__rampart_using coverage' -s h -l help -d 'show this help'

# compliance frameworks|score|trend|report; compliance controls FRAMEWORK;
# compliance enable|disable FRAMEWORK [CONTROL...]; compliance custom add FILE | custom rm KEY | validate FILE
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a frameworks -d 'list the frameworks and which are enabled'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a controls -d 'list the controls of a framework'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a score -d 'score the enabled frameworks'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a trend -d 'the score at each default-branch scan'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a enable -d 'enable frameworks, or controls marked not applicable'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a disable -d 'disable frameworks, or mark controls not applicable'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a custom -d 'add or remove a custom framework'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a validate -d 'check a custom framework file'
complete -c rampart -n '__rampart_using compliance; and test (__rampart_npos) -eq 0' -a report -d 'an evidence report for an auditor'
complete -c rampart -n '__rampart_using compliance; and __fish_seen_subcommand_from controls enable disable; and test (__rampart_npos) -eq 1' -a 'owasp owasp2025 nist_csf soc2 iso27001 pcidss hipaa' -d 'framework key'
complete -c rampart -n '__rampart_using compliance; and __fish_seen_subcommand_from custom; and test (__rampart_npos) -eq 1' -a 'add rm'
complete -c rampart -n '__rampart_using compliance; and __fish_seen_subcommand_from validate; and test (__rampart_npos) -eq 1' -F
complete -c rampart -n '__rampart_using compliance; and __fish_seen_subcommand_from custom; and __fish_seen_subcommand_from add; and test (__rampart_npos) -eq 2' -F
complete -c rampart -n '__rampart_using compliance' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using compliance' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using compliance' -s f -l format -x -a 'text json html md pdf' -d 'output format; report: html, md or pdf'
complete -c rampart -n '__rampart_using compliance' -s r -l repo -x -d 'the repository (id, name or URL)'
complete -c rampart -n '__rampart_using compliance' -l framework -x -a 'owasp owasp2025 nist_csf soc2 iso27001 pcidss hipaa' -d 'score, trend, report: this framework only'
complete -c rampart -n '__rampart_using compliance' -l days -x -d 'trend: the window, in days'
complete -c rampart -n '__rampart_using compliance' -s o -l output -r -F -d 'report: write to FILE'
complete -c rampart -n '__rampart_using compliance' -l all -d 'enable: every framework'
complete -c rampart -n '__rampart_using compliance' -l none -d 'disable: every framework'
complete -c rampart -n '__rampart_using compliance' -s h -l help -d 'show this help'

# audit list
complete -c rampart -n '__rampart_using audit; and test (__rampart_npos) -eq 0' -a list -d 'list the audit log'
complete -c rampart -n '__rampart_using audit' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using audit' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using audit' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using audit' -s n -l limit -x -d 'at most N entries (0: all)'
complete -c rampart -n '__rampart_using audit' -s h -l help -d 'show this help'

# ai assets|findings|runs|policy|approve|triage|waiver|declare
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a assets -d 'the AI assets of the default branch'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a findings -d 'the AI findings, by OWASP LLM category'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a runs -d 'each scan'"'"'s AI run'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a policy -d 'show or replace the AI policy'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a approve -d 'decide an AI asset'"'"'s approval'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a triage -d 'set an AI finding'"'"'s triage'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a waiver -d 'add, list or revoke AI waivers'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a declare -d 'show or record an AI asset'"'"'s BOM declaration'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a graph -d 'the active AI assets and their relationships as JSON'
complete -c rampart -n '__rampart_using ai; and test (__rampart_npos) -eq 0' -a export -d 'AI assets or findings as CSV'
complete -c rampart -n '__rampart_using ai; and __fish_seen_subcommand_from policy; and test (__rampart_npos) -eq 1' -F
complete -c rampart -n '__rampart_using ai; and __fish_seen_subcommand_from waiver; and test (__rampart_npos) -eq 1' -a 'add list revoke'
complete -c rampart -n '__rampart_using ai; and __fish_seen_subcommand_from export; and test (__rampart_npos) -eq 1' -a 'assets findings'
complete -c rampart -n '__rampart_using ai; and __fish_seen_subcommand_from declare; and test (__rampart_npos) -eq 2' -F
complete -c rampart -n '__rampart_using ai' -s r -l repo -x -d 'one repository (id, name or URL)'
complete -c rampart -n '__rampart_using ai' -s t -l type -x -a 'provider model dataset agent_framework agent mcp_server mcp_client vector_store prompt model_artifact tool runtime' -d 'assets: only this type'
complete -c rampart -n '__rampart_using ai' -l risk -x -a 'low medium high critical' -d 'assets: only this risk level'
complete -c rampart -n '__rampart_using ai' -l approval -x -a 'unreviewed approved restricted denied' -d 'assets: only this approval status'
complete -c rampart -n '__rampart_using ai' -l status -x -a 'active removed open acknowledged accepted_risk resolved dismissed unreviewed approved restricted denied' -d 'assets: active or removed; findings, triage: triage status; approve: approval'
complete -c rampart -n '__rampart_using ai' -l reason -x -d 'approve, triage, waiver add: why'
complete -c rampart -n '__rampart_using ai' -l expected-version -x -d 'policy, declare FILE: the version read (0 for the first)'
complete -c rampart -n '__rampart_using ai' -l unset -d 'policy: delete the repository'"'"'s override'
complete -c rampart -n '__rampart_using ai' -l scope -x -a 'organization repository finding' -d 'waiver add: what the waiver covers'
complete -c rampart -n '__rampart_using ai' -l finding -x -d 'waiver add: the finding of a finding waiver'
complete -c rampart -n '__rampart_using ai' -l rule -x -d 'waiver add: only this AI rule (AI001 to AI025)'
complete -c rampart -n '__rampart_using ai' -l expires -x -d 'waiver add: expiry, ISO 8601 date or time'
complete -c rampart -n '__rampart_using ai' -l days -x -d 'waiver add: expire after N days (1 to 366)'
complete -c rampart -n '__rampart_using ai' -l all -d 'waiver list: revoked and expired ones too'
complete -c rampart -n '__rampart_using ai' -s s -l search -x -d 'assets: name or identity containing TEXT'
complete -c rampart -n '__rampart_using ai' -l severity -x -a 'critical high medium low' -d 'findings: only this severity'
complete -c rampart -n '__rampart_using ai' -l owasp -x -a 'LLM01 LLM02 LLM03 LLM04 LLM05 LLM06 LLM07 LLM08 LLM09 LLM10' -d 'findings: one OWASP LLM category'
complete -c rampart -n '__rampart_using ai' -l coverage -x -a 'complete partial' -d 'runs: only this coverage'
complete -c rampart -n '__rampart_using ai' -s n -l limit -x -d 'at most N rows (0: all)'
complete -c rampart -n '__rampart_using ai' -l skip -x -d 'leave out the first N rows'
complete -c rampart -n '__rampart_using ai' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using ai' -s o -l output -r -F -d 'export: write the CSV to FILE'
complete -c rampart -n '__rampart_using ai' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using ai' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using ai' -s h -l help -d 'show this help'

# bom-export PATH | bom-export --repo REPO [--generation N]
complete -c rampart -n '__rampart_using bom-export' -a '(__fish_complete_directories)'
complete -c rampart -n '__rampart_using bom-export' -s f -l format -x -a 'cyclonedx-1.7-json spdx-3.0.1-jsonld' -d 'document format'
complete -c rampart -n '__rampart_using bom-export' -s r -l repo -x -d 'export a stored generation of REPO'
complete -c rampart -n '__rampart_using bom-export' -l generation -x -d 'with --repo: generation N (default: the latest)'
complete -c rampart -n '__rampart_using bom-export' -s o -l output -r -F -d 'write the document to FILE'
complete -c rampart -n '__rampart_using bom-export' -l allow-incomplete -d 'SPDX: write it even when the AI profile is not satisfied'
complete -c rampart -n '__rampart_using bom-export' -s e -l exclude -x -d 'PATH: leave out paths matching GLOB'
complete -c rampart -n '__rampart_using bom-export' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using bom-export' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using bom-export' -s h -l help -d 'show this help'

# waiver add|list|revoke
complete -c rampart -n '__rampart_using waiver; and test (__rampart_npos) -eq 0' -a add -d 'add a waiver'
complete -c rampart -n '__rampart_using waiver; and test (__rampart_npos) -eq 0' -a list -d 'list waivers'
complete -c rampart -n '__rampart_using waiver; and test (__rampart_npos) -eq 0' -a revoke -d 'revoke a waiver'
complete -c rampart -n '__rampart_using waiver' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using waiver' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using waiver' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using waiver' -l rule -x -a 'new_critical_max new_high_max duplication_pct_max complexity_new_max rating_min new_coverage_min' -d 'add: the policy key to waive'
complete -c rampart -n '__rampart_using waiver' -l reason -x -d 'add: why the violation is accepted'
complete -c rampart -n '__rampart_using waiver' -s r -l repo -x -d 'add: limit to a repository; list: filter'
complete -c rampart -n '__rampart_using waiver' -l pr -x -d 'add: limit to a pull request of the repository'
complete -c rampart -n '__rampart_using waiver' -l expires -x -d 'add: expiry, ISO 8601 date or time'
complete -c rampart -n '__rampart_using waiver' -l days -x -d 'add: expire after this many days (at most 366)'
complete -c rampart -n '__rampart_using waiver' -l all -d 'list: include expired and revoked waivers'
complete -c rampart -n '__rampart_using waiver' -s h -l help -d 'show this help'

# rules list|show|test|validate|tree
complete -c rampart -n '__rampart_using rules; and test (__rampart_npos) -eq 0' -a list -d 'list the rules'
complete -c rampart -n '__rampart_using rules; and test (__rampart_npos) -eq 0' -a show -d 'show one rule'
complete -c rampart -n '__rampart_using rules; and test (__rampart_npos) -eq 0' -a test -d 'run the fixtures of the rules'
complete -c rampart -n '__rampart_using rules; and test (__rampart_npos) -eq 0' -a validate -d 'check a rule file or directory'
complete -c rampart -n '__rampart_using rules; and test (__rampart_npos) -eq 0' -a tree -d 'print the syntax tree of a file'
complete -c rampart -n '__rampart_using rules; and __fish_seen_subcommand_from validate tree; and test (__rampart_npos) -eq 1' -F
complete -c rampart -n '__rampart_using rules' -l rules -x -a '(__fish_complete_directories)' -d 'list, show, test: add the rules under DIR'
complete -c rampart -n '__rampart_using rules' -l no-builtin -d 'list, show, test: leave out the built-in packs'
complete -c rampart -n '__rampart_using rules' -s l -l lang -x -a 'python javascript typescript tsx java go c cpp csharp ruby php kotlin rust bash hcl terraform yaml json dockerfile' -d 'list: only rules for this language'
complete -c rampart -n '__rampart_using rules' -s f -l format -x -a 'text json' -d 'list, show: output format'
complete -c rampart -n '__rampart_using rules' -s v -l verbose -d 'test: print every fixture, not only failures'
complete -c rampart -n '__rampart_using rules' -s h -l help -d 'show this help'

# version
complete -c rampart -n '__rampart_using version' -s h -l help -d 'show this help'

# help [COMMAND]
complete -c rampart -n '__rampart_using help; and test (__rampart_npos) -eq 0' -a "$__rampart_commands"
complete -c rampart -n '__rampart_using help' -s h -l help -d 'show this help'

# sbom PATH
complete -c rampart -n '__rampart_using sbom' -s f -l format -x -a 'cyclonedx-json spdx-json' -d 'document format'
complete -c rampart -n '__rampart_using sbom' -l spec-version -x -a '1.5 1.6' -d 'CycloneDX specification version'
complete -c rampart -n '__rampart_using sbom' -l vulns -d 'add the known vulnerabilities of each component'
complete -c rampart -n '__rampart_using sbom' -s o -l output -r -F -d 'write the document to FILE'
complete -c rampart -n '__rampart_using sbom' -l name -x -d 'the project name in the document'
complete -c rampart -n '__rampart_using sbom' -s e -l exclude -x -d 'leave out paths matching GLOB'
complete -c rampart -n '__rampart_using sbom' -l no-default-excludes -d 'also read node_modules, vendor and build output'
complete -c rampart -n '__rampart_using sbom' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using sbom' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using sbom' -s h -l help -d 'show this help'

# policy validate [FILE] | policy check PATH | policy sla
complete -c rampart -n '__rampart_using policy; and test (__rampart_npos) -eq 0' -a 'validate check sla' -d 'action'
complete -c rampart -n '__rampart_using policy' -s p -l policy -r -F -d 'check, sla: the policy file'
complete -c rampart -n '__rampart_using policy' -s r -l repo -x -d 'sla: the repository (id, name or URL)'
complete -c rampart -n '__rampart_using policy' -l no-default -d 'the file rules alone, not merged onto the default'
complete -c rampart -n '__rampart_using policy' -s f -l format -x -a 'text json' -d 'output format'
complete -c rampart -n '__rampart_using policy' -s o -l output -r -F -d 'check: write the report to FILE'
complete -c rampart -n '__rampart_using policy' -s e -l exclude -x -d 'check: leave out paths matching GLOB'
complete -c rampart -n '__rampart_using policy' -l vex -r -F -d 'check: leave out what a VEX document says is not_affected'
complete -c rampart -n '__rampart_using policy' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using policy' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using policy' -s h -l help -d 'show this help'

# vex
complete -c rampart -n '__rampart_using vex' -s f -l format -x -a 'cyclonedx openvex' -d 'document format'
complete -c rampart -n '__rampart_using vex' -s o -l output -r -F -d 'write the document to FILE'
complete -c rampart -n '__rampart_using vex' -s r -l repo -x -d 'the repository (id, name or URL)'
complete -c rampart -n '__rampart_using vex' -l author -x -d 'who makes the statements'
complete -c rampart -n '__rampart_using vex' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using vex' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using vex' -s h -l help -d 'show this help'

# serve
complete -c rampart -n '__rampart_using serve' -s c -l config -r -F -d 'configuration file'
complete -c rampart -n '__rampart_using serve' -s l -l listen -x -d 'address to listen on (ADDR:PORT)'
complete -c rampart -n '__rampart_using serve' -l db -r -F -d 'SQLite database file'
complete -c rampart -n '__rampart_using serve' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using serve' -l data-dir -x -a '(__fish_complete_directories)' -d 'signing key and work directories'
complete -c rampart -n '__rampart_using serve' -l workers -x -d 'scan workers in this process'
complete -c rampart -n '__rampart_using serve' -l tls-cert -r -F -d 'serve HTTPS with this certificate'
complete -c rampart -n '__rampart_using serve' -l tls-key -r -F -d 'the certificate private key'
complete -c rampart -n '__rampart_using serve' -l access-log -r -F -d 'one JSON line per request'
complete -c rampart -n '__rampart_using serve' -l check-config -d 'check the configuration, then exit'
complete -c rampart -n '__rampart_using serve' -s h -l help -d 'show this help'

# worker
complete -c rampart -n '__rampart_using worker' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using worker' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using worker' -l threads -x -d 'scans this process runs at once'
complete -c rampart -n '__rampart_using worker' -l allow-local-repos -d 'run jobs whose repository is a local path'
complete -c rampart -n '__rampart_using worker' -l git-hosts -x -d 'the only hosts scans may clone from'
complete -c rampart -n '__rampart_using worker' -l token-key -r -F -d 'the server token.key, to open provider tokens'
complete -c rampart -n '__rampart_using worker' -l tmp-dir -x -a '(__fish_complete_directories)' -d 'where clones are made'
complete -c rampart -n '__rampart_using worker' -l github-api-url -x -d 'GitHub Enterprise API root, for pull-request results'
complete -c rampart -n '__rampart_using worker' -l gitlab-api-url -x -d 'a self-hosted GitLab API root'
complete -c rampart -n '__rampart_using worker' -l bitbucket-api-url -x -d 'the Bitbucket API root'
complete -c rampart -n '__rampart_using worker' -l public-url -x -d 'the server address people reach, for links'
complete -c rampart -n '__rampart_using worker' -l scheduler-interval -x -d 'seconds between looks for due scheduled scans'
complete -c rampart -n '__rampart_using worker' -l lease -x -d 'seconds a claimed scan stays this worker'"'"'s'
complete -c rampart -n '__rampart_using worker' -l grace -x -d 'seconds running scans may go on after SIGTERM'
complete -c rampart -n '__rampart_using worker' -s h -l help -d 'show this help'

# admin
complete -c rampart -n '__rampart_using admin; and test (__rampart_npos) -eq 0' -a org -d 'org create NAME'
complete -c rampart -n '__rampart_using admin; and test (__rampart_npos) -eq 0' -a user -d 'user create'
complete -c rampart -n '__rampart_using admin; and test (__rampart_npos) -eq 1' -a create -d 'create one'
complete -c rampart -n '__rampart_using admin; and test (__rampart_npos) -eq 1' -a timezone -d 'org timezone ID ZONE'
complete -c rampart -n '__rampart_using admin' -l plan -x -a 'free team enterprise' -d 'org create: the plan'
complete -c rampart -n '__rampart_using admin' -l timezone -x -d 'org create: the IANA time zone of its schedules'
complete -c rampart -n '__rampart_using admin' -l org -x -d 'user create: the organization id'
complete -c rampart -n '__rampart_using admin' -l email -x -d 'user create: the sign-in email'
complete -c rampart -n '__rampart_using admin' -l role -x -a 'SUPER_ADMIN ORG_OWNER ORG_ADMIN MEMBER VIEWER' -d 'user create: the role'
complete -c rampart -n '__rampart_using admin' -l password-env -x -d 'user create: the variable holding the password'
complete -c rampart -n '__rampart_using admin' -l db -r -F -d 'database file'
complete -c rampart -n '__rampart_using admin' -l database-url -x -d 'a PostgreSQL database instead of a file'
complete -c rampart -n '__rampart_using admin' -s h -l help -d 'show this help'

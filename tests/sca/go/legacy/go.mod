module github.com/example/legacy-cli

go 1.16

require (
	github.com/sirupsen/logrus v1.8.1
	github.com/spf13/cobra v1.1.3
	golang.org/x/sys v0.0.0-20210510120138-977fb7262007 // indirect
)

replace github.com/spf13/cobra => github.com/example/cobra v1.1.4-0.20210601120000-abcdefabcdef

// A module only the dependencies require, replaced by a fork.
replace github.com/russross/blackfriday/v2 => github.com/example/blackfriday/v2 v2.0.2

package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	fmt.Println(run(os.Args[1:]))
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: cli command")
}

func run(args []string) string {
	return args[0]
}

func debugDump(v any) { // expect: unused-private-function
	fmt.Printf("%#v\n", v)
}

// nanotime is implemented in assembly.
func nanotime() int64

func callback_hook() {}

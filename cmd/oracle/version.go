package main

import (
	"fmt"
	"runtime/debug"
)

func init() {
	commands["version"] = command{runVersion, "print the oracle's version"}
}

// version is the module version when built from a tagged module, else "dev".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

func runVersion(args []string) int {
	fmt.Println("oracle", version())
	return 0
}

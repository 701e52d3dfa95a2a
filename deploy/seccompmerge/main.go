package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/deploy"
)

func main() {
	base := flag.String("base", "", "the container runtime's own seccomp profile (JSON)")
	add := flag.String("add", "deploy/seccomp-bwrap-addition.json", "this project's addition")
	out := flag.String("o", "", "where to write the merged profile")
	flag.Parse()
	if err := run(*base, *add, *out); err != nil {
		fmt.Fprintln(os.Stderr, "seccompmerge:", err)
		os.Exit(1)
	}
}

func run(base, add, out string) error {
	if base == "" || out == "" {
		return fmt.Errorf("usage: seccompmerge -base RUNTIME-PROFILE.json [-add ADDITION.json] -o MERGED.json")
	}
	if same(base, out) {
		return fmt.Errorf("-o %s is the base: write the merged profile elsewhere, the runtime's own file stays as it is", out)
	}
	b, err := os.ReadFile(base)
	if err != nil {
		return err
	}
	a, err := os.ReadFile(add)
	if err != nil {
		return err
	}
	merged, err := deploy.Merge(b, a)
	if err != nil {
		return fmt.Errorf("%s: %w", base, err)
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, merged, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// same reports whether two paths name one file (or would).
func same(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	pa, _ := filepath.Abs(a)
	pb, _ := filepath.Abs(b)
	return pa == pb
}

package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"text/tabwriter"

	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
)

// versionInfo is what `oracle version --json` prints.
type versionInfo struct {
	report.OracleVersion
	Go      string          `json:"go"`
	Engines []pinnedVersion `json:"engines"`
}

// pinnedVersion is the version of an engine this binary installs and runs
// (`oracle engines` says which version actually answers here).
type pinnedVersion struct {
	Name   string `json:"name"`
	Pinned string `json:"pinned"`
}

// runVersion implements `oracle version [--json]`: the module version and
// the commit it was built from (debug.ReadBuildInfo: vcs.revision, and
// "modified" for a tree with uncommitted changes), the Go toolchain, and
// the version each engine is pinned at (its lock file, requirements.txt,
// pom.xml, or the Debian 12 package).
func runVersion(args []string) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	fs.Usage = usageOf(fs, "oracle version [--json]")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "oracle version: unexpected arguments %q\n", fs.Args())
		return exitUsageError
	}
	v := versionInfo{OracleVersion: report.Version(), Go: runtime.Version()}
	for _, n := range registry.Canonical {
		if n != "sparqlhttp" {
			v.Engines = append(v.Engines, pinnedVersion{n, pinned(n, v.Version)})
		}
	}
	if *asJSON {
		printJSON(os.Stdout, v)
		return 0
	}
	fmt.Printf("%s\n%s %s\n\n", v.OracleVersion, v.Module, v.Go)
	if v.Commit == "" {
		fmt.Fprintln(os.Stderr, "oracle version: no commit recorded: built with -buildvcs=false and no -ldflags stamp (make build stamps both)")
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENGINE\tPINNED")
	for _, e := range v.Engines {
		fmt.Fprintf(tw, "%s\t%s\n", e.Name, e.Pinned)
	}
	tw.Flush()
	return 0
}

// pinned is an engine's pinned version; the in-house evaluators are the
// oracle's own.
func pinned(name, own string) string {
	if v := install.Pinned(name); v != "" {
		return v
	}
	return own + " (in-house)"
}

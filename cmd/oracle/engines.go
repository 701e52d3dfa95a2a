package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// runEngines implements
//
//	oracle engines [--format table|json] [--config FILE] [--timeout D] [--home DIR]
//	oracle engines install [--home DIR] [NAME...]
//
// Each engine is checked for real (installed files, then a version answer,
// or ASK {} for an endpoint) within the timeout, all at once. The default
// set comes first, then every engine@release `engines install` knows or
// finds installed, with its folder or the command that installs it. JSON is an
// array of {name, version, available, reason, location, install}. Exit 0
// even when engines are unavailable: the listing is the answer; 2 on a
// usage or config error.
func runEngines(args []string) int {
	if len(args) > 0 && args[0] == "install" {
		return runEnginesInstall(args[1:])
	}
	fs := flag.NewFlagSet("engines", flag.ContinueOnError)
	format := fs.String("format", "table", "output format: table or json")
	fs.Func("config", "registry config `FILE` (default $"+registry.ConfigEnv+")", registry.UseConfigFile)
	fs.Func("home", "look for the engines only in `DIR` (default: the checkout, then the data folder)", registry.SetHome)
	timeout := fs.Duration("timeout", 15*time.Second, "per-engine check deadline")
	fs.Usage = usageOf(fs, "oracle engines [flags]\n       oracle engines install [--home DIR] [NAME...]")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *format != "table" && *format != "json" || fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "oracle engines: --format %q and no arguments: want table or json\n", *format)
		return 2
	}
	cfg, err := registry.ActiveConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle engines:", err)
		return 2
	}
	// The default set, then the releases installed beside pinned ones
	// (never in the default set: run only when named, jena@5.6.0).
	names := append(cfg.Known(), registry.ReleaseNames()...)
	st := listing(cfg.ProbeAll(context.Background(), names, *timeout))
	if *format == "json" {
		printJSON(os.Stdout, st)
		return 0
	}
	printEngines(st)
	return 0
}

// engineStatus is one row of `oracle engines`: the probe, and for an
// engine that does not run here the command that installs it.
type engineStatus struct {
	registry.Status
	Install string `json:"install,omitempty"`
}

func listing(st []registry.Status) []engineStatus {
	out := make([]engineStatus, len(st))
	for i, s := range st {
		out[i].Status = s
		if !s.Available && install.Known(s.Name) {
			out[i].Install = "oracle engines install " + s.Name
		}
	}
	return out
}

func printEngines(st []engineStatus) {
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENGINE\tVERSION\tAVAILABLE\tLOCATION\tREASON")
	for _, s := range st {
		loc, reason := s.Location, s.Reason
		if loc == "" {
			loc = "-"
		}
		if s.Install != "" && !strings.Contains(reason, s.Install) {
			reason = strings.TrimSpace(reason + " (install: " + s.Install + ")")
		}
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\t%s\n", s.Name, s.Version, s.Available, loc, reason)
	}
	tw.Flush()
}

// runEnginesInstall installs each named engine's runtime (every engine
// when none is named) into the data folder or --home, then checks that
// each can run from there. Exit 0 when all did, 1 when one failed, 2 on a
// usage error (an engine no installer knows).
func runEnginesInstall(args []string) int {
	fs := flag.NewFlagSet("engines install", flag.ContinueOnError)
	fs.Func("home", "install into `DIR` (default $XDG_DATA_HOME/sparql-oracle)", registry.SetHome)
	all := fs.Bool("all", false, "every engine and every release beside a pin (scripts/install.sh, the Dockerfile)")
	fs.Usage = usageOf(fs, "oracle engines install [--home DIR] [--all | NAME...]\n\nengines: "+strings.Join(installable(), ", "))
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	names := fs.Args()
	if len(names) == 0 {
		names = installable()
	}
	if *all && fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "oracle engines install: --all or engine names, not both")
		return 2
	}
	if *all {
		home, err := registry.InstallHome()
		if err != nil {
			fmt.Fprintln(os.Stderr, "oracle engines install:", err)
			return 1
		}
		names = install.Everything(home)
	}
	for _, n := range names {
		if !install.Known(n) {
			fmt.Fprintf(os.Stderr, "oracle engines install: unknown engine %q (want %s)\n", n, strings.Join(installable(), ", "))
			return 1
		}
	}
	home, err := registry.InstallHome()
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle engines install:", err)
		return 1
	}
	ctx, stop := interrupted()
	defer stop()
	fmt.Fprintf(os.Stderr, "oracle engines install: into %s\n", home)
	failed := install.Run(ctx, home, names, os.Stderr) != nil
	return reportInstalled(home, names, failed)
}

// reportInstalled prints where each engine now runs from, after an
// install into home; an engine that still cannot run is a failure.
func reportInstalled(home string, names []string, failed bool) int {
	if err := registry.SetHome(home); err != nil {
		return 1
	}
	cfg, _ := registry.ActiveConfig()
	for _, n := range names {
		if err := cfg.Check(n); err != nil {
			fmt.Printf("%s: not installed: %v\n", n, err)
			failed = true
			continue
		}
		fmt.Printf("%s: %s (%s)\n", n, cfg.Where(n), pinnedOr(n))
	}
	if failed {
		return 1
	}
	return 0
}

// installable lists the external engines install knows, canonical order.
func installable() []string {
	var out []string
	for _, n := range registry.Canonical {
		if install.Known(n) && n != "reference" && n != "engine" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func pinnedOr(name string) string {
	if v := install.Pinned(name); v != "" {
		return "pinned " + v
	}
	return "built in"
}

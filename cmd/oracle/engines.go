package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

	"github.com/sparql-oracle/oracle/internal/registry"
)

func init() {
	commands["engines"] = command{runEngines, "list every engine with its version and whether it can run here"}
}

// runEngines implements
//
//	oracle engines [--format table|json] [--config FILE] [--timeout D]
//
// Each engine is checked for real (installed files, then a version answer,
// or ASK {} for an endpoint) within the timeout, all at once. JSON is an
// array of {name, version, available, reason}. Exit 0 even when engines are
// unavailable: the listing is the answer; 2 on a usage or config error.
func runEngines(args []string) int {
	fs := flag.NewFlagSet("engines", flag.ContinueOnError)
	format := fs.String("format", "table", "output format: table or json")
	fs.Func("config", "registry config `FILE` (default $"+registry.ConfigEnv+")", registry.UseConfigFile)
	timeout := fs.Duration("timeout", 15*time.Second, "per-engine check deadline")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "table" && *format != "json" {
		fmt.Fprintf(os.Stderr, "oracle engines: --format %q: want table or json\n", *format)
		return 2
	}
	cfg, err := registry.ActiveConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "oracle engines:", err)
		return 2
	}
	st := cfg.ProbeAll(context.Background(), cfg.Known(), *timeout)
	if *format == "json" {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(st)
		return 0
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENGINE\tVERSION\tAVAILABLE\tREASON")
	for _, s := range st {
		fmt.Fprintf(tw, "%s\t%s\t%v\t%s\n", s.Name, s.Version, s.Available, s.Reason)
	}
	tw.Flush()
	return 0
}

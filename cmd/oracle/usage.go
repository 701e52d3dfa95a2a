package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// synopses is every command's usage line, keyed by its FlagSet's name: the
// positional arguments in CAPITALS, [optional], ... for repeatable, and
// [flags] for the flags the usage lists below it. parseFlags gives each
// FlagSet its line (usageOf), so `-h` and a usage error print the same
// format on every command; help_test.go checks every FlagSet has one.
var synopses = map[string]string{
	"bench":           "oracle bench [flags]",
	"bisect":          "oracle bisect [flags] -q QUERY.rq (-d DATA | --dataset CATALOGUE.json | --empty-dataset) --engine NAME",
	"diff":            "oracle diff [flags] -q QUERY.rq (-d DATA | --dataset CATALOGUE.json | --empty-dataset)\n       oracle diff [flags] -u UPDATE.ru (-d STORE | --dataset CATALOGUE.json | --empty-dataset)",
	"engines":         "oracle engines [flags]\n       oracle engines install [--home DIR] [NAME...]",
	"engines install": "oracle engines install [flags] [NAME...]   (no NAME: every engine)",
	"gate":            gateSynopsis,
	"gen":             "oracle gen [flags]",
	"load":            "oracle load [-format turtle|ntriples|nquads|rdfxml] [-base IRI] [-name NAME] [-max-quads N] < DOCUMENT   (the isolated loader's child: canonical N-Quads on stdout)",
	"parse":           "oracle parse [flags] QUERY.rq   (- reads stdin)",
	"reduce":          "oracle reduce [flags] -q QUERY.rq (-d DATA | --dataset CATALOGUE.json | --empty-dataset)",
	"selfcheck":       "oracle selfcheck [flags]",
	"serve":           "oracle serve [flags]",
	"sweep start":     "oracle sweep start [flags]   (a corpus: --spec FILE, --gen FROM:TO, --regress, --w3c or --manifests)",
	"sweep status":    "oracle sweep status [flags] [ID]",
	"sweep compare":   "oracle sweep compare [flags] [A] B",
	"sweep worker":    "oracle sweep worker [flags]",
	"sweep cancel":    "oracle sweep cancel [flags] ID",
	"sweep reports":   "oracle sweep reports [flags]",
	"sweep export":    "oracle sweep export [flags] --report ID --to DIR/NAME",
	"triage set":      "oracle triage set [flags] ID --status STATUS",
	"triage list":     "oracle triage list [flags]",
	"triage history":  "oracle triage history [flags] ID",
	"triage counts":   "oracle triage counts [flags]",
	"version":         "oracle version [flags]",
	"w3c":             "oracle w3c [flags] [MANIFEST...]   (no MANIFEST: the suite --suite names)",
}

// homeCommands are the commands that run engines: each takes --home DIR,
// the one folder to find the engines in, as $ORACLE_HOME names it
// (registry.Roots; `engines install --home DIR` installs there).
var homeCommands = map[string]bool{
	"bench": true, "bisect": true, "diff": true, "engines": true, "engines install": true, "gate": true,
	"reduce": true, "selfcheck": true, "serve": true, "sweep start": true, "sweep worker": true, "w3c": true,
}

// addHome gives an engine command its --home flag unless it has one.
func addHome(fs *flag.FlagSet) {
	if homeCommands[fs.Name()] && fs.Lookup("home") == nil {
		fs.Func("home", "find the engines only in `DIR` (default: $"+registry.HomeEnv+", else the checkout, then the data folder `oracle engines install` fills)", registry.SetHome)
	}
}

// usageFail reports a usage error on a command: "oracle NAME: what", then
// its usage line, and returns the usage status (2).
func usageFail(w io.Writer, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(w, "oracle %s: %s\n", fs.Name(), fmt.Sprintf(format, a...))
	if syn, ok := synopses[fs.Name()]; ok {
		fmt.Fprintf(w, "usage: %s\n", syn)
	}
	return exitUsageError
}

// cmdFail reports an error of command cmd ("triage set", "sweep"): "oracle
// cmd: err". An invalid argument the store refuses (store.ErrInvalid) is a
// usage error (2); anything else is a failure (1).
func cmdFail(w io.Writer, cmd string, err error) int {
	// The store's own prefixes say which package spoke, not what went wrong.
	msg := strings.TrimPrefix(err.Error(), store.ErrInvalid.Error()+": ")
	fmt.Fprintf(w, "oracle %s: %s\n", cmd, strings.TrimPrefix(msg, "store: "))
	if errors.Is(err, store.ErrInvalid) {
		return exitUsageError
	}
	return 1
}

// printJSON is how every command prints JSON (--json, --format json):
// indented by two spaces, one value.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

package main

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/registry"
)

// defaultEngines is the one default engine set (registry.Defaults) that
// diff, serve and sweeps run when no engines are named, and the note
// naming the engines of it that cannot run here ("" when every one can):
// every command prints that note, in every output format, so no engine
// leaves the set silently.
func defaultEngines() (run []string, note string, err error) {
	run, missing, err := registry.Defaults()
	if err != nil || len(missing) == 0 {
		return run, "", err
	}
	var names, reasons []string
	for _, m := range missing {
		names = append(names, m.Name)
		reasons = append(reasons, m.Reason)
	}
	note = fmt.Sprintf("not run: %s cannot run here (%s); install them with `oracle engines install %s`, or name the engines with --engines",
		strings.Join(names, ", "), strings.Join(reasons, "; "), strings.Join(names, " "))
	return run, note, nil
}

// leftOutNote is defaultEngines' note when list names no engines, else "".
func leftOutNote(list string) string {
	if strings.TrimSpace(list) != "" {
		return ""
	}
	_, note, err := defaultEngines()
	if err != nil {
		return "the default engine set: " + err.Error()
	}
	return note
}

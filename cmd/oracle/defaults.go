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
	// Engines merely not installed are one short clause, not one long
	// reason each: a new user's first screen lists them all.
	var absent, names, reasons []string
	for _, m := range missing {
		names = append(names, m.Name)
		if strings.Contains(m.Reason, "engine not installed") {
			absent = append(absent, m.Name)
			continue
		}
		reason := m.Reason
		if !strings.HasPrefix(reason, m.Name+":") {
			reason = m.Name + ": " + reason
		}
		reasons = append(reasons, reason)
	}
	if len(absent) > 0 {
		reasons = append(reasons, fmt.Sprintf("not installed: %s", strings.Join(absent, ", ")))
	}
	note = fmt.Sprintf("not run: %s (install with `oracle engines install %s`, or `make run ENGINES=all` in a checkout; name others with --engines)",
		strings.Join(reasons, "; "), strings.Join(names, " "))
	return run, note, nil
}

// defaultSet is defaultEngines for pipeline.Engines: the engines that run
// here and the note naming the others (or why the set could not be read).
func defaultSet() ([]string, string) {
	run, note, err := defaultEngines()
	if err != nil {
		return run, "the default engine set: " + err.Error()
	}
	return run, note
}

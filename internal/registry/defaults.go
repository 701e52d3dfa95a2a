package registry

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
)

// Missing is an engine of the default set that cannot run here, and why.
type Missing struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Defaults is the one default engine set: what `oracle diff`, `oracle
// serve`, sweeps and the nightly sweep run when no engines are named, and
// what `oracle engines` lists. It is every engine Known names (the
// canonical ones and the config's), minus those the config disables and
// the bare "sparqlhttp" kind (an endpoint needs a name and a URL in the
// config); run holds those that can run here, reference and engine first;
// missing the others with the reason, which every command prints: no
// engine leaves the default set silently.
func (c *Config) Defaults() (run []string, missing []Missing) {
	for _, n := range c.Known() {
		e := c.Lookup(n)
		if e.Disabled || (n == "sparqlhttp" && e.URL == "") {
			continue
		}
		if err := c.Check(n); err != nil {
			missing = append(missing, Missing{n, err.Error()})
			continue
		}
		run = append(run, n)
	}
	return run, missing
}

// Defaults is the default set under the active configuration.
func Defaults() (run []string, missing []Missing, err error) {
	cfg, err := ActiveConfig()
	if err != nil {
		return nil, nil, err
	}
	run, missing = cfg.Defaults()
	return run, missing, nil
}

// Check says whether engine name can run here without starting it: its
// installed files, its program on PATH, its endpoint's URL. nil means it
// builds; whether it answers is Probe's question.
func (c *Config) Check(name string) error {
	if _, _, ok := SplitRelease(name); ok {
		return c.checkRelease(name)
	}
	e := c.Lookup(name)
	if e.Disabled {
		return fmt.Errorf("%s: disabled in the config file", name)
	}
	k := e.kind()
	switch {
	case k == "reference" || k == "engine":
		return nil
	case k == "sparqlhttp":
		if e.URL == "" {
			return fmt.Errorf("%s: %w: no endpoint url in the config file", name, ErrNotInstalled)
		}
		return nil
	}
	if e.Binary != "" {
		if _, err := exec.LookPath(c.path(e.Binary)); err != nil {
			return fmt.Errorf("%s: %w: binary %v", name, ErrNotInstalled, err)
		}
	}
	return c.checkFiles(name, e)
}

// checkFiles checks an adapter's folder (the entry's dir, else a root's)
// or a system engine's program.
func (c *Config) checkFiles(name string, e EngineConfig) error {
	k := e.kind()
	switch {
	case k == "virtuoso":
		return onPath(name, e.Binary, "virtuoso-t", "virtuoso-opensource")
	case k == "rasqal":
		return onPath(name, e.Binary, "/usr/bin/roqet", "rasqal-utils")
	case e.Dir != "":
		if _, err := os.Stat(c.path(e.Dir)); err != nil {
			return fmt.Errorf("%s: %w: %v", name, ErrNotInstalled, err)
		}
		return nil
	case slices.Contains(External(), k):
		_, err := adapterRoot(k)
		return err
	}
	if _, ok := describedBuild(k); ok {
		_, err := adapterRoot(k)
		return err
	}
	return fmt.Errorf("%s: unknown kind %q", name, k)
}

// onPath checks a system engine's program (the configured one, else def).
func onPath(name, configured, def, pkg string) error {
	bin := configured
	if bin == "" {
		bin = def
	}
	if _, err := exec.LookPath(bin); err != nil {
		return fmt.Errorf("%s: %w: %s not found: run `oracle engines install %s` (Debian %s)", name, ErrNotInstalled, bin, name, pkg)
	}
	return nil
}

// Where says where engine name runs from: the root holding its runtime
// ("checkout /path", "data folder /path"), the system program, the
// endpoint, or "built in"; "" when it is not installed.
func (c *Config) Where(name string) string {
	if _, _, ok := SplitRelease(name); ok {
		return c.releaseWhere(name)
	}
	e := c.Lookup(name)
	k := e.kind()
	switch {
	case k == "reference" || k == "engine":
		return "built in"
	case k == "sparqlhttp":
		return e.URL
	case k == "virtuoso" || k == "rasqal":
		return systemProgram(e.Binary, map[string]string{"virtuoso": "virtuoso-t", "rasqal": "/usr/bin/roqet"}[k])
	case e.Dir != "":
		return "config dir " + c.path(e.Dir)
	}
	if d, ok := describedBuild(k); ok {
		return describedWhere(d)
	}
	for _, r := range Roots() {
		if _, ok := adapters[k]; ok && missingFile(r.Dir, needs(k)) == "" {
			return r.String()
		}
	}
	return ""
}

func systemProgram(configured, def string) string {
	bin := configured
	if bin == "" {
		bin = def
	}
	p, err := exec.LookPath(bin)
	if err != nil {
		return ""
	}
	return "system " + p
}

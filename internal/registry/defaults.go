package registry

import (
	"fmt"
	"os"
	"os/exec"
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

// checkFiles checks an adapter's installed files (the entry's dir, else
// a root's; a system engine's programs), as its descriptor names them.
func (c *Config) checkFiles(name string, e EngineConfig) error {
	k := e.kind()
	d, ok := describedBuild(k)
	if !ok {
		return fmt.Errorf("%s: unknown kind %q", name, k)
	}
	if e.Dir != "" && !system(d) {
		if _, err := os.Stat(c.path(e.Dir)); err != nil {
			return fmt.Errorf("%s: %w: %v", name, ErrNotInstalled, err)
		}
		return nil
	}
	_, err := adapterRoot(k, e.Binary)
	return err
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
	d, described := describedBuild(k)
	switch {
	case k == "reference" || k == "engine":
		return "built in"
	case k == "sparqlhttp":
		return e.URL
	case !described:
		return ""
	case e.Dir != "" && !system(d):
		return "config dir " + c.path(e.Dir)
	}
	return describedWhere(d, c.path(e.Binary))
}

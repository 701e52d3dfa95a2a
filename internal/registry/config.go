package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// ConfigEnv names the environment variable holding the path of a registry
// config file; `--config FILE` on the command line takes precedence.
const ConfigEnv = "ORACLE_CONFIG"

// Config is the registry's configuration file (JSON; see doc.go and
// deploy/engines.example.json): which engines run, where they are, and how
// long and how many at once.
type Config struct {
	// Deadline is the default per-case deadline of every engine ("10s").
	Deadline Duration `json:"deadline,omitempty"`
	// Pool is the default number of processes (or concurrent cases) per engine.
	Pool int `json:"pool,omitempty"`
	// MemoryBudget is the memory all engine processes share ("12GiB",
	// "60%" of the machine; budget.go): each process's limit is its share.
	MemoryBudget string         `json:"memory_budget,omitempty"`
	Engines      []EngineConfig `json:"engines"`
	// dir resolves relative paths: the config file's folder.
	dir string
}

// EngineConfig configures one engine. Only Name is required.
type EngineConfig struct {
	// Name is the engine's name in reports; Kind the adapter that runs it
	// (default: Name). Any name may have kind "sparqlhttp" (e.g. "fuseki").
	Name string `json:"name"`
	Kind string `json:"kind,omitempty"`
	// Disabled keeps the entry but leaves the engine out of Names and Build.
	Disabled bool `json:"disabled,omitempty"`
	// Dir is the adapter's folder (default: adapters/<kind> under Home()).
	Dir string `json:"dir,omitempty"`
	// Binary is the program that runs the engine: the Python of the virtual
	// environment, java, node, perl, roqet, virtuoso-t.
	Binary string `json:"binary,omitempty"`
	// Deadline bounds each case on this engine (default: Config.Deadline).
	Deadline Duration `json:"deadline,omitempty"`
	// Pool is how many sidecar processes (or concurrent cases) run at once.
	Pool int `json:"pool,omitempty"`
	// StartTimeout bounds a sidecar's start and the version check.
	StartTimeout Duration `json:"start_timeout,omitempty"`
	// Endpoint settings (kind sparqlhttp): query URL, Graph Store URL,
	// Update URL, "graphstore" or "update", "basic" or "digest", the user and
	// the environment variable holding the password (never the password).
	URL         string `json:"url,omitempty"`
	Store       string `json:"store,omitempty"`
	Update      string `json:"update,omitempty"`
	Load        string `json:"load,omitempty"`
	Auth        string `json:"auth,omitempty"`
	User        string `json:"user,omitempty"`
	PasswordEnv string `json:"password_env,omitempty"`
	Version     string `json:"version,omitempty"` // what the endpoint runs (the Protocol does not say)
	// DatabaseDir keeps Virtuoso's database between runs ("" = temporary).
	DatabaseDir string `json:"database_dir,omitempty"`
	// MemoryMB and CPULimit bound each engine process (adapters/sidecar): memory
	// in MiB (RLIMIT_DATA, and the runtime's heap flag below it) and CPU
	// time per case. Zero keeps the adapter's default: 2048 MiB and 30s
	// for the sidecars (Jena and Node get half as heap), 1024 MiB and 30s
	// for roqet, 4096 MiB for Virtuoso's server (its queries are bounded by
	// its own MaxQueryExecutionTime). Passing one is ErrResource.
	MemoryMB int      `json:"memory_mb,omitempty"`
	CPULimit Duration `json:"cpu_limit,omitempty"`
}

// Duration is a time.Duration written as a Go duration string in JSON ("10s").
type Duration time.Duration

func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"10s\": %s", b)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// ParseConfig reads a config; relative paths in it resolve against dir.
// Unknown fields, unknown kinds and repeated names are errors.
func ParseConfig(r io.Reader, dir string) (*Config, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	c := &Config{dir: dir}
	if err := dec.Decode(c); err != nil {
		return nil, err
	}
	return c, c.validate()
}

// LoadConfig reads the config file at path.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(path)
	c, err := ParseConfig(bytes.NewReader(data), filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

func (c *Config) validate() error {
	if c.MemoryBudget != "" {
		if _, err := ParseMemory(c.MemoryBudget); err != nil {
			return fmt.Errorf("memory_budget: %w", err)
		}
	}
	seen := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		if e.Name == "" {
			return fmt.Errorf("engines[%d]: no name", i)
		}
		if seen[e.Name] {
			return fmt.Errorf("engine %q configured twice", e.Name)
		}
		seen[e.Name] = true
		if _, ok := kindOf(e.kind()); !ok {
			return fmt.Errorf("engine %q: unknown kind %q (known: %s)", e.Name, e.kind(), strings.Join(Kinds(), ", "))
		}
		if e.Pool < 0 || e.Deadline < 0 {
			return fmt.Errorf("engine %q: negative pool or deadline", e.Name)
		}
		if e.MemoryMB < 0 || e.CPULimit < 0 || e.MemoryMB > 0 && e.MemoryMB < 64 {
			return fmt.Errorf("engine %q: memory_mb must be 64 or more, cpu_limit not negative", e.Name)
		}
	}
	return nil
}

func (e EngineConfig) kind() string {
	if e.Kind != "" {
		return e.Kind
	}
	return e.Name
}

// Names lists the configured engines that are not disabled, in file order.
func (c *Config) Names() []string {
	var out []string
	for _, e := range c.Engines {
		if !e.Disabled {
			out = append(out, e.Name)
		}
	}
	return out
}

// Lookup returns the entry of engine name, or a default entry.
func (c *Config) Lookup(name string) EngineConfig {
	if c != nil {
		for _, e := range c.Engines {
			if e.Name == name {
				return e
			}
		}
	}
	return EngineConfig{Name: name}
}

// New builds engine name as configured (defaults when it has no entry),
// wrapped to apply its deadline and, for engines without a pool of their
// own, its concurrency.
func (c *Config) New(name string) (oracle.Engine, error) {
	if _, _, ok := SplitRelease(name); ok {
		return c.newRelease(name) // "jena@5.6.0" (releases.go)
	}
	e := c.Lookup(name)
	k, ok := kindOf(e.kind())
	if !ok {
		return nil, fmt.Errorf("unknown engine %q (known: %s)", name, strings.Join(Kinds(), ", "))
	}
	s := c.settings(e)
	eng, err := k.build(s)
	if err != nil {
		return nil, err
	}
	return limit(eng, time.Duration(s.Deadline), pooled(k, s.Pool)), nil
}

// Build builds every configured, enabled engine.
func (c *Config) Build() ([]oracle.Engine, error) {
	var out []oracle.Engine
	for _, n := range c.Names() {
		e, err := c.New(n)
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
	return out, nil
}

// settings fills an entry's defaults from the config and resolves paths.
func (c *Config) settings(e EngineConfig) EngineConfig {
	if c != nil {
		if e.Deadline == 0 {
			e.Deadline = c.Deadline
		}
		if e.Pool == 0 {
			e.Pool = c.Pool
		}
		e.Dir, e.Binary, e.DatabaseDir = c.path(e.Dir), c.path(e.Binary), c.path(e.DatabaseDir)
	}
	if e.Pool <= 0 {
		e.Pool = 1
	}
	return e
}

// path resolves a relative path against the config's folder; a bare
// command name ("java") is left for PATH.
func (c *Config) path(p string) string {
	if p == "" || filepath.IsAbs(p) || c.dir == "" || !strings.ContainsRune(p, filepath.Separator) {
		return p
	}
	return filepath.Join(c.dir, p)
}

// pooled is the concurrency the wrapper enforces: none for sidecars (their
// pool does), Pool for engines that run one process or request per case.
func pooled(k kind, pool int) int {
	if k.sidecar {
		return 0
	}
	return pool
}

var active struct {
	sync.Mutex
	cfg    *Config
	loaded bool
	err    error
}

// UseConfig makes cfg the configuration New and Names follow in this
// process (nil: back to defaults, and to $ORACLE_CONFIG).
func UseConfig(cfg *Config) {
	active.Lock()
	defer active.Unlock()
	active.cfg, active.loaded, active.err = cfg, cfg != nil, nil
	forgetShared() // engines are built anew under the new configuration
	if cfg != nil {
		registerConfigured(cfg)
		active.err = applyBudget(cfg)
	}
}

// UseConfigFile loads path and makes it the active configuration. Its
// signature fits flag.Func, so a command adds `--config FILE` with
//
//	fs.Func("config", "registry config `FILE`", registry.UseConfigFile)
func UseConfigFile(path string) error {
	c, err := LoadConfig(path)
	if err != nil {
		return err
	}
	UseConfig(c)
	return nil
}

// ActiveConfig returns the configuration in force: the one given to
// UseConfig, else the file $ORACLE_CONFIG names (read once), else nil.
func ActiveConfig() (*Config, error) {
	active.Lock()
	defer active.Unlock()
	if !active.loaded {
		active.loaded = true
		if p := os.Getenv(ConfigEnv); p != "" {
			active.cfg, active.err = LoadConfig(p)
		}
		if active.err == nil {
			active.err = applyBudget(active.cfg)
		}
	}
	return active.cfg, active.err
}

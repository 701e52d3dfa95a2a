package registry

import "github.com/sparql-oracle/oracle/internal/oracle"

// The config decides how New builds every engine: at init each known kind's
// constructor is replaced by one that consults ActiveConfig (the file given
// to UseConfigFile, else $ORACLE_CONFIG), falling back to the defaults of
// adapters.go when there is no config. Engines the config names under a
// kind of their own (an endpoint called "fuseki") become names New accepts.
func init() {
	for name := range kinds {
		register(name)
	}
	if c, err := ActiveConfig(); err == nil && c != nil {
		registerConfigured(c)
	}
}

func register(name string) {
	orig := constructors[name]
	constructors[name] = func() (oracle.Engine, error) {
		cfg, err := ActiveConfig()
		if err != nil {
			return nil, err
		}
		if cfg == nil && orig != nil {
			return orig()
		}
		return cfg.New(name)
	}
}

func registerConfigured(c *Config) {
	for _, e := range c.Engines {
		if _, ok := constructors[e.Name]; !ok {
			register(e.Name)
		}
	}
}

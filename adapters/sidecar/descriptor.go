package sidecar

import (
	"io/fs"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// What the adapters' descriptors (oracle.Descriptor.Build) share to build
// an engine from a config entry's settings: the registry hands every
// adapter the same oracle.BuildSettings and knows none by name.

// Build is the Descriptor.Build of an adapter whose engine is one sidecar
// pool: config makes the adapter's Config from the settings, Settings
// applies the entry's.
func Build(config func(s oracle.BuildSettings) Config) func(oracle.BuildSettings) (oracle.Engine, error) {
	return func(s oracle.BuildSettings) (oracle.Engine, error) {
		return New(Settings(config(s), s)), nil
	}
}

// Settings applies a config entry's settings to an adapter's sidecar
// config: the entry's name (the adapter's stays its reproducer's), its
// binary in place of the command's program, its start timeout, its limits
// over the adapter's.
func Settings(c Config, s oracle.BuildSettings) Config {
	if c.Reproducer == "" {
		c.Reproducer = c.Name
	}
	c.Name = s.Name
	if s.Binary != "" {
		c.Command = append([]string{s.Binary}, c.Command[1:]...)
	}
	if s.StartTimeout > 0 {
		c.StartTimeout = s.StartTimeout
	}
	c.Limits = c.Limits.With(s)
	return c
}

// With is l with the settings' memory and CPU limits where they are set.
func (l Limits) With(s oracle.BuildSettings) Limits {
	if s.Memory > 0 {
		l.Memory = s.Memory
	}
	if s.CPU > 0 {
		l.CPU = s.CPU
	}
	return l
}

// ShareLimits are the limits of an engine that starts one process per
// case (roqet), at most processes at once: it joins the memory budget and
// runs each under its share as the engines built so far divide the
// budget. It holds no reservation (no process outlives its case).
func ShareLimits(name string, l Limits, processes int) Limits {
	Memory().Join(name, l.Memory, processes, nil)
	l.Memory = Memory().Share(name, l.Memory)
	return l
}

// Register registers the descriptors of an adapter folder's
// descriptor.json (oracle.RegisterData) whose engine name is one sidecar
// pool, config(dir, pool) its Config; more, when given, is the rest of
// its code (its releases, its bench).
func Register(data fs.FS, name string, config func(dir string, pool int) Config, more ...oracle.Code) {
	code := oracle.Code{}
	if len(more) > 0 {
		code = more[0]
	}
	code.Build = Build(func(s oracle.BuildSettings) Config { return config(s.Dir, s.Pool) })
	oracle.RegisterData(data, map[string]oracle.Code{name: code})
}

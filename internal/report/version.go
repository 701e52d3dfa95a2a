package report

import (
	"runtime/debug"
	"strings"
	"sync"
)

// OracleVersion is the oracle that wrote a report: its module version and
// the commit it was built from (debug.ReadBuildInfo, vcs.revision).
type OracleVersion struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"` // built from a tree with uncommitted changes
}

// String is "sparql-oracle VERSION (commit C)".
func (v OracleVersion) String() string {
	s := "sparql-oracle " + v.Version
	if v.Commit != "" {
		c := v.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		s += " (commit " + c
		if v.Modified {
			s += ", modified"
		}
		s += ")"
	}
	return s
}

var (
	versionOnce sync.Once
	version     OracleVersion
)

// Version is this binary's OracleVersion.
func Version() OracleVersion {
	versionOnce.Do(func() { version = readVersion() })
	return version
}

func readVersion() OracleVersion {
	v := OracleVersion{Module: "github.com/sparql-oracle/oracle", Version: "(devel)"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if bi.Main.Path != "" {
		v.Module = bi.Main.Path
	}
	if bi.Main.Version != "" {
		v.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// engineName is how a report names an engine to an outsider: the fast
// engine is ours, "engine dev" would mean nothing.
func engineName(engine, ver string) string {
	switch engine {
	case "engine":
		return "sparql-oracle fast engine " + Version().Version
	case "reference":
		return "sparql-oracle reference evaluator " + Version().Version
	}
	return strings.TrimSpace(engine + " " + ver)
}

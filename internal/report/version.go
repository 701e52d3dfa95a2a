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

// BuildCommit is the commit the Makefile stamps with -ldflags "-X
// github.com/sparql-oracle/oracle/internal/report.BuildCommit=$(git
// rev-parse HEAD)" (a trailing "-modified" for a tree with uncommitted
// changes): the commit when Go's own VCS stamping is off (-buildvcs=false,
// GOFLAGS). Go's stamp wins when both are there.
var BuildCommit string

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
	if v.Commit == "" {
		v.Commit, v.Modified = stampedCommit(BuildCommit, v.Version)
	}
	return v
}

// stampedCommit is the commit without Go's VCS stamp: the -ldflags one,
// else the 12 hex digits a pseudo-version ends with (`go install
// module@commit` builds outside any repository: v0.0.0-20261207-abcdef012345).
func stampedCommit(ldflags, modVersion string) (string, bool) {
	if c, dirty := strings.CutSuffix(ldflags, "-modified"); c != "" {
		return c, dirty
	}
	modVersion, _, _ = strings.Cut(modVersion, "+") // +dirty, +incompatible
	i := strings.LastIndexByte(modVersion, '-')
	if i < 0 || len(modVersion)-i-1 != 12 || strings.Trim(modVersion[i+1:], "0123456789abcdef") != "" {
		return "", false
	}
	return modVersion[i+1:], false
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

package oxigraph

import (
	"embed"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes npm oxigraph (oracle.Descriptor); known.json
// holds the rules of the whole Oxigraph family (npm oxigraph, pyoxigraph,
// oxigraph-server: one code base), which oracle.FamilyRules applies to
// every member.
//
//go:embed descriptor.json known.json
var data embed.FS

func init() {
	sidecar.Register(data, Name, Config, oracle.Code{BuildRelease: sidecar.Build(releaseConfig), Bench: bench})
}

// bench gives the WASM build's Node the heap a million triples need.
func bench(root string) oracle.Process {
	c := Config(filepath.Join(root, "adapters", Name), 1)
	return oracle.Process{Name: c.Name, Command: c.Command, Dir: c.Dir, Env: append(c.Env, "NODE_OPTIONS=--max-old-space-size=16384")}
}

// releaseConfig runs sidecar.js through the link beside the release's
// node_modules (internal/install npmRelease): with
// --preserve-symlinks(-main) Node resolves require('oxigraph') from the
// link's folder, so the release's package; its reproducer installs that
// release.
func releaseConfig(s oracle.BuildSettings) sidecar.Config {
	c := Config(s.Dir, s.Pool)
	c.Command = []string{"node", "--preserve-symlinks", "--preserve-symlinks-main",
		filepath.Join(s.Dir, "releases", s.Release, "sidecar.js")}
	sidecar.SetReproducer(s.Name, ReleaseReproducer(s.Release))
	c.Reproducer = s.Name
	c.SPARQL12 = Release12(s.Release)
	return c
}

// Release12 reports whether an Oxigraph release (npm or Python) has RDF
// 1.2: 0.5 and later; 0.4 has RDF-star, whose << >> is not RDF 1.2's.
func Release12(release string) bool {
	return !strings.HasPrefix(release, "0.4.") && !strings.HasPrefix(release, "0.3.")
}

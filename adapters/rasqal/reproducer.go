package rasqal

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Reproduce is Rasqal's own reproducer (oracle.Reproducer): roqet (Debian
// rasqal-utils). Results XML: its TSV writer prints nothing for no rows and
// refuses ASK. Rasqal puts every quad of a file into the graph the file is
// read as and names a graph after its file's URI, so a dataset with named
// graphs is split into one file per graph and the graph IRIs written in the
// query are renamed to those URIs, as the adapter does. roqet exits 2 after
// a warning, answer complete.
// Rasqal applies no updates: an update case has no reproducer.
func (e *Engine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	return Reproduce(c), !c.Update
}

// Reproduce is the reproducer of c (Engine.Reproduce).
func Reproduce(c oracle.NativeCase) oracle.Native {
	args := "roqet -q -i sparql11-query -F nquads"
	if !c.GraphForm() {
		args += " -r xml"
	}
	query := `"$(cat query.rq)"`
	var lines []string
	if graphs := c.Graphs(); len(graphs) == 0 {
		args += " -D data.nq"
	} else {
		lines, args, query = split(c, graphs, args)
	}
	run := args + " -e " + query
	if c.Base != "" {
		run += " " + oracle.ShellQuote(c.Base)
	}
	return oracle.Native{Install: "sudo apt-get install rasqal-utils=0.9.33-2", Run: strings.Join(append(lines, run), "\n")}
}

// split writes the default graph and each named graph to a file of its own
// (grep on the graph label that ends a quad line) and renames each graph
// IRI in the query text to its file's URI.
func split(c oracle.NativeCase, graphs []string, args string) (lines []string, _ string, query string) {
	lines = []string{"# Rasqal names a graph after its file: each named graph goes to a file, its IRI renamed in the query"}
	excl := "grep -v -F"
	sed := "sed"
	for i, g := range graphs {
		file := "g" + strconv.Itoa(i+1) + ".nq"
		suffix := oracle.ShellQuote(" <" + g + "> .")
		excl += " -e " + suffix
		lines = append(lines, "grep -F "+suffix+" data.nq > "+file+"  "+oracle.ShellComment("<"+g+">"))
		sed += " -e " + oracle.ShellQuote("s|"+sedPattern("<"+g+">")+"|<file://") + `"$PWD"` + oracle.ShellQuote("/"+file+">|g")
		args += " -G " + file
	}
	if ambiguous(c, graphs) {
		lines = append(lines, "# (check default.nq: a default-graph triple whose object is a graph IRI matches that graph's pattern)")
	}
	lines = append(lines, excl+" data.nq > default.nq")
	return lines, args + " -D default.nq", `"$(` + sed + ` query.rq)"`
}

// ambiguous reports a default-graph triple ending in a graph's IRI, which
// the grep of that graph picks up too.
func ambiguous(c oracle.NativeCase, graphs []string) bool {
	for _, q := range c.Quads() {
		if q.G.Kind == rdf.KindNone && q.O.Kind == rdf.KindIRI && slices.Contains(graphs, q.O.Value) {
			return true
		}
	}
	return false
}

// sedPattern escapes s for a sed basic regular expression delimited by |.
func sedPattern(s string) string {
	return strings.NewReplacer(`\`, `\\`, `.`, `\.`, `*`, `\*`, `[`, `\[`, `]`, `\]`, `^`, `\^`, `$`, `\$`, `|`, `\|`, `&`, `\&`).Replace(s)
}

package w3c

import (
	"strings"

	"github.com/sparql-oracle/oracle/internal/corpus"
)

// PublicBase is where the W3C publishes the suite's sparql/ folder (the
// sparql12 manifests name their tests under it). A case built from a test
// of the suite names its files by their IRIs under PublicBase, never by
// this machine's file: IRIs: the query's base, the qt:graphData graph
// names, the base every data and result file is parsed with, and the
// FROM catalogue (Case.Sources). Reports made from the case then carry no
// local path, and the answers are the same wherever the suite is checked
// out. The files themselves are read from the local checkout.
const PublicBase = "https://w3c.github.io/rdf-tests/sparql/"

// iriMap maps file: IRIs under the suite's local sparql/ folder to their
// published IRIs and back. A file outside the suite (a manifest of one's
// own, the runner's fixture) keeps its file: IRI.
type iriMap struct {
	local string // the file: IRI of the suite's sparql/ folder, with a final "/"; "" without a suite
}

func suiteMap() iriMap {
	root, err := corpus.SuiteRoot()
	if err != nil {
		return iriMap{}
	}
	return iriMap{local: corpus.FileIRI(root) + "/"}
}

// public is iri's published IRI (iri itself when outside the suite).
func (m iriMap) public(iri string) string {
	if rest, ok := strings.CutPrefix(iri, m.local); ok && m.local != "" {
		return PublicBase + rest
	}
	return iri
}

// file is the local file: IRI of a published one (iri itself otherwise).
func (m iriMap) file(iri string) string {
	if rest, ok := strings.CutPrefix(iri, PublicBase); ok && m.local != "" {
		return m.local + rest
	}
	return iri
}

// PublicIRI is the published IRI of a file: IRI under the local suite
// (iri itself otherwise): how reports, test pages and outputs name a
// test, its manifest and its files.
func PublicIRI(iri string) string { return suiteMap().public(iri) }

// ManifestRelative names a test or file by its path relative to the
// suite's sparql/ folder ("sparql11/aggregates/manifest#agg01"); an IRI
// outside the suite is returned as it is.
func ManifestRelative(iri string) string {
	return strings.TrimPrefix(PublicIRI(iri), PublicBase)
}

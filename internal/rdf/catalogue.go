package rdf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Catalogue is a JSON dataset catalogue (seed 003, "Dataset sources and
// file input"):
//
//	{"base": "http://ex/", "default": "<a> <b> <c> .",
//	 "named": {"http://ex/g": "..."}, "sources": {"http://ex/s": "..."}}
//
// Every field is optional and type-checked; texts are Turtle. Dataset holds
// the default graph and the named graphs: the dataset of a query without
// FROM/FROM NAMED. Sources are only reachable through FROM and FROM NAMED.
// Every document is parsed in its own blank-node scope. Source IRIs are
// lookup keys, never fetched.
type Catalogue struct {
	Base    string
	Dataset *Dataset
	Sources map[string]*Graph
}

// Loader parses one document; Parse and a closure over LoadIsolated both fit.
type Loader func(data []byte, format Format, base, name string) ([]Quad, error)

func inProcess(data []byte, format Format, base, name string) ([]Quad, error) {
	return Parse(bytes.NewReader(data), format, base, name)
}

// ParseCatalogue reads a catalogue, parsing its Turtle texts in-process
// (see ParseCatalogueWith to isolate them). limits bound the total text
// bytes and the total quads across all documents.
func ParseCatalogue(data []byte, limits Limits) (*Catalogue, error) {
	return ParseCatalogueWith(data, limits, inProcess)
}

type rawCatalogue struct {
	Base    *string
	Default *string
	Named   map[string]string
	Sources map[string]string
}

// ParseCatalogueWith is ParseCatalogue with the given document loader.
func ParseCatalogueWith(data []byte, limits Limits, load Loader) (*Catalogue, error) {
	raw, err := decodeCatalogue(data)
	if err != nil {
		return nil, err
	}
	c := &Catalogue{Dataset: NewDataset(), Sources: map[string]*Graph{}}
	named := map[string]*Graph{}
	if raw.Base != nil {
		if !IsAbsoluteIRI(*raw.Base) {
			return nil, fmt.Errorf("catalogue: base %q is not an absolute IRI", *raw.Base)
		}
		c.Base = *raw.Base
	}
	b := &budget{limits: limits, load: load, base: c.Base}
	if raw.Default != nil {
		if err := b.into(c.Dataset.Default, *raw.Default, "default"); err != nil {
			return nil, err
		}
	}
	if err := c.addGraphs(b, raw.Named, "named", named); err != nil {
		return nil, err
	}
	if err := c.addGraphs(b, raw.Sources, "sources", c.Sources); err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(named)) {
		g := c.Dataset.Named(IRI(k), true)
		for _, t := range named[k].Triples() {
			g.Add(t)
		}
	}
	return c, nil
}

// decodeCatalogue checks the field names and types before anything is parsed.
func decodeCatalogue(data []byte) (*rawCatalogue, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("catalogue: not a JSON object: %v", err)
	}
	raw := &rawCatalogue{}
	for k, v := range fields {
		var err error
		switch k {
		case "base":
			err = json.Unmarshal(v, &raw.Base)
		case "default":
			err = json.Unmarshal(v, &raw.Default)
		case "named":
			err = json.Unmarshal(v, &raw.Named)
		case "sources":
			err = json.Unmarshal(v, &raw.Sources)
		default:
			return nil, fmt.Errorf("catalogue: unknown field %q (want base, default, named, sources)", k)
		}
		if err != nil {
			return nil, fmt.Errorf("catalogue: field %q: want %s", k, fieldType(k))
		}
	}
	return raw, nil
}

func fieldType(k string) string {
	if k == "named" || k == "sources" {
		return "an object mapping IRIs to Turtle text"
	}
	return "a string"
}

// addGraphs parses a named/sources object into graphs keyed by absolute IRI.
func (c *Catalogue) addGraphs(b *budget, texts map[string]string, field string, into map[string]*Graph) error {
	for _, k := range slices.Sorted(maps.Keys(texts)) {
		iri := k
		if !IsAbsoluteIRI(k) {
			var err error
			if iri, err = Resolve(c.Base, k); err != nil {
				return fmt.Errorf("catalogue: %s: key %q: %v", field, k, err)
			}
		}
		if _, dup := into[iri]; dup {
			return fmt.Errorf("catalogue: %s: graph <%s> given twice", field, iri)
		}
		g := NewGraph()
		if err := b.into(g, texts[k], field+"["+iri+"]"); err != nil {
			return err
		}
		into[iri] = g
	}
	return nil
}

// budget enforces Limits across every document of one catalogue.
type budget struct {
	limits       Limits
	load         Loader
	base         string
	bytes, quads int
}

func (b *budget) into(g *Graph, text, name string) error {
	b.bytes += len(text)
	if b.limits.MaxBytes > 0 && b.bytes > b.limits.MaxBytes {
		return fmt.Errorf("catalogue: %s: texts exceed %d bytes: %w", name, b.limits.MaxBytes, ErrLimit)
	}
	qs, err := b.load([]byte(text), Turtle, b.base, name)
	if err != nil {
		return fmt.Errorf("catalogue: %w", err)
	}
	b.quads += len(qs)
	if b.limits.MaxQuads > 0 && b.quads > b.limits.MaxQuads {
		return fmt.Errorf("catalogue: %s: more than %d quads: %w", name, b.limits.MaxQuads, ErrLimit)
	}
	for _, q := range qs {
		g.Add(q.Triple())
	}
	return nil
}

// Active returns the dataset a query runs on (SPARQL 1.1 §13.2,
// #specifyingDataset). With no FROM and no FROM NAMED it is c.Dataset.
// Otherwise the default graph is the merge of the FROM graphs (an RDF merge:
// every document was loaded in its own blank-node scope, so blank nodes of
// different sources stay apart) and the named graphs are the FROM NAMED
// graphs under their IRIs; a FROM NAMED-only query has an empty default
// graph. Each IRI is looked up in named ∪ sources, which must be disjoint;
// a missing one is an error; repeats are ignored.
func (c *Catalogue) Active(from, fromNamed []string) (*Dataset, error) {
	if len(from) == 0 && len(fromNamed) == 0 {
		return c.Dataset, nil
	}
	if err := c.checkDisjoint(); err != nil {
		return nil, err
	}
	ds := NewDataset()
	for _, iri := range from {
		g, err := c.lookup(iri, "FROM")
		if err != nil {
			return nil, err
		}
		for _, t := range g.Triples() {
			ds.Default.Add(t)
		}
	}
	for _, iri := range fromNamed {
		g, err := c.lookup(iri, "FROM NAMED")
		if err != nil {
			return nil, err
		}
		ng := ds.Named(IRI(iri), true)
		for _, t := range g.Triples() {
			ng.Add(t)
		}
	}
	return ds, nil
}

func (c *Catalogue) lookup(iri, clause string) (*Graph, error) {
	if g := c.Dataset.Named(IRI(iri), false); g != nil {
		return g, nil
	}
	if g, ok := c.Sources[iri]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("dataset: %s <%s>: no such graph in the catalogue's named graphs or sources (sources are never fetched)", clause, iri)
}

func (c *Catalogue) checkDisjoint() error {
	var both []string
	for k := range c.Sources {
		if c.Dataset.Named(IRI(k), false) != nil {
			both = append(both, "<"+k+">")
		}
	}
	if len(both) > 0 {
		sort.Strings(both)
		return fmt.Errorf("dataset: catalogue keys %s are in both named and sources; with FROM/FROM NAMED they must be disjoint", strings.Join(both, ", "))
	}
	return nil
}

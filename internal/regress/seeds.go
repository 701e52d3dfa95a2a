package regress

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
)

// Seed is one source case of the corpus: testdata/seeds/<id>.rq, whose
// first line is "# origin: ...", over <id>.nq when there is one, else the
// library example (library.ttl).
type Seed struct {
	ID     string
	Origin string
	Case   *oracle.Case
}

// LoadSeeds reads every seed under dir, sorted by id.
func LoadSeeds(dir string) ([]Seed, error) {
	library, err := readData(filepath.Join(dir, "library.ttl"))
	if err != nil {
		return nil, err
	}
	return loadSeedFiles(dir, ".rq", func() *rdf.Dataset { return library }, func(id, q string, ds *rdf.Dataset) Seed {
		return Seed{ID: id, Origin: origin(q), Case: &oracle.Case{Name: id, Query: q, Dataset: ds}}
	})
}

// loadSeedFiles reads every seed dir/*<ext> of either kind (".rq" a query,
// ".ru" an update request), sorted by id, over its own <id>.nq when there
// is one, else over data() (the library example, the empty store).
func loadSeedFiles[S any](dir, ext string, data func() *rdf.Dataset, seed func(id, text string, ds *rdf.Dataset) S) ([]S, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	sort.Strings(paths)
	var out []S
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		ds := data()
		if own := strings.TrimSuffix(p, ext) + ".nq"; fileExists(own) {
			if ds, err = readData(own); err != nil {
				return nil, err
			}
		}
		out = append(out, seed(strings.TrimSuffix(filepath.Base(p), ext), string(text), ds))
	}
	return out, nil
}

// readData reads a dataset file in the format its name says.
func readData(path string) (*rdf.Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	quads, err := rdf.Parse(f, rdf.FormatFromName(path), "", path)
	if err != nil {
		return nil, err
	}
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	return ds, nil
}

// SeedOrphans writes as seeds the corpus cases no seed under dir accounts
// for, so regenerating loses nothing: a case recorded before cases listed
// their seeds ("# seeds:") whose id does not start with a seed's name (a
// sweep's finding filed by hand), or one listing a seed that is gone. One
// seed per distinct (query, data); it returns the seed ids written.
func SeedOrphans(cases []*Case, dir string) ([]string, error) {
	have := map[string]bool{}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.rq"))
	for _, p := range paths {
		have[strings.TrimSuffix(filepath.Base(p), ".rq")] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, c := range cases {
		id, orphan := orphanSeed(c, have)
		fp := reduce.Fingerprint(c.Query, "", c.Data)
		if !orphan || seen[fp] {
			continue
		}
		seen[fp] = true
		for n, base := 2, id; have[id]; n++ {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		if err := writeSeed(c, filepath.Join(dir, id)); err != nil {
			return out, err
		}
		have[id] = true
		out = append(out, id)
	}
	return out, nil
}

// orphanSeed says whether no seed accounts for c, and the seed id to
// write it under. An old case ("<seed>-<class>[-n]", no "# seeds:") is
// covered by any seed whose id is its own or a prefix of it followed by
// "-".
func orphanSeed(c *Case, have map[string]bool) (string, bool) {
	if s := c.Meta["seeds"]; s != "" {
		for _, id := range strings.Split(s, ",") {
			if !have[id] {
				return id, true
			}
		}
		return "", false
	}
	for id := range have {
		if c.ID == id || strings.HasPrefix(c.ID, id+"-") {
			return "", false
		}
	}
	return seedOf(c.ID), true
}

// writeSeed writes c as <path>.rq (its origin first) and <path>.nq.
func writeSeed(c *Case, path string) error {
	o := c.Meta["origin"]
	if o == "" {
		o = "corpus/regress/" + c.ID
	}
	q := "# origin: " + o + " (was corpus/regress/" + c.ID + ")\n" + strings.TrimPrefix(c.Query, "\n")
	if origin(c.Query) != "" { // the query keeps the seed's own origin line
		q = c.Query
	}
	if !strings.HasSuffix(q, "\n") {
		q += "\n"
	}
	if err := os.WriteFile(path+".rq", []byte(q), 0o644); err != nil {
		return err
	}
	var data strings.Builder
	if err := rdf.WriteNQuads(&data, c.Data.Quads()); err != nil {
		return err
	}
	return os.WriteFile(path+".nq", []byte(data.String()), 0o644)
}

// seedOf is the seed a case id was recorded from under the old naming
// ("<seed>-<class>[-n]").
func seedOf(id string) string {
	for _, c := range diff.AllClasses() {
		if i := strings.LastIndex(id, "-"+string(c)); i > 0 {
			rest := id[i+len(c)+1:]
			if rest == "" || rest[0] == '-' {
				return id[:i]
			}
		}
	}
	return id
}

func origin(q string) string {
	first, _, _ := strings.Cut(q, "\n")
	if !strings.HasPrefix(first, "# origin:") {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(first, "# origin:"))
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

package rootcause

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"

	corpusdata "github.com/sparql-oracle/oracle/corpus"
)

// Recorded is the regression corpus's record of a root cause
// (corpus/regress/roots.tsv, generated with docs/findings.md): the case
// that is its smallest witness, its status on the findings page (open,
// re-check, known upstream, intended...) and the tracker record ("not
// found (2026-12-02)", or the issue). A root cause found again by a sweep
// or `oracle diff` that the corpus records is one the project has
// reduced, named and checked upstream: the store files it as recorded,
// not as untriaged (store.StatusRecorded).
type Recorded struct {
	Case     string `json:"case"`
	Status   string `json:"status"`
	Upstream string `json:"upstream"`
}

// RecordedHeader is roots.tsv's column line.
const RecordedHeader = "root_cause\tfamily\tseverity\tstatus\tcase\tupstream"

// rootsPath is roots.tsv inside the carried corpus (corpusdata.Files).
const rootsPath = "regress/roots.tsv"

var recorded struct {
	once sync.Once
	byID map[string]Recorded
	err  error
}

// RecordedOf is the corpus's record of root cause id, if it has one. The
// index is the one the binary carries, read once.
func RecordedOf(id string) (Recorded, bool) {
	recorded.once.Do(func() { recorded.byID, recorded.err = readRecorded(corpusdata.Files, rootsPath) })
	r, ok := recorded.byID[id]
	return r, ok
}

// RecordedErr is the error reading the carried index, if any (a test
// checks it is nil: a malformed roots.tsv would silently record nothing).
func RecordedErr() error {
	RecordedOf("")
	return recorded.err
}

// readRecorded reads a roots.tsv (a small file the binary carries, read
// whole); a missing file is an empty index. Errors name file:line.
func readRecorded(fsys fs.FS, path string) (map[string]Recorded, error) {
	out := map[string]Recorded{}
	data, err := fs.ReadFile(fsys, path)
	if err != nil {
		return out, nil
	}
	for i, t := range strings.Split(string(data), "\n") {
		if t == "" || t[0] == '#' || t == RecordedHeader {
			continue
		}
		c := strings.Split(t, "\t")
		if len(c) != 6 || c[0] == "" || c[4] == "" {
			return out, fmt.Errorf("%s:%d: want the %d columns %s", path, i+1, 6, strings.ReplaceAll(RecordedHeader, "\t", ", "))
		}
		out[c[0]] = Recorded{Case: c[4], Status: c[3], Upstream: c[5]}
	}
	return out, nil
}

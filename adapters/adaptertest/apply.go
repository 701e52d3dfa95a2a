package adaptertest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// UpdateCase is one update of an adapter's update check: the store after
// it as StoreLines writes it (AnyStore: not compared, where engines differ
// in what a failing request leaves), a word of the failure the store
// carries ("" for none), or the class of its error (oracle.Classify:
// "rejected", "unsupported"; "" for an answer).
type UpdateCase struct {
	Update   string
	Want     string
	AnyStore bool
	Failed   string
	Err      string
}

// CheckUpdates applies each case on Dataset() with src the documents LOAD
// may name (oracle.UpdateCase.Sources) and holds the outcome, the store
// and its failure to the case's (§3 of SPARQL 1.1 Update, #updateLanguage).
func CheckUpdates(t *testing.T, e oracle.Engine, src map[string]*rdf.Graph, cases []UpdateCase) {
	t.Helper()
	for _, c := range cases {
		got, failed, err := ApplyUpdate(e, c.Update, src)
		if oracle.Classify(err) != c.Err {
			t.Errorf("%s: %v, want outcome %q", c.Update, err, c.Err)
		}
		if !strings.Contains(failed, c.Failed) || (c.Failed == "") != (failed == "") {
			t.Errorf("%s: failure %q, want failure %q", c.Update, failed, c.Failed)
		}
		if !c.AnyStore && got != c.Want {
			t.Errorf("%s:\n got %s\nwant %s", c.Update, got, c.Want)
		}
	}
}

// ApplyUpdate runs update on Dataset() and answers the store after it
// (StoreLines) and the failure the store carries.
func ApplyUpdate(e oracle.Engine, update string, src map[string]*rdf.Graph) (store, failed string, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return "", "", fmt.Errorf("%s applies no updates", e.Name())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.UpdateCase{Update: update, Store: Dataset(), Sources: src})
	if err != nil {
		return "", "", err
	}
	return StoreLines(a.Store.Dataset()), a.Store.Err, nil
}

// StoreLines writes ds as its sorted N-Quads lines joined by "|", the
// example namespace left out and the blank node a line starts with
// written _:0 (engines choose their own labels).
func StoreLines(ds *rdf.Dataset) string {
	var b strings.Builder
	rdf.WriteNQuads(&b, ds.Quads())
	text := strings.ReplaceAll(b.String(), "http://example/", "")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "_:") {
			lines[i] = "_:0" + l[strings.Index(l, " "):]
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "|")
}

package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// confinedEngines are the external engines the file and network checks
// run on: RDFLib (which read any RDF file through FROM <file:...>) and
// Virtuoso (whose bif:http_get fetched any URL), with Rasqal (which reads
// FROM files and fetches SERVICE itself), each where installed.
var confinedEngines = []string{"rdflib", "virtuoso", "rasqal"}

// TestDiffReadsNothing posts every hostile query of adaptertest to
// POST /v1/diff on real engines: whatever each answers, no planted file's
// content appears in a response, and the loopback listener sees no
// connection.
func TestDiffReadsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real engines")
	}
	engines := inHouse()
	var names []string
	for _, n := range confinedEngines {
		if e := installed(t, n); e != nil {
			engines, names = append(engines, e), append(names, n)
		}
	}
	if len(names) == 0 {
		t.Skip("none of the engines is installed")
	}
	_, ts := newTest(t, Config{Engines: engines})
	l := adaptertest.Listen(t)
	for _, q := range adaptertest.HostileQueries(adaptertest.PlantSecrets(t), l.URL) {
		r := postJSON(t, ts.URL+"/v1/diff", map[string]any{"query": q, "engines": names})
		if strings.Contains(string(r.Body), adaptertest.Secret) {
			t.Errorf("%s: the response holds the planted file: %.400s", q, r.Body)
		}
		if r.Status != http.StatusOK && r.Status/100 != 4 {
			t.Errorf("%s: status %d: %.300s", q, r.Status, r.Body)
		}
		t.Logf("%-.80s → %d %s", q, r.Status, outcomes(t, r))
	}
	if n := l.Conns(); n > 0 {
		t.Errorf("the loopback listener saw %d connection(s)", n)
	}
}

// outcomes summarises each engine's outcome in a diff response.
func outcomes(t *testing.T, r response) string {
	var rep struct {
		Verdicts []struct {
			Engine  string `json:"engine"`
			Outcome string `json:"outcome"`
			Error   string `json:"error"`
		} `json:"verdicts"`
	}
	if r.Status != http.StatusOK {
		return ""
	}
	r.json(t, &rep)
	var out []string
	for _, v := range rep.Verdicts {
		out = append(out, fmt.Sprintf("%s:%s", v.Engine, v.Outcome))
	}
	return strings.Join(out, " ")
}

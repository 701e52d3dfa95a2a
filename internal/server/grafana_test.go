package server

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestGrafanaQueriesKnownMetrics: every oracle_* series the Grafana
// dashboard (deploy/) queries is one the server exports.
func TestGrafanaQueriesKnownMetrics(t *testing.T) {
	dash, err := os.ReadFile("../../deploy/grafana/dashboards/oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTest(t, Config{Engines: append(inHouse(), flaky{inHouse()[1]})})
	do(t, "POST", ts.URL+"/v1/diff", "application/json", []byte(`{"query": "`+selectSP+`", "dataset": `+twoRows+`}`))
	exported := string(do(t, "GET", ts.URL+"/metrics", "", nil).Body)
	if !strings.Contains(exported, `oracle_sidecar_restarts_total{engine="flaky"} 3`) {
		t.Errorf("restarts of an engine that counts them are not exported")
	}
	names := regexp.MustCompile(`oracle_[a-z_]+`).FindAllString(string(dash), -1)
	if len(names) < 10 {
		t.Fatalf("%d metric references in the dashboard", len(names))
	}
	for _, n := range names {
		if !strings.Contains(exported, "\n"+n) && !strings.Contains(exported, "# TYPE "+n+" ") {
			t.Errorf("the Grafana dashboard queries %s, which /metrics does not export", n)
		}
	}
}

// flaky is an engine reporting sidecar restarts.
type flaky struct{ oracle.Engine }

func (flaky) Name() string    { return "flaky" }
func (flaky) Restarts() int64 { return 3 }

package regress

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

func TestBisectLine(t *testing.T) {
	rv := func(v string, present, unjudged bool) ReleaseVerdict {
		o := triage.Wrong
		if !present {
			o = triage.Correct
		}
		if unjudged {
			o = triage.TimedOut
		}
		return ReleaseVerdict{Release: registry.Release{Engine: "jena", Version: v}, Outcome: o, Present: present, Unjudged: unjudged}
	}
	for _, c := range []struct {
		vs   []ReleaseVerdict
		want string
	}{
		{[]ReleaseVerdict{rv("5.0.0", true, false), rv("5.6.0", true, false), rv("6.2.0", false, false)},
			"jena: present in 5.0.0 to 5.6.0, fixed in 6.2.0"},
		{[]ReleaseVerdict{rv("5.6.0", true, false), rv("6.2.0", true, false)}, "jena: present in 5.6.0 to 6.2.0"},
		{[]ReleaseVerdict{rv("5.6.0", false, false), rv("6.2.0", true, false)}, "jena: absent in 5.6.0, introduced in 6.2.0"},
		{[]ReleaseVerdict{rv("5.0.0", true, false), rv("5.6.0", false, false), rv("6.2.0", true, false)},
			"jena: present in 5.0.0, fixed in 5.6.0, present again in 6.2.0"},
		{[]ReleaseVerdict{rv("5.6.0", true, false), rv("6.0.0", false, true), rv("6.2.0", true, false)},
			"jena: present in 5.6.0 to 6.2.0; not judged: 6.0.0 (timeout)"},
		{[]ReleaseVerdict{rv("5.6.0", false, true)}, "jena: no installed release could be judged; not judged: 5.6.0 (timeout)"},
	} {
		if got := BisectLine("jena", c.vs); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}

// releasesEnv turns TestReleaseCorpus on: ORACLE_RELEASES_CORPUS=jena
// judges every corpus case on every installed release of jena (warm
// engines, one Judge per case) and logs the cases where the releases'
// verdicts differ, with the bisect line: what changed between releases on
// corpus/regress (docs/engines.md).
const releasesEnv = "ORACLE_RELEASES_CORPUS"

func TestReleaseCorpus(t *testing.T) {
	name := os.Getenv(releasesEnv)
	if name == "" {
		t.Skipf("set %s=ENGINE to judge the corpus on each installed release", releasesEnv)
	}
	rels, err := registry.Releases(name)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := registry.New(oracle.JudgeName)
	es := []oracle.Engine{ref}
	for _, r := range rels {
		e, err := registry.New(r.Name)
		if err != nil {
			t.Fatal(err)
		}
		defer registry.Close(e)
		es = append(es, e)
	}
	cases, err := LoadDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, c := range cases {
		rep := triage.Judge(context.Background(), c.Oracle(), es, Deadline)
		var vs []ReleaseVerdict
		for _, r := range rels {
			v := rep.Verdict(r.Name)
			rv := ReleaseVerdict{Release: r, Outcome: v.Outcome, Classes: v.Classes}
			rv.Unjudged = v.Outcome != triage.Correct && v.Outcome != triage.Wrong && v.Outcome != triage.Errored && v.Outcome != triage.Rejected && v.Outcome != triage.Crashed
			rv.Present = !rv.Unjudged && v.Outcome != triage.Correct
			vs = append(vs, rv)
		}
		line := BisectLine(name, vs)
		if strings.Contains(line, "fixed") || strings.Contains(line, "introduced") || strings.Contains(line, "again") {
			changed++
			t.Logf("%s: %s (%s)", c.ID, line, outcomes(vs))
		} else if vs[len(vs)-1].Present {
			t.Logf("%s: %s (%s)", c.ID, line, outcomes(vs))
		}
	}
	t.Logf("%d of %d cases changed between %s's releases", changed, len(cases), name)
}

func outcomes(vs []ReleaseVerdict) string {
	var out []string
	for _, v := range vs {
		var cls []string
		for _, c := range v.Classes {
			cls = append(cls, string(c))
		}
		out = append(out, v.Release.Version+" "+string(v.Outcome)+" "+strings.Join(cls, ","))
	}
	return strings.Join(out, "; ")
}

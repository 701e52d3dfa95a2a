package main

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/sweep"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// gateRun is what one gate (or an imported `oracle w3c` run) saw.
type gateRun struct {
	Engine, Version string
	Started         time.Time
	Elapsed         time.Duration
	Root            string // the W3C suite's root ("" when it did not run)
	BaselinePath    string
	// NoBaseline: no --baseline was given (a first run): a failing test is
	// "failing", not "passed → failed"; Recording is the --write-baseline
	// file it is then recorded into ("" when none).
	NoBaseline bool
	Recording  string
	Tests      []gateTest
	Cases      []store.TestCase // what the test pages show (imports only)
	// Recorded are the regression corpus's own expected failures of the
	// engine (gate.go record): the baseline when it does not list the case.
	Recorded w3c.Baseline
}

// Verdicts of a test against the baseline.
const (
	verdictPassed    = "passed"
	verdictRegressed = "passed→failed" // the baseline expects it to pass: fatal
	verdictFixed     = "failed→passed" // the baseline lists it and it passes: update the baseline
	verdictChanged   = "class changed" // listed, failing with another class
	verdictAccepted  = "accepted"      // listed, failing with its class
	verdictNotRun    = "not run"
	verdictFailing   = "failing" // no baseline given: recorded (--write-baseline) or a failure
	// verdictIntended: not listed, failing in a way a rule of the engine
	// family's known.json says its maintainers chose (intended or won't
	// fix): never a regression, listed with the rule.
	verdictIntended = "intended"
)

// gateTest is one test's result and its verdict against the baseline.
type gateTest struct {
	store.TestResult
	ID        string // the baseline's id: the W3C test IRI, or regress/<id>
	Name      string
	Folder    string // the JUnit suite: the manifest folder, or "regression corpus"
	BaseClass string // the class as a baseline writes it (a W3C failure's every class)
	Skipped   bool   // skipped by the harness: never a regression
	Verdict   string
	Was       string // the baseline's class
	WasReason string
}

func (t *gateTest) failing() bool {
	return t.Failing() || (t.Status == store.TestUnsupported && !t.Skipped)
}

// addW3C adds a W3C report's results (and, when cases, the test pages).
func (run *gateRun) addW3C(rep *w3c.Report, root string, cases bool) {
	for i := range rep.Results {
		res := &rep.Results[i]
		key := sweep.W3CKey(res.Test, root)
		tr := sweep.W3CStatus(key, res, nil)
		tr.Engine, tr.Version = rep.Engine, rep.Version
		run.Tests = append(run.Tests, gateTest{TestResult: tr, ID: res.Test.ID, Name: res.Test.Name, Folder: res.Folder,
			BaseClass: res.Class, Skipped: res.Outcome == w3c.Skip})
		if cases {
			run.Cases = append(run.Cases, sweep.W3CTestCase(key, res.Test, root))
		}
	}
}

// addRegress adds the engine's result on one regression case.
func (run *gateRun) addRegress(tc *store.TestCase, rs []store.TestResult, cases bool) {
	for _, r := range rs {
		if r.Engine != run.Engine {
			continue
		}
		run.Tests = append(run.Tests, gateTest{TestResult: r, ID: r.Test, Name: tc.Name, Folder: store.SuiteRegress, BaseClass: r.Class})
		if cases {
			run.Cases = append(run.Cases, *tc)
		}
	}
}

// judge sets each test's verdict against the baseline, and the baseline's
// reason on accepted failures (the store shows them as intended).
func (run *gateRun) judge(base w3c.Baseline) {
	for i := range run.Tests {
		t := &run.Tests[i]
		e, listed := base[t.ID]
		if !listed {
			e, listed = run.Recorded[t.ID]
		}
		t.Was, t.WasReason = e.Class, e.Reason
		switch {
		case t.failing() && !listed && intendedRule(run.Engine, t) != "":
			t.Verdict, t.WasReason = verdictIntended, intendedRule(run.Engine, t)
		case t.failing() && !listed && run.NoBaseline:
			t.Verdict = verdictFailing
		case t.failing() && !listed:
			t.Verdict = verdictRegressed
		case t.failing() && e.Class != t.BaseClass:
			t.Verdict = verdictChanged
		case t.failing():
			t.Verdict = verdictAccepted
		case t.Status == store.TestPassed && listed:
			t.Verdict = verdictFixed
		case t.Status == store.TestPassed:
			t.Verdict = verdictPassed
		default:
			t.Verdict = verdictNotRun
		}
		if listed && t.Status == store.TestFailed {
			t.Baseline = e.Reason
			if t.Baseline == "" {
				t.Baseline = "-"
			}
		}
	}
}

// intendedRule is the intended or won't-fix rule of engine's family that
// matches a failing test (by its classes), as "id: link", or "".
func intendedRule(engine string, t *gateTest) string {
	for _, cl := range strings.Split(t.BaseClass, ",") {
		r, ok := oracle.MatchRule(oracle.Facts{Engine: engine, Class: strings.TrimSpace(cl)})
		if ok && (r.Status == oracle.RuleIntended || r.Status == oracle.RuleWontFix) && r.Match.Query == "" &&
			r.Match.Symptom == "" && len(r.Match.Trigger) == 0 {
			return r.ID + ": " + r.Link
		}
	}
	return ""
}

func (run *gateRun) count(verdict string) int {
	n := 0
	for _, t := range run.Tests {
		if t.Verdict == verdict {
			n++
		}
	}
	return n
}

func (run *gateRun) results() []store.TestResult {
	out := make([]store.TestResult, len(run.Tests))
	for i, t := range run.Tests {
		out[i] = t.TestResult
	}
	return out
}

func (run *gateRun) hasRegress() bool {
	for _, t := range run.Tests {
		if t.Suite == store.SuiteRegress {
			return true
		}
	}
	return false
}

// writeBaseline writes every test that did not pass as a baseline line,
// keeping the old baseline's reason where it had one.
func (run *gateRun) writeBaseline(f io.Writer) error {
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# baseline of %s %s for `oracle gate`: test-id<TAB>class<TAB>reason\n", run.Engine, run.Version)
	fmt.Fprintf(w, "# the tests expected not to pass; edit the reasons into explanations\n")
	for _, t := range run.Tests {
		if !t.failing() {
			continue
		}
		reason := t.WasReason
		if reason == "" || t.Was != t.BaseClass {
			reason = oneLineText(t.Reason)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", t.ID, t.BaseClass, reason)
	}
	return w.Flush()
}

func oneLineText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "-"
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// suiteRow is one line of the summary table.
type suiteRow struct {
	Suite                                      string
	Passed, Accepted, Regressed, NotRun, Fixed int
}

func (run *gateRun) suites() []suiteRow {
	by := map[string]*suiteRow{}
	var order []string
	for _, t := range run.Tests {
		r := by[t.Suite]
		if r == nil {
			r = &suiteRow{Suite: t.Suite}
			by[t.Suite] = r
			order = append(order, t.Suite)
		}
		switch t.Verdict {
		case verdictPassed:
			r.Passed++
		case verdictFixed:
			r.Passed++
			r.Fixed++
		case verdictRegressed:
			r.Regressed++
		case verdictAccepted, verdictChanged, verdictFailing, verdictIntended:
			r.Accepted++
		default:
			r.NotRun++
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return suiteOrder(order[i]) < suiteOrder(order[j]) })
	out := make([]suiteRow, len(order))
	for i, s := range order {
		out[i] = *by[s]
	}
	return out
}

func suiteOrder(s string) int {
	for i, x := range append(append([]string{}, store.W3CSuites...), store.SuiteRegress) {
		if x == s {
			return i
		}
	}
	return 99
}

// JUnit XML: one testsuite per folder; a regression is a failure, an
// accepted failure and a test not run are skipped (with the reason).
type gateSuites struct {
	XMLName  xml.Name    `xml:"testsuites"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Suites   []gateSuite `xml:"testsuite"`
}

type gateSuite struct {
	Name     string     `xml:"name,attr"`
	Tests    int        `xml:"tests,attr"`
	Failures int        `xml:"failures,attr"`
	Skipped  int        `xml:"skipped,attr"`
	Cases    []gateCase `xml:"testcase"`
}

type gateCase struct {
	Class   string    `xml:"classname,attr"`
	Name    string    `xml:"name,attr"`
	Time    string    `xml:"time,attr"`
	Failure *gateNote `xml:"failure,omitempty"`
	Skipped *gateNote `xml:"skipped,omitempty"`
	Out     string    `xml:"system-out,omitempty"`
}

type gateNote struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

func (run *gateRun) writeJUnit(f io.Writer) error {
	doc := gateSuites{Name: "oracle gate " + run.Engine}
	index := map[string]int{}
	for _, t := range run.Tests {
		j, ok := index[t.Folder]
		if !ok {
			j = len(doc.Suites)
			index[t.Folder] = j
			doc.Suites = append(doc.Suites, gateSuite{Name: t.Folder})
		}
		s := &doc.Suites[j]
		c := junitCaseOf(t, run.Recording != "")
		s.Tests++
		if c.Failure != nil {
			s.Failures++
			doc.Failures++
		} else if c.Skipped != nil {
			s.Skipped++
		}
		s.Cases = append(s.Cases, c)
		doc.Tests++
	}
	return w3c.WriteXML(f, doc)
}

func junitCaseOf(t gateTest, recording bool) gateCase {
	c := gateCase{Class: t.Folder, Name: t.ID, Time: fmt.Sprintf("%.3f", t.ElapsedMS/1000)}
	switch t.Verdict {
	case verdictRegressed:
		c.Failure = &gateNote{Message: "passed → failed: " + t.BaseClass, Type: t.BaseClass, Text: t.Reason}
	case verdictIntended:
		c.Skipped = &gateNote{Message: "intended by the engine's maintainers: " + t.WasReason}
	case verdictAccepted, verdictChanged:
		c.Skipped = &gateNote{Message: fmt.Sprintf("expected failure (baseline: %s): %s", t.Was, t.WasReason)}
		if t.Verdict == verdictChanged {
			c.Out = fmt.Sprintf("class changed: %s -> %s: %s", t.Was, t.BaseClass, t.Reason)
		}
	case verdictFailing:
		if recording {
			c.Skipped = &gateNote{Message: "failing, no baseline yet: recorded in the new baseline (" + t.BaseClass + ")"}
		} else {
			c.Failure = &gateNote{Message: "failed, no baseline given: " + t.BaseClass, Type: t.BaseClass, Text: t.Reason}
		}
	case verdictNotRun:
		c.Skipped = &gateNote{Message: "not run: " + oneLineText(t.Reason)}
	case verdictFixed:
		c.Out = "listed in the baseline (" + t.Was + ") but passes: remove it from the baseline"
	}
	return c
}

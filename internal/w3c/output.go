package w3c

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// FolderStats sums the outcomes of one folder.
type FolderStats struct {
	Folder                          string
	Passed, Failed, Errors, Skipped int
	Time                            time.Duration
}

// Folders sums the results by folder, sorted by folder name; the last
// entry is the total (Folder "TOTAL").
func (r *Report) Folders() []FolderStats {
	by := map[string]*FolderStats{}
	total := FolderStats{Folder: "TOTAL"}
	for i := range r.Results {
		res := &r.Results[i]
		fs := by[res.Folder]
		if fs == nil {
			fs = &FolderStats{Folder: res.Folder}
			by[res.Folder] = fs
		}
		fs.add(res)
		total.add(res)
	}
	out := make([]FolderStats, 0, len(by)+1)
	for _, fs := range by {
		out = append(out, *fs)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Folder < out[j].Folder })
	return append(out, total)
}

func (fs *FolderStats) add(r *Result) {
	switch r.Outcome {
	case Pass:
		fs.Passed++
	case Fail:
		fs.Failed++
	case Error:
		fs.Errors++
	case Skip:
		fs.Skipped++
	}
	fs.Time += r.Time
}

// WriteTable prints the folder table: passed, failed, errors, skipped, time.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "folder\tpassed\tfailed\terrors\tskipped\ttime\t\n")
	for _, fs := range r.Folders() {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t\n", fs.Folder, fs.Passed, fs.Failed,
			fs.Errors, fs.Skipped, fs.Time.Round(time.Millisecond))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, m := range r.Missing {
		if _, err := fmt.Fprintf(w, "absent manifest (tolerated): %s, included by %s\n", PublicIRI(m.IRI), PublicIRI(m.IncludedBy)); err != nil {
			return err
		}
	}
	return nil
}

// ProgressBar returns an Options.Progress that redraws one line on w (a
// terminal): a bar, counts and the current folder.
func ProgressBar(w io.Writer) func(done, total int, r *Result) {
	var failed int
	return func(done, total int, r *Result) {
		if r.Outcome == Fail || r.Outcome == Error {
			failed++
		}
		const width = 30
		n := width
		if total > 0 {
			n = done * width / total
		}
		fmt.Fprintf(w, "\r[%s%s] %d/%d, %d not passing  %-30.30s", strings.Repeat("=", n),
			strings.Repeat(" ", width-n), done, total, failed, r.Folder)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

func earlOutcome(o Outcome) string {
	switch o {
	case Pass:
		return "passed"
	case Skip:
		return "untested"
	}
	return "failed"
}

// description is a one-line account of a result that did not pass.
func (r *Result) description() string {
	switch {
	case r.Outcome == Pass:
		return ""
	case r.Class == "":
		return r.Reason
	}
	return r.Class + ": " + r.Reason
}

func literal(s string) string { return rdf.String(s).String() }

// JUnit XML (the de-facto schema CI systems read).
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Name    string       `xml:"name,attr"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Class   string        `xml:"classname,attr"`
	Name    string        `xml:"name,attr"`
	Time    string        `xml:"time,attr"`
	Failure *junitProblem `xml:"failure,omitempty"`
	Error   *junitProblem `xml:"error,omitempty"`
	Skipped *junitProblem `xml:"skipped,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes the report as JUnit XML: one testsuite per folder.
func (r *Report) WriteJUnit(w io.Writer) error {
	doc := junitSuites{Name: "w3c " + r.Engine}
	index := map[string]int{}
	for i := range r.Results {
		res := &r.Results[i]
		j, ok := index[res.Folder]
		if !ok {
			j = len(doc.Suites)
			index[res.Folder] = j
			doc.Suites = append(doc.Suites, junitSuite{Name: res.Folder})
		}
		addJUnitCase(&doc.Suites[j], res)
	}
	for i := range doc.Suites {
		doc.Suites[i].Time = seconds(suiteTime(r.Results, doc.Suites[i].Name))
	}
	return WriteXML(w, doc)
}

// WriteXML writes doc as an XML document: the header, doc indented by two
// spaces, a final newline. The JUnit files of `oracle w3c` and `oracle
// gate` are written so.
func WriteXML(w io.Writer, doc any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func addJUnitCase(s *junitSuite, res *Result) {
	c := junitCase{Class: res.Folder, Name: PublicIRI(res.Test.ID), Time: seconds(res.Time)}
	p := &junitProblem{Message: res.description(), Type: res.Class, Text: strings.Join(res.Diff, "\n")}
	s.Tests++
	switch res.Outcome {
	case Fail:
		c.Failure = p
		s.Failures++
	case Error:
		c.Error = p
		s.Errors++
	case Skip:
		c.Skipped = &junitProblem{Message: res.Reason}
		s.Skipped++
	}
	s.Cases = append(s.Cases, c)
}

func suiteTime(rs []Result, folder string) time.Duration {
	var d time.Duration
	for i := range rs {
		if rs[i].Folder == folder {
			d += rs[i].Time
		}
	}
	return d
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

package regress

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Upstream is what an engine's public tracker says of one root cause
// (corpus/regress/upstream.tsv, written by testdata/upstream/mkupstream.py
// from the rules of the engine family's known.json): intended (the
// maintainers chose the behaviour), wontfix (acknowledged, not to be
// fixed), known (an open issue reports it), fixed (an issue or change
// fixed it), or not-found (searched, nothing reports it; Note lists the
// searches). Ref is an issue URL or "owner/repo#N" as seen in a search
// result, never guessed.
type Upstream struct {
	Fingerprint, Engine, Status, Ref, Checked, Case, Note string
}

// upstreamHeader is the column line of upstream.tsv.
const upstreamHeader = "fingerprint\tengine\tstatus\tref\tchecked\tcase\tnote"

// UpstreamIndex finds the tracker record of an (engine, case): by the
// case's fingerprint, else by its id (a case whose reduction changed keeps
// the record made under its name).
type UpstreamIndex struct {
	byFP, byCase map[string]Upstream
}

// ReadUpstream reads an upstream.tsv; a missing file is an empty index.
// Errors name file:line.
func ReadUpstream(path string) (*UpstreamIndex, error) {
	idx := &UpstreamIndex{byFP: map[string]Upstream{}, byCase: map[string]Upstream{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return idx, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := sc.Text()
		if t == "" || strings.HasPrefix(t, "#") || t == upstreamHeader {
			continue
		}
		u, err := parseUpstream(t)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		idx.byFP[u.Engine+"/"+u.Fingerprint] = u
		idx.byCase[u.Engine+"/"+u.Case] = u
	}
	return idx, sc.Err()
}

func parseUpstream(t string) (Upstream, error) {
	f := strings.Split(t, "\t")
	if len(f) < 6 {
		return Upstream{}, fmt.Errorf("want %d tab-separated columns (%s), got %d", 7, strings.ReplaceAll(upstreamHeader, "\t", ", "), len(f))
	}
	u := Upstream{Fingerprint: f[0], Engine: f[1], Status: f[2], Ref: f[3], Checked: f[4], Case: f[5]}
	if len(f) > 6 {
		u.Note = f[6]
	}
	switch u.Status {
	case "intended", "wontfix", "known", "fixed", "not-found":
	default:
		return Upstream{}, fmt.Errorf("status %q: want intended, wontfix, known, fixed or not-found", u.Status)
	}
	if u.Status != "not-found" && (u.Ref == "" || u.Ref == "-") {
		return Upstream{}, fmt.Errorf("status %s needs the issue it was seen in", u.Status)
	}
	return u, nil
}

// Lookup is the record for engine on case c, if any.
func (x *UpstreamIndex) Lookup(engine string, c *Case) (Upstream, bool) {
	if x == nil {
		return Upstream{}, false
	}
	if u, ok := x.byFP[engine+"/"+c.Meta["fingerprint"]]; ok && c.Meta["fingerprint"] != "" {
		return u, true
	}
	u, ok := x.byCase[engine+"/"+c.ID]
	return u, ok
}

// Link is the record's reference as a Markdown link: an "owner/repo#N"
// becomes its GitHub issue URL.
func (u Upstream) Link() string {
	switch {
	case u.Ref == "" || u.Ref == "-":
		return ""
	case strings.HasPrefix(u.Ref, "https://"):
		return fmt.Sprintf("[%s](%s)", shortRef(u.Ref), u.Ref)
	}
	if repo, n, ok := strings.Cut(u.Ref, "#"); ok && strings.Count(repo, "/") == 1 {
		return fmt.Sprintf("[%s](https://github.com/%s/issues/%s)", u.Ref, repo, n)
	}
	return u.Ref
}

// shortRef is "owner/repo#N" for a GitHub issue or pull URL.
func shortRef(url string) string {
	p := strings.Split(strings.TrimPrefix(url, "https://github.com/"), "/")
	if len(p) == 4 && (p[2] == "issues" || p[2] == "pull") {
		return p[0] + "/" + p[1] + "#" + p[3]
	}
	return url
}

// MasterRecord is what an engine's development branch does on a corpus
// case recorded against its release (corpus/regress/rasqal-master.tsv):
// still (the same outcome and classes), changed (another wrong class, or
// an error, crash or refusal), fixed (judged correct).
type MasterRecord struct {
	Engine, Release, Status, Outcome string
}

// ReadMasterTable reads a release table (case, outcome on the tested
// release, outcome on master, status, note) for engine, keyed by case; a
// missing file is an empty table.
func ReadMasterTable(path, engine string) (map[string]MasterRecord, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]MasterRecord{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]MasterRecord{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "case\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			return nil, fmt.Errorf("%s:%d: want case, release outcome, master outcome, status[, note]", path, i+1)
		}
		out[f[0]] = MasterRecord{Engine: engine, Release: f[1], Outcome: f[2], Status: f[3]}
	}
	return out, nil
}

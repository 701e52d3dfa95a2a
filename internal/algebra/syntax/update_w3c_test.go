package syntax

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var reUpdateType = regexp.MustCompile(`mf:(Positive|Negative)UpdateSyntaxTest11\b`)

// updateSyntaxCases greps the two update syntax manifests (as syntaxCases does).
func updateSyntaxCases(t testing.TB) []syntaxCase {
	root := filepath.Join(w3cDir(t), "sparql", "sparql11")
	var out []syntaxCase
	for _, m := range []string{"syntax-update-1", "syntax-update-2"} {
		dir := filepath.Join(root, m)
		b, err := os.ReadFile(filepath.Join(dir, "manifest.ttl"))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, ln := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(ln), "#") {
				lines = append(lines, ln)
			}
		}
		for _, st := range reStmtEnd.Split(strings.Join(lines, "\n"), -1) {
			ty, act := reUpdateType.FindStringSubmatch(st), reAction.FindStringSubmatch(st)
			if ty == nil || act == nil {
				continue
			}
			out = append(out, syntaxCase{filepath.Join(dir, act[1]), ty[1] == "Positive"})
		}
	}
	return out
}

// updateRoundTrip is roundTrip for requests.
func updateRoundTrip(src string, opts Options) (parsed bool, failure string) {
	u1, err := ParseUpdate(src, opts)
	if err != nil {
		return false, ""
	}
	s1 := u1.String()
	u2, err := ParseUpdate(s1, opts)
	if err != nil {
		return true, "reparse failed: " + err.Error() + "\n" + s1
	}
	if !Equal(u1, u2) {
		return true, "trees differ after print:\n" + s1
	}
	if s2 := u2.String(); s2 != s1 {
		return true, "printing is not a fixed point:\n" + s1 + "\n---\n" + s2
	}
	return true, ""
}

func TestW3CUpdateSyntax(t *testing.T) {
	cases := updateSyntaxCases(t)
	pass := 0
	for _, c := range cases {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Error(err)
			continue
		}
		opts := Options{Base: "file://" + filepath.ToSlash(c.file)}
		_, perr := ParseUpdate(string(src), opts)
		switch {
		case c.positive && perr != nil:
			t.Errorf("%s: positive test rejected: %v", c.file, perr)
		case !c.positive && perr == nil:
			t.Errorf("%s: negative test accepted", c.file)
		default:
			pass++
		}
		if _, failure := updateRoundTrip(string(src), opts); failure != "" {
			t.Errorf("%s: %s", c.file, failure)
		}
	}
	t.Logf("W3C update syntax: %d/%d", pass, len(cases))
	if len(cases) < 50 {
		t.Errorf("found only %d update syntax cases", len(cases))
	}
}

// TestW3CUpdateRoundTrip round-trips every .ru file of the W3C suite (the
// evaluation tests' requests too).
func TestW3CUpdateRoundTrip(t *testing.T) {
	root := filepath.Join(w3cDir(t), "sparql", "sparql11")
	parsed, total := 0, 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ru") {
			return nil
		}
		total++
		src, _ := os.ReadFile(p)
		ok, failure := updateRoundTrip(string(src), Options{Base: "file://" + filepath.ToSlash(p)})
		if ok {
			parsed++
		}
		if failure != "" {
			t.Errorf("%s: %s", p, failure)
		}
		return nil
	})
	t.Logf("update round trip: %d parsed of %d .ru files", parsed, total)
}

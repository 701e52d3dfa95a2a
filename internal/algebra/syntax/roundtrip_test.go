package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// roundTrip checks parse → print → parse gives an equal tree and that
// printing is a fixed point, for a query (Parse) or a request
// (ParseUpdate). It returns "" or a failure description.
func roundTrip[T interface {
	*Query | *Update
	Node
	String() string
}](parse func(string, Options) (T, error), src string, opts Options) (parsed bool, failure string) {
	r1, err := parse(src, opts)
	if err != nil {
		return false, ""
	}
	s1 := r1.String()
	r2, err := parse(s1, opts)
	if err != nil {
		return true, "reparse failed: " + err.Error() + "\n" + s1
	}
	if !Equal(r1, r2) {
		return true, "trees differ after print:\n" + s1
	}
	if s2 := r2.String(); s2 != s1 {
		return true, "printing is not a fixed point:\n" + s1 + "\n---\n" + s2
	}
	return true, ""
}

func TestW3CRoundTrip(t *testing.T) {
	files := allQueries(t)
	parsed, ok := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{Base: "file://" + filepath.ToSlash(f)}
		p, failure := roundTrip(Parse, string(src), opts)
		if !p {
			continue
		}
		parsed++
		if failure != "" {
			t.Errorf("%s: %s", f, failure)
			continue
		}
		ok++
	}
	t.Logf("round trip: %d of %d parsed queries (of %d .rq files)", ok, parsed, len(files))
	if parsed < 400 {
		t.Errorf("only %d queries parsed", parsed)
	}
}

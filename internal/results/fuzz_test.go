package results

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// addSeeds seeds a fuzz target with the testdata cases of one format.
func addSeeds(f *testing.F, ext string) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "read", "*"+ext))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
}

// fuzzRead checks that reading never panics and that whatever reads
// survives a write and a second read unchanged.
func fuzzRead(t *testing.T, data []byte, f Format) {
	c := codecs[f]
	a, err := c.read(bytes.NewBuffer(data))
	if err != nil {
		return
	}
	if f == XML && checkXMLChars(a) != nil {
		t.Fatalf("ReadXML produced a character XML cannot carry:\n%s", dump(a))
	}
	if diff := roundTrip(a, c.write, c.read); diff != "" {
		t.Fatalf("input %q\n%s", data, diff)
	}
}

func FuzzReadJSON(f *testing.F) {
	addSeeds(f, ".srj")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, JSON) })
}

func FuzzReadXML(f *testing.F) {
	addSeeds(f, ".srx")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, XML) })
}

func FuzzReadTSV(f *testing.F) {
	addSeeds(f, ".tsv")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, data, TSV) })
}

// FuzzReadCSV: CSV is lossy, but reading is idempotent: what ReadCSV gives
// is its own CSVView and survives a write and a read.
func FuzzReadCSV(f *testing.F) {
	addSeeds(f, ".csv")
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadCSV(bytes.NewReader(data))
		if err != nil {
			return
		}
		if v := CSVView(a); !sameAnswer(a, v) {
			t.Fatalf("input %q: answer is not its own CSVView\n%s\n%s", data, dump(a), dump(v))
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, a); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSV(&buf)
		if err != nil || !sameAnswer(a, back) {
			t.Fatalf("input %q: round trip: %v\n%s", data, err, buf.String())
		}
	})
}

package oracle

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestParseDescriptors: an adapter's descriptor.json reads with its rules
// file; a typo in a field, a name given twice, a missing rules file or a
// bad rule is an error naming what and where.
func TestParseDescriptors(t *testing.T) {
	rules := `[{"id":"r","status":"known","link":"https://example.org/1","match":{}}]`
	good := fstest.MapFS{
		DescriptorFile: {Data: []byte(`[{"name":"a","family":"f","rules_from":"known.json","install":{"sandbox":"none"}},{"name":"b"}]`)},
		"known.json":   {Data: []byte(rules)},
	}
	ds, err := ParseDescriptors(good)
	if err != nil || len(ds) != 2 || len(ds[0].Rules) != 1 || ds[0].Install.Sandbox != "none" || ds[1].Rules != nil {
		t.Fatalf("ParseDescriptors = %+v, %v", ds, err)
	}
	for text, want := range map[string]string{
		`[{"name":"a","familly":"f"}]`:               `unknown field "familly"`,
		`[{"name":"a"},{"name":"a"}]`:                `name "a" empty or given twice`,
		`[{"family":"f"}]`:                           `name "" empty`,
		`[{"name":"a","rules_from":"missing.json"}]`: "missing.json",
		`[{"name":"a","rules_from":"bad.json"}]`:     "bad.json (a): known rules: rule 1",
		`{"name":"a"}`:                               "cannot unmarshal object",
	} {
		files := fstest.MapFS{DescriptorFile: {Data: []byte(text)}, "bad.json": {Data: []byte(`[{"id":"x"}]`)}}
		if _, err := ParseDescriptors(files); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", text, err, want)
		}
	}
}

// TestDescribedNames: the names of the registered descriptors the filter
// keeps, sorted whatever the order they were registered in.
func TestDescribedNames(t *testing.T) {
	for _, name := range []string{"names-test-c", "names-test-a", "names-test-b"} {
		Register(Descriptor{Name: name, Tracker: strings.TrimPrefix(name, "names-test-b")})
	}
	got := DescribedNames(func(d Descriptor) bool { return strings.HasPrefix(d.Name, "names-test-") && d.Tracker != "" })
	if strings.Join(got, " ") != "names-test-a names-test-c" {
		t.Errorf("DescribedNames = %q, want names-test-a names-test-c (b has no tracker)", got)
	}
}

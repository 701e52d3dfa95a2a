package registry

import (
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		sign int
	}{
		{"5.6.0", "6.2.0", -1}, {"5.10.0", "5.6.0", 1}, {"0.4.11", "0.5.11", -1},
		{"6.2.0", "6.2.0", 0}, {"6.2", "6.2.0", 0}, {"6.0.0-M1", "6.0.0", 1},
	} {
		if got := CompareVersions(c.a, c.b); cmp.Compare(got, 0) != c.sign {
			t.Errorf("CompareVersions(%s, %s) = %d, want sign %d", c.a, c.b, got, c.sign)
		}
	}
}

func TestSplitRelease(t *testing.T) {
	for _, c := range []struct{ in, engine, release string }{
		{"jena@5.6.0", "jena", "5.6.0"}, {"jena", "", ""}, {"@5", "", ""}, {"jena@", "", ""},
	} {
		e, r, ok := SplitRelease(c.in)
		if ok != (c.engine != "") || ok && (e != c.engine || r != c.release) {
			t.Errorf("SplitRelease(%q) = %q, %q, %v", c.in, e, r, ok)
		}
	}
}

// TestReleases: every installed release of the engines that have them
// builds under its own name and answers its own version (the sidecar
// reads it from the engine's package); an uninstalled release is
// ErrNotInstalled, an engine without releases an error naming those with.
func TestReleases(t *testing.T) {
	for _, name := range []string{"jena", "pyoxigraph", "oxigraph"} {
		rels, err := Releases(name)
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		t.Logf("%s: %v", name, rels)
		if len(rels) < 2 && os.Getenv("CI") == "true" {
			t.Errorf("%s: only %v installed; scripts/install.sh engine_releases installs more", name, rels)
		}
		for _, r := range rels {
			e, err := New(r.Name)
			if err != nil {
				t.Fatal(err)
			}
			if v := e.Version(); v != r.Version || e.Name() != r.Name {
				t.Errorf("%s: name %s, version %q, want %s", r.Name, e.Name(), v, r.Version)
			}
			Close(e)
		}
	}
	if _, err := New("jena@0.0.1"); err != nil && !errors.Is(err, ErrNotInstalled) {
		t.Errorf("jena@0.0.1: %v, want ErrNotInstalled", err)
	}
	if _, err := New("rasqal@0.9.0"); err == nil {
		t.Error("rasqal@0.9.0 built")
	}
}

// TestReleaseListing: `oracle engines` lists every release the installer
// knows, never in the default set; an installed one says where it is, a
// missing one how to install it.
func TestReleaseListing(t *testing.T) {
	names := ReleaseNames()
	for _, n := range []string{"jena@5.6.0", "pyoxigraph@0.4.11", "oxigraph@0.4.11"} {
		if !slices.Contains(names, n) {
			t.Errorf("ReleaseNames() = %v lacks %s", names, n)
		}
	}
	cfg := &Config{}
	run, missing := cfg.Defaults()
	for _, m := range missing {
		run = append(run, m.Name)
	}
	for _, n := range run {
		if _, _, ok := SplitRelease(n); ok {
			t.Errorf("release %s is in the default set", n)
		}
	}
	if err := cfg.Check("oxigraph@0.4.11"); err == nil {
		if w := cfg.Where("oxigraph@0.4.11"); !strings.HasSuffix(w, filepath.Join("adapters", "oxigraph", "releases", "0.4.11")) {
			t.Errorf("Where(oxigraph@0.4.11) = %q", w)
		}
	} else if !strings.Contains(err.Error(), "oracle engines install oxigraph@0.4.11") {
		t.Errorf("Check(oxigraph@0.4.11) = %v: no install command", err)
	}
	err := cfg.Check("jena@0.0.1")
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "oracle engines install jena@0.0.1") {
		t.Errorf("Check(jena@0.0.1) = %v", err)
	}
	off := &Config{Engines: []EngineConfig{{Name: "jena", Disabled: true}}}
	if err := off.Check("jena@5.6.0"); err == nil || !strings.Contains(err.Error(), "disabled") {
		t.Errorf("a release of a disabled engine: %v", err)
	}
}

// TestRasqalRelease: rasqal@master (built from a source snapshot by
// `oracle engines install rasqal@master`) is listed after the pinned
// 0.9.33, runs the adapter over its own roqet under its own name with a
// version naming master, and a release that is not built says how to
// build one (the snapshot it needs, and the command).
func TestRasqalRelease(t *testing.T) {
	err := (&Config{}).Check("rasqal@nope")
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "oracle engines install rasqal@nope") || !strings.Contains(err.Error(), "rasqal-master-COMMIT.tar.gz") {
		t.Errorf("Check(rasqal@nope) = %v", err)
	}
	rels, err := Releases("rasqal")
	if err != nil {
		t.Fatal(err)
	}
	if len(rels) < 2 {
		t.Skipf("rasqal: only %v installed; `oracle engines install rasqal@master` builds master from ../shared/engines", rels)
	}
	if last := rels[len(rels)-1]; rels[0].Name != "rasqal" || last.Name != "rasqal@master" {
		t.Fatalf("Releases(rasqal) = %v, want the pinned one first, master last", rels)
	}
	e, err := New("rasqal@master")
	if err != nil {
		t.Fatal(err)
	}
	defer Close(e)
	if v := e.Version(); e.Name() != "rasqal@master" || !strings.HasPrefix(v, "master ") {
		t.Errorf("rasqal@master: name %s, version %q", e.Name(), v)
	}
	if w := (&Config{}).Where("rasqal@master"); !strings.HasSuffix(w, filepath.Join("adapters", "rasqal", "releases", "master")) {
		t.Errorf("Where(rasqal@master) = %q", w)
	}
}

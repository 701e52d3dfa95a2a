package install

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// adaptersDir is the checkout's adapters folder, beside this package.
const adaptersDir = "../../adapters"

// runtimeFile reports whether a file of an adapter folder is read at run
// time (so the binary must carry it): anything but Go code, tests, test
// data, git's files and what the installers produce.
func runtimeFile(rel string, d fs.DirEntry) bool {
	switch d.Name() {
	case "node_modules", "target", "__pycache__", "testdata", ".gitignore":
		return false
	}
	return !strings.HasSuffix(rel, ".go")
}

// TestEmbedsEveryRuntimeFile: every file an adapter folder of the checkout
// holds for its runtime is embedded, byte for byte, so an installed binary
// runs the same sidecars as the checkout.
func TestEmbedsEveryRuntimeFile(t *testing.T) {
	for _, folder := range Folders() {
		embedded := Files(folder)
		root := filepath.Join(adaptersDir, folder)
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(adaptersDir, p)
			rel = filepath.ToSlash(rel)
			if !runtimeFile(rel, d) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			want, _ := os.ReadFile(p)
			if !slices.Contains(embedded, rel) {
				t.Errorf("%s is not embedded (add it to adapters/embed.go)", rel)
			} else if !bytes.Equal(source(rel), want) {
				t.Errorf("%s: embedded copy differs from the checkout", rel)
			}
			return nil
		})
	}
}

// TestPinned: every external engine has a pinned version, read from the
// embedded manifests or the Debian release.
func TestPinned(t *testing.T) {
	version := regexp.MustCompile(`^\d+\.\d+(\.\d+)?\b`)
	for _, n := range Names() {
		v := Pinned(n)
		switch {
		case n == "reference" || n == "engine":
			if v != "" {
				t.Errorf("Pinned(%s) = %q: the in-house evaluators have no pin", n, v)
			}
		case !version.MatchString(v):
			t.Errorf("Pinned(%s) = %q, want a version", n, v)
		}
	}
}

// TestRunWritesSources installs the Perl engines and Rasqal (Debian
// packages, present on this machine, so nothing is downloaded): the
// sidecar is written into the data folder, a second run changes nothing.
func TestRunWritesSources(t *testing.T) {
	for _, p := range []string{"/usr/share/perl5/Attean.pm", "/usr/bin/roqet"} {
		if _, err := os.Stat(p); err != nil && os.Geteuid() != 0 {
			t.Skipf("%s missing and not root: installing would need apt-get", p)
		}
	}
	home := t.TempDir()
	var log bytes.Buffer
	if err := Run(context.Background(), home, []string{"attean", "rdfquery", "rasqal"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	pl := filepath.Join(home, "adapters", "attean", "sidecar.pl")
	got, err := os.ReadFile(pl)
	want, _ := os.ReadFile(filepath.Join(adaptersDir, "attean", "sidecar.pl"))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: %v, not the checkout's sidecar", pl, err)
	}
	st, _ := os.Stat(pl)
	if err := Run(context.Background(), home, []string{"attean"}, &log); err != nil {
		t.Fatal(err)
	}
	if st2, _ := os.Stat(pl); !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("a second install rewrote an unchanged source")
	}
}

// TestRunRefusesUnknown: an unknown engine fails before anything is done.
func TestRunRefusesUnknown(t *testing.T) {
	home := filepath.Join(t.TempDir(), "data")
	err := Run(context.Background(), home, []string{"attean", "nosuch"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Fatalf("Run(nosuch) = %v", err)
	}
	if _, err := os.Stat(home); err == nil {
		t.Errorf("the data folder was made for a refused install")
	}
}

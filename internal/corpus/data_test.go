package corpus

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestCarriedData: the copy the binary carries (written into a fresh cache
// folder) holds every file of the checkout's corpus/profiles,
// corpus/regress and baselines/ with the same bytes, so a binary outside a
// checkout sees what a checkout sees; and a profile file is known by the
// hash of its content, whitespace aside (a spec's JSON round trip).
func TestCarriedData(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir, err := writeEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"corpus/profiles", "corpus/regress", "baselines"} {
		filepath.WalkDir(filepath.Join(root, sub), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) == ".go" {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			want, _ := os.ReadFile(p)
			if got, err := os.ReadFile(filepath.Join(dir, rel)); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: not carried as it is in the checkout (%v)", rel, err)
			}
			return nil
		})
	}
	again, err := writeEmbedded()
	if err != nil || again != dir {
		t.Errorf("second write: %q, %v; want the same folder %q", again, err, dir)
	}

	content := []byte("{\n  \"name\": \"mine\",\n  \"max_triples\": 3\n}\n")
	name := InlineName("/some/where/mine.json", content)
	if _, err := RegisterInline(name, []byte(`{"name":"mine","max_triples":3}`)); err != nil {
		t.Fatalf("compacted content under %s: %v", name, err)
	}
	if p, err := ProfileByName(name); err != nil || p.MaxTriples != 3 {
		t.Errorf("ProfileByName(%s) = %+v, %v", name, p, err)
	}
	if _, err := RegisterInline("mine@000000000000", content); err == nil {
		t.Error("a name whose hash is not the content's was accepted")
	}
}

package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/baselines"
	corpusdata "github.com/sparql-oracle/oracle/corpus"
)

// DataRoot is the folder holding corpus/profiles, corpus/regress and
// baselines/: the checkout the working directory is in when it has them
// (a developer's edits are read as they are), else the copy of the files
// the binary carries (corpusdata, baselines), written once per content
// into the user cache folder ($XDG_CACHE_HOME/sparql-oracle/data-<hash>).
// The copy is a cache: the binary can always write it again.
func DataRoot() (string, error) {
	if root, err := RepoRoot(); err == nil && isDataRoot(root) {
		return root, nil
	}
	embedded.once.Do(func() { embedded.dir, embedded.err = writeEmbedded() })
	return embedded.dir, embedded.err
}

var embedded struct {
	once sync.Once
	dir  string
	err  error
}

func isDataRoot(dir string) bool {
	for _, sub := range []string{"corpus/regress", "corpus/profiles", "baselines"} {
		if st, err := os.Stat(filepath.Join(dir, sub)); err != nil || !st.IsDir() {
			return false
		}
	}
	return true
}

// embeddedTrees are the carried trees and where each goes under the root.
var embeddedTrees = []struct {
	fsys fs.FS
	dest string
}{{corpusdata.Files, "corpus"}, {baselines.Files, "baselines"}}

// writeEmbedded writes the carried files under a folder named by their
// hash, into a temporary folder first and renamed into place, so that
// concurrent processes never read a half-written copy.
func writeEmbedded() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no folder for the corpus the binary carries: %v (set $XDG_CACHE_HOME)", err)
	}
	sum, err := embeddedHash()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "sparql-oracle", "data-"+sum)
	if isDataRoot(dir) {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".data-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	for _, t := range embeddedTrees {
		if err := os.CopyFS(filepath.Join(tmp, t.dest), t.fsys); err != nil {
			return "", fmt.Errorf("writing the carried corpus: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil && !isDataRoot(dir) {
		return "", fmt.Errorf("writing the carried corpus: %w", err)
	}
	return dir, nil
}

// embeddedHash is the first 12 hex digits of the SHA-256 over every carried
// file's path and content.
func embeddedHash() (string, error) {
	h := sha256.New()
	for _, t := range embeddedTrees {
		err := fs.WalkDir(t.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(t.fsys, p)
			fmt.Fprintf(h, "%s/%s\x00%d\x00", t.dest, p, len(b))
			h.Write(b)
			return err
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// inline holds the profiles registered by content (RegisterInline), by
// their name NAME@HASH.
var inline sync.Map

// InlineName is the name a profile file is known by in case keys:
// its base name, "@", and the first 12 hex digits of the SHA-256 of its
// content (compacted JSON)
// (gen/agg-edge@3f2a.../7), so a worker that holds the content (a sweep's
// spec) rebuilds the same case, and another content never takes the name.
func InlineName(path string, content []byte) string {
	sum := sha256.Sum256(compact(content))
	return strings.TrimSuffix(filepath.Base(path), ".json") + "@" + hex.EncodeToString(sum[:])[:12]
}

// RegisterInline loads a profile from its JSON content and makes
// ProfileByName answer it under name, which must be InlineName's for this
// content.
func RegisterInline(name string, content []byte) (*Profile, error) {
	_, sum, ok := strings.Cut(name, "@")
	if !ok || sum != strings.SplitN(InlineName("", content), "@", 2)[1] {
		return nil, fmt.Errorf("profile %q: its content does not hash to the name (want NAME@%s)", name, strings.SplitN(InlineName("", content), "@", 2)[1])
	}
	p, err := LoadProfile(bytes.NewReader(content))
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", name, err)
	}
	inline.Store(name, content)
	return p, nil
}

// compact is the JSON without insignificant space, as a spec carries it
// after a JSON round trip (encoding/json compacts a RawMessage), so the
// hash survives the store.
func compact(content []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, content) != nil {
		return content
	}
	return b.Bytes()
}

// inlineProfile is a registered profile, fresh (profiles are mutable).
func inlineProfile(name string) (*Profile, bool) {
	v, ok := inline.Load(name)
	if !ok {
		return nil, false
	}
	p, err := LoadProfile(bytes.NewReader(v.([]byte)))
	return p, err == nil
}

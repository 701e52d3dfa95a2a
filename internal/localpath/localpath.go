package localpath

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// fileIRI matches a file: IRI up to a delimiter.
var fileIRI = regexp.MustCompile("file:/{1,3}[^\\s<>\"'`)]*")

type localPrefix struct{ path, name string }

var (
	localOnce     sync.Once
	localPrefixes []localPrefix
)

// prefixes are this machine's folders, longest first (the suite lies
// inside the repository, which may lie inside the home directory).
func prefixes() []localPrefix {
	localOnce.Do(func() {
		add := func(p, name string) {
			if p = filepath.Clean(p); len(p) > 1 {
				localPrefixes = append(localPrefixes, localPrefix{p, name})
			}
		}
		if d, err := w3csuite.Sparql(); err == nil {
			add(d, "<w3c-suite>")
		}
		if d, err := w3csuite.RepoRoot(); err == nil {
			add(d, "<repository>")
		}
		if h, err := os.UserHomeDir(); err == nil {
			add(h, "~")
		}
		add(os.TempDir(), "<tmp>")
		add("/tmp", "<tmp>")
		sort.SliceStable(localPrefixes, func(i, j int) bool { return len(localPrefixes[i].path) > len(localPrefixes[j].path) })
	})
	return localPrefixes
}

// Text is s without this machine's paths: every file: IRI replaced by
// "<local file NAME>" (its base name), every path under the W3C suite,
// the repository, the home directory or the temporary directory by
// <w3c-suite>, <repository>, ~ or <tmp>.
func Text(s string) string {
	if s == "" {
		return s
	}
	s = fileIRI.ReplaceAllStringFunc(s, func(iri string) string {
		return "<local file " + filepath.Base(strings.TrimRight(iri, "/")) + ">"
	})
	for _, p := range prefixes() {
		s = replacePath(s, p)
	}
	return s
}

// replacePath replaces p.path where it starts a path: followed by a
// separator or the end, and not preceded by a path character.
func replacePath(s string, p localPrefix) string {
	var b strings.Builder
	for {
		i := strings.Index(s, p.path)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(p.path)
		bounded := (end == len(s) || s[end] == '/' || s[end] == '\\') && (i == 0 || !pathByte(s[i-1]))
		b.WriteString(s[:i])
		if bounded {
			b.WriteString(p.name)
		} else {
			b.WriteString(p.path)
		}
		s = s[end:]
	}
}

func pathByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

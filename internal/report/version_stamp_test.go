package report

import "testing"

// The commit without Go's VCS stamp: the Makefile's -ldflags value, else
// the pseudo-version's commit (go install module@commit).
func TestStampedCommit(t *testing.T) {
	for _, c := range []struct {
		ldflags, version, commit string
		modified                 bool
	}{
		{"0123456789abcdef0123456789abcdef01234567", "(devel)", "0123456789abcdef0123456789abcdef01234567", false},
		{"0123456789abcdef-modified", "(devel)", "0123456789abcdef", true},
		{"", "v0.0.0-20261207020000-abcdef012345", "abcdef012345", false},
		{"", "v0.0.0-20261207020000-abcdef012345+dirty", "abcdef012345", false},
		{"", "v1.2.0", "", false},
		{"", "(devel)", "", false},
	} {
		got, mod := stampedCommit(c.ldflags, c.version)
		if got != c.commit || mod != c.modified {
			t.Errorf("stampedCommit(%q, %q) = %q, %v; want %q, %v", c.ldflags, c.version, got, mod, c.commit, c.modified)
		}
	}
}

package rdf

import (
	"fmt"
	"strings"
)

// iriRef is a reference split into the five components of RFC 3986 §3
// (the regular expression of Appendix B). A component's has-flag
// distinguishes "absent" from "present but empty" (§5.2.2 needs both).
type iriRef struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

// splitRef splits s per RFC 3986 Appendix B:
// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
func splitRef(s string) iriRef {
	var r iriRef
	if i := strings.IndexByte(s, '#'); i >= 0 {
		r.fragment, r.hasFragment, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		r.query, r.hasQuery, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexAny(s, ":/"); i > 0 && s[i] == ':' {
		r.scheme, r.hasScheme, s = s[:i], true, s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		r.authority, r.hasAuthority, s = s[:i], true, s[i:]
	}
	r.path = s
	return r
}

// String recomposes the components (RFC 3986 §5.3).
func (r iriRef) String() string {
	var b strings.Builder
	if r.hasScheme {
		b.WriteString(r.scheme + ":")
	}
	if r.hasAuthority {
		b.WriteString("//" + r.authority)
	}
	b.WriteString(r.path)
	if r.hasQuery {
		b.WriteString("?" + r.query)
	}
	if r.hasFragment {
		b.WriteString("#" + r.fragment)
	}
	return b.String()
}

// IsAbsoluteIRI reports whether s starts with a scheme
// (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":").
func IsAbsoluteIRI(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// Resolve resolves the reference ref against the absolute base IRI per
// RFC 3986 §5.2.2 ("strict" parser: a scheme in ref always wins).
// It fails when ref is relative and base has no scheme.
func Resolve(base, ref string) (string, error) {
	r := splitRef(ref)
	if r.hasScheme {
		// An absolute IRI is kept exactly as written: RDF and SPARQL compare
		// IRIs as strings, with no normalisation (W3C i18n normalization-02
		// expects <eXAMPLE://a/./b/../b/...> to stay as it is).
		return ref, nil
	}
	b := splitRef(base)
	if !b.hasScheme {
		return "", fmt.Errorf("cannot resolve relative IRI <%s>: no absolute base IRI (base %q)", ref, base)
	}
	t := iriRef{scheme: b.scheme, hasScheme: true, fragment: r.fragment, hasFragment: r.hasFragment}
	switch {
	case r.hasAuthority:
		t.authority, t.hasAuthority = r.authority, true
		t.path = removeDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	case r.path == "":
		t.authority, t.hasAuthority = b.authority, b.hasAuthority
		t.path = b.path
		t.query, t.hasQuery = b.query, b.hasQuery
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		}
	default:
		t.authority, t.hasAuthority = b.authority, b.hasAuthority
		t.query, t.hasQuery = r.query, r.hasQuery
		if strings.HasPrefix(r.path, "/") {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(mergePaths(b, r.path))
		}
	}
	return t.String(), nil
}

// mergePaths is RFC 3986 §5.2.3.
func mergePaths(base iriRef, rel string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + rel
	}
	i := strings.LastIndexByte(base.path, '/')
	return base.path[:i+1] + rel
}

// removeDotSegments is RFC 3986 §5.2.4, step by step.
func removeDotSegments(in string) string {
	var out []string // output buffer as segments, each starting with "/" except maybe the first
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = dropLast(out)
		case in == "/..":
			in = "/"
			out = dropLast(out)
		case in == "." || in == "..":
			in = ""
		default:
			// move the first path segment (with its leading "/", if any) to the output
			j := strings.IndexByte(in[1:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j++
			}
			out = append(out, in[:j])
			in = in[j:]
		}
	}
	return strings.Join(out, "")
}

func dropLast(out []string) []string {
	if len(out) == 0 {
		return out
	}
	return out[:len(out)-1]
}

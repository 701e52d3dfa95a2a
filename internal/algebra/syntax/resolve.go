package syntax

import "strings"

// TODO(rdf): switch to rdf.Resolve once internal/rdf exports it; this is a
// private RFC 3986 §5.2 resolver so the parser does not wait for it.

type uriParts struct {
	scheme, authority, path, query, fragment string
	hasAuth, hasQuery, hasFrag               bool
}

// splitURI splits a reference by the regular expression of RFC 3986 appendix B.
func splitURI(s string) uriParts {
	var u uriParts
	if i := strings.IndexByte(s, '#'); i >= 0 {
		u.fragment, u.hasFrag, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		u.query, u.hasQuery, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexAny(s, ":/"); i > 0 && s[i] == ':' {
		u.scheme, s = s[:i], s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		u.authority, u.hasAuth, s = s[:i], true, s[i:]
	}
	u.path = s
	return u
}

// resolveIRI resolves ref against base (RFC 3986 §5.2.2). An empty base
// leaves ref unchanged.
func resolveIRI(base, ref string) string {
	if base == "" {
		return ref
	}
	r, b := splitURI(ref), splitURI(base)
	var t uriParts
	switch {
	case r.scheme != "":
		t = r
		t.path = removeDotSegments(r.path)
	case r.hasAuth:
		t = r
		t.scheme = b.scheme
		t.path = removeDotSegments(r.path)
	case r.path == "":
		t = b
		t.query, t.hasQuery = b.query, b.hasQuery
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		}
	default:
		t = b
		t.query, t.hasQuery = r.query, r.hasQuery
		if strings.HasPrefix(r.path, "/") {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(merge(b, r.path))
		}
	}
	t.fragment, t.hasFrag = r.fragment, r.hasFrag
	return t.String()
}

func merge(b uriParts, path string) string {
	if b.hasAuth && b.path == "" {
		return "/" + path
	}
	i := strings.LastIndexByte(b.path, '/')
	return b.path[:i+1] + path
}

// removeDotSegments is RFC 3986 §5.2.4.
func removeDotSegments(p string) string {
	var out []string
	in := p
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
			i := strings.IndexByte(in[1:], '/')
			if i < 0 {
				out, in = append(out, in), ""
			} else {
				out, in = append(out, in[:i+1]), in[i+1:]
			}
		}
	}
	return strings.Join(out, "")
}

func dropLast(s []string) []string {
	if len(s) > 0 {
		return s[:len(s)-1]
	}
	return s
}

func (u uriParts) String() string {
	var b strings.Builder
	if u.scheme != "" {
		b.WriteString(u.scheme + ":")
	}
	if u.hasAuth {
		b.WriteString("//" + u.authority)
	}
	b.WriteString(u.path)
	if u.hasQuery {
		b.WriteString("?" + u.query)
	}
	if u.hasFrag {
		b.WriteString("#" + u.fragment)
	}
	return b.String()
}

// isAbsoluteIRI reports whether s has a scheme (RFC 3987 absolute-IRI).
func isAbsoluteIRI(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 || !isAlpha(s[0]) {
		return false
	}
	for j := 1; j < i; j++ {
		c := s[j]
		if !isAlnum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

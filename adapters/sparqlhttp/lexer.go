package sparqlhttp

import (
	"fmt"
	"strings"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Form is a query's form: it decides the Accept header of the request.
type Form string

const (
	FormUnknown   Form = ""
	FormSelect    Form = "SELECT"
	FormAsk       Form = "ASK"
	FormConstruct Form = "CONSTRUCT"
	FormDescribe  Form = "DESCRIBE"
)

// header is what the adapter needs to know about a query before sending it:
// its form, whether it has a BASE, and its dataset clause (#specifyingDataset)
// with IRIs resolved. A light scan of the prologue and the clause suffices:
// the dataset clause ends at the first "{" or WHERE outside parentheses
// (grammar rules [7]-[10], [13]-[15]); adapters may not import the parser.
type header struct {
	Form      Form
	HasBase   bool
	From      []string // FROM IRIs, in order
	FromNamed []string // FROM NAMED IRIs, in order
}

// HasDataset reports whether the query names its own dataset.
func (h *header) HasDataset() bool { return len(h.From)+len(h.FromNamed) > 0 }

type scanner struct {
	src      string
	pos      int
	base     string
	prefixes map[string]string
}

// scanHeader reads the prologue, the form and the dataset clause of query;
// base is the case's base IRI. An error means the query is malformed in a way
// the endpoint will report better: callers send it anyway.
func scanHeader(query, base string) (*header, error) {
	s := &scanner{src: query, base: base, prefixes: map[string]string{}}
	h := &header{}
	for {
		tok := s.next()
		switch strings.ToUpper(tok) {
		case "":
			return h, nil
		case "BASE":
			h.HasBase = true
			if err := s.baseDecl(); err != nil {
				return h, err
			}
		case "PREFIX":
			if err := s.prefixDecl(); err != nil {
				return h, err
			}
		case "SELECT", "ASK", "CONSTRUCT", "DESCRIBE":
			h.Form = Form(strings.ToUpper(tok))
			return h, s.datasetClause(h)
		default:
			return h, fmt.Errorf("unexpected %q before the query form", tok)
		}
	}
}

func (s *scanner) baseDecl() error {
	iri, err := s.iri(s.next())
	if err == nil {
		s.base = iri
	}
	return err
}

func (s *scanner) prefixDecl() error {
	name := s.next()
	if !strings.HasSuffix(name, ":") {
		return fmt.Errorf("PREFIX %q: want a prefix name ending in ':'", name)
	}
	iri, err := s.iri(s.next())
	if err == nil {
		s.prefixes[strings.TrimSuffix(name, ":")] = iri
	}
	return err
}

// datasetClause collects FROM and FROM NAMED after the form keyword. A
// CONSTRUCT template comes before the clause and is skipped.
func (s *scanner) datasetClause(h *header) error {
	depth := 0
	if h.Form == FormConstruct && s.peek() == "{" {
		s.skipBraces()
	}
	for {
		tok := s.next()
		switch up := strings.ToUpper(tok); {
		case tok == "", depth == 0 && (tok == "{" || up == "WHERE"):
			return nil
		case tok == "(":
			depth++
		case tok == ")":
			depth--
		case depth == 0 && up == "FROM":
			if err := s.fromClause(h); err != nil {
				return err
			}
		}
	}
}

func (s *scanner) fromClause(h *header) error {
	tok := s.next()
	named := strings.EqualFold(tok, "NAMED")
	if named {
		tok = s.next()
	}
	iri, err := s.iri(tok)
	if err != nil {
		return err
	}
	if named {
		h.FromNamed = append(h.FromNamed, iri)
	} else {
		h.From = append(h.From, iri)
	}
	return nil
}

// iri turns an IRIREF or a prefixed name token into an absolute IRI.
func (s *scanner) iri(tok string) (string, error) {
	if strings.HasPrefix(tok, "<") && strings.HasSuffix(tok, ">") {
		ref := tok[1 : len(tok)-1]
		if s.base == "" || rdf.IsAbsoluteIRI(ref) {
			return ref, nil
		}
		return rdf.Resolve(s.base, ref)
	}
	prefix, local, ok := strings.Cut(strings.TrimRight(tok, "."), ":")
	ns, known := s.prefixes[prefix]
	if !ok || !known {
		return "", fmt.Errorf("%q is neither an IRI nor a declared prefixed name", tok)
	}
	return ns + strings.ReplaceAll(local, `\`, ""), nil
}

// skipBraces skips a balanced { ... } group.
func (s *scanner) skipBraces() {
	depth := 0
	for tok := s.next(); tok != ""; tok = s.next() {
		switch tok {
		case "{":
			depth++
		case "}":
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

func (s *scanner) peek() string {
	save := s.pos
	tok := s.next()
	s.pos = save
	return tok
}

// next returns the next token: an IRIREF, a string (quotes kept), a single
// punctuation character, or a run of name characters (keywords, variables,
// prefixed names, numbers). Comments and white space are skipped; "" is the end.
func (s *scanner) next() string {
	s.skipSpace()
	if s.pos >= len(s.src) {
		return ""
	}
	start := s.pos
	switch c := s.src[s.pos]; {
	case c == '<' && s.iriAhead():
		s.pos = strings.IndexByte(s.src[s.pos:], '>') + s.pos + 1
	case c == '"' || c == '\'':
		s.skipString(c)
	case isNameByte(c):
		for s.pos < len(s.src) && (isNameByte(s.src[s.pos]) || s.src[s.pos] == '\\' && s.pos+1 < len(s.src)) {
			if s.src[s.pos] == '\\' {
				s.pos++
			}
			s.pos++
		}
	default:
		s.pos++
	}
	return s.src[start:s.pos]
}

// iriAhead tells an IRIREF from the "<" operator: an IRIREF has no white
// space or quote before its ">".
func (s *scanner) iriAhead() bool {
	end := strings.IndexByte(s.src[s.pos:], '>')
	return end > 0 && !strings.ContainsAny(s.src[s.pos+1:s.pos+end], " \t\r\n\"{}|^`<")
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.pos++
		case c == '#':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		default:
			return
		}
	}
}

// skipString skips a short or long string literal with escapes.
func (s *scanner) skipString(q byte) {
	long := strings.HasPrefix(s.src[s.pos:], strings.Repeat(string(q), 3))
	end := string(q)
	if long {
		end = strings.Repeat(end, 3)
	}
	s.pos += len(end)
	for s.pos < len(s.src) {
		if s.src[s.pos] == '\\' {
			s.pos += 2
			continue
		}
		if strings.HasPrefix(s.src[s.pos:], end) {
			s.pos += len(end)
			return
		}
		s.pos++
	}
}

// isNameByte: name characters of keywords, variables, prefixed names and
// numbers; any non-ASCII byte (PN_CHARS beyond ASCII) counts too.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '-' || c == ':' || c == '?' || c == '$' || c == '.' || c >= 0x80
}

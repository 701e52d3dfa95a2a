package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ReadJSON reads SPARQL 1.1 Query Results JSON
// (https://www.w3.org/TR/sparql11-results-json/). Beyond the spec it accepts
// the SPARQL 1.0-era "typed-literal" term type (Virtuoso), extra top-level
// and head keys (Comunica's "metadata", "link"), and keys in any order.
// A binding to a variable missing from head.vars, a duplicate key, or both
// "results" and "boolean" is an error.
func ReadJSON(r io.Reader) (*Answer, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &jsonParser{data: data, dec: dec}
	return p.document()
}

type jsonParser struct {
	data []byte
	dec  *json.Decoder
}

// jsonRow is a solution with the offset it started at, for late checks.
type jsonRow struct {
	sol Solution
	off int64
}

func (p *jsonParser) fail(format string, args ...any) error {
	return errAt(JSON, p.data, p.dec.InputOffset(), format, args...)
}

func (p *jsonParser) token() (json.Token, error) {
	off := p.dec.InputOffset()
	t, err := p.dec.Token()
	var se *json.SyntaxError
	switch {
	case err == nil:
		return t, nil
	case errors.As(err, &se):
		return nil, errAt(JSON, p.data, se.Offset, "%s", se.Error())
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return nil, errAt(JSON, p.data, int64(len(p.data)), "unexpected end of input")
	}
	return nil, errAt(JSON, p.data, off, "%v", err)
}

func (p *jsonParser) delim(want json.Delim) error {
	t, err := p.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return p.fail("expected %q, found %s", string(want), describe(t))
	}
	return nil
}

// object reads an object, calling fn for each key with the decoder positioned
// at the key's value. Duplicate keys are errors.
func (p *jsonParser) object(fn func(key string) error) error {
	if err := p.delim('{'); err != nil {
		return err
	}
	return p.objectBody(fn)
}

// objectBody is object after its '{' has been read.
func (p *jsonParser) objectBody(fn func(key string) error) error {
	seen := map[string]bool{}
	for p.dec.More() {
		t, err := p.token()
		if err != nil {
			return err
		}
		key, ok := t.(string)
		if !ok {
			return p.fail("expected an object key, found %s", describe(t))
		}
		if seen[key] {
			return p.fail("duplicate key %q", key)
		}
		seen[key] = true
		if err := fn(key); err != nil {
			return err
		}
	}
	return p.delim('}')
}

func (p *jsonParser) array(fn func() error) error {
	if err := p.delim('['); err != nil {
		return err
	}
	for p.dec.More() {
		if err := fn(); err != nil {
			return err
		}
	}
	return p.delim(']')
}

func (p *jsonParser) str() (string, error) {
	t, err := p.token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", p.fail("expected a string, found %s", describe(t))
	}
	return s, nil
}

// skip reads and discards one value.
func (p *jsonParser) skip() error {
	t, err := p.token()
	if err != nil {
		return err
	}
	if t == json.Delim('{') || t == json.Delim('[') {
		return p.skipRest()
	}
	return nil
}

func describe(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		return strconv.Quote(string(v))
	case string:
		return "string " + strconv.Quote(clip(v))
	case json.Number:
		return "number " + string(v)
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return "value"
}

// jsonDoc collects the top-level members, which may come in any order.
type jsonDoc struct {
	vars                         []string
	rows                         []jsonRow
	hasHead, hasResults, hasBool bool
	boolean                      bool
}

func (p *jsonParser) document() (*Answer, error) {
	var d jsonDoc
	err := p.object(func(key string) (err error) {
		switch key {
		case "head":
			d.hasHead = true
			d.vars, err = p.head()
		case "results":
			d.hasResults = true
			d.rows, err = p.results()
		case "boolean":
			d.hasBool = true
			d.boolean, err = p.boolean()
		default:
			err = p.skip()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	return p.answer(&d)
}

// end checks that nothing but white space follows the document.
func (p *jsonParser) end() error {
	if _, err := p.dec.Token(); err != io.EOF {
		return p.fail("unexpected data after the results object")
	}
	return nil
}

func (p *jsonParser) answer(d *jsonDoc) (*Answer, error) {
	end := int64(len(p.data))
	switch {
	case d.hasResults && d.hasBool:
		return nil, errAt(JSON, p.data, end, `document has both "results" and "boolean"`)
	case d.hasBool:
		return &Answer{Kind: Boolean, Boolean: d.boolean}, nil
	case !d.hasResults:
		return nil, errAt(JSON, p.data, end, `document has neither "results" nor "boolean"`)
	case !d.hasHead:
		return nil, errAt(JSON, p.data, end, `document has no "head"`)
	}
	a := &Answer{Kind: Bindings, Vars: d.vars, Rows: make([]Solution, 0, len(d.rows))}
	known := map[string]bool{}
	for _, v := range d.vars {
		known[v] = true
	}
	for _, r := range d.rows {
		for v := range r.sol {
			if !known[v] {
				return nil, errAt(JSON, p.data, r.off, "binding for %q, which is not in head.vars", v)
			}
		}
		a.Rows = append(a.Rows, r.sol)
	}
	return a, nil
}

func (p *jsonParser) boolean() (bool, error) {
	t, err := p.token()
	if err != nil {
		return false, err
	}
	b, ok := t.(bool)
	if !ok {
		return false, p.fail(`"boolean" must be true or false, found %s`, describe(t))
	}
	return b, nil
}

// head reads {"vars": [...], "link": [...]}; other keys are ignored.
func (p *jsonParser) head() ([]string, error) {
	vars := []string{}
	seen := map[string]bool{}
	err := p.object(func(key string) error {
		if key != "vars" {
			return p.skip()
		}
		return p.array(func() error {
			v, err := p.str()
			switch {
			case err != nil:
				return err
			case v == "":
				return p.fail("empty variable name")
			case seen[v]:
				return p.fail("variable %q listed twice", v)
			}
			seen[v] = true
			vars = append(vars, v)
			return nil
		})
	})
	return vars, err
}

// results reads {"bindings": [...]}; other keys are ignored.
func (p *jsonParser) results() ([]jsonRow, error) {
	rows := []jsonRow{}
	hasBindings := false
	err := p.object(func(key string) error {
		if key != "bindings" {
			return p.skip()
		}
		hasBindings = true
		return p.array(func() error {
			off := p.dec.InputOffset()
			sol, err := p.solution()
			rows = append(rows, jsonRow{sol, off})
			return err
		})
	})
	if err == nil && !hasBindings {
		return nil, p.fail(`"results" has no "bindings"`)
	}
	return rows, err
}

func (p *jsonParser) solution() (Solution, error) {
	sol := Solution{}
	err := p.object(func(v string) error {
		t, err := p.term()
		sol[v] = t
		return err
	})
	return sol, err
}

// term reads one RDF term object (#select-encode-terms), RDF 1.2 triple
// terms and base directions included (triple.go).
func (p *jsonParser) term() (rdf.Term, error) { return p.termDepth(0) }

func (p *jsonParser) termDepth(depth int) (rdf.Term, error) {
	f := map[string]string{}
	nested := ""
	triple := rdf.None
	err := p.object(func(key string) error {
		switch key {
		case "type", "value", "xml:lang", "datatype", "its:dir":
			t, err := p.token()
			if err != nil {
				return err
			}
			if key == "value" && jsonDelimObject(t) {
				triple, err = p.jsonTriple(depth + 1)
				return err
			}
			return p.termField(f, key, t, &nested)
		}
		return p.skip()
	})
	switch {
	case err != nil:
		return rdf.None, err
	case nested != "":
		return rdf.None, p.fail("%q must be a string", nested)
	case f["type"] == "triple" && triple.IsZero():
		return rdf.None, p.fail(`a "triple" term needs an object as its "value"`)
	case !triple.IsZero() && f["type"] != "triple":
		return rdf.None, p.fail(`only a "triple" term has an object as its "value"`)
	case !triple.IsZero():
		return triple, nil
	}
	t, msg := makeTerm(f)
	if msg != "" {
		return rdf.None, p.fail("%s", msg)
	}
	return t, nil
}

// termField stores a string field; an object or array value is skipped and
// remembered in nested, so a triple term gets its own message.
func (p *jsonParser) termField(f map[string]string, key string, t json.Token, nested *string) error {
	if s, ok := t.(string); ok {
		f[key] = s
		return nil
	}
	if d, ok := t.(json.Delim); !ok || (d != '{' && d != '[') {
		return p.fail("%q must be a string, found %s", key, describe(t))
	}
	*nested = key
	return p.skipRest()
}

// skipRest discards the rest of an object or array whose opening
// delimiter has been read.
func (p *jsonParser) skipRest() error {
	for depth := 1; depth > 0; {
		t, err := p.token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// makeTerm builds a term from the fields of a JSON term object or the
// element and attributes of an XML binding; it returns a message on error.
func makeTerm(f map[string]string) (rdf.Term, string) {
	value, hasValue := f["value"]
	if !hasValue {
		return rdf.None, `term has no "value"`
	}
	switch typ, ok := f["type"]; {
	case !ok:
		return rdf.None, `term has no "type"`
	case typ == "uri":
		return iriTerm(value, f)
	case typ == "bnode":
		return blankTerm(value, f)
	case (typ == "literal" || typ == "typed-literal") && f["its:dir"] != "":
		return dirLiteral(value, f["xml:lang"], f["datatype"], f["its:dir"])
	case typ == "literal" || typ == "typed-literal":
		return literalTerm(value, f["xml:lang"], f["datatype"])
	default:
		return rdf.None, "unknown term type " + strconv.Quote(clip(typ))
	}
}

func iriTerm(value string, f map[string]string) (rdf.Term, string) {
	if f["xml:lang"] != "" || f["datatype"] != "" || f["its:dir"] != "" {
		return rdf.None, "an IRI cannot have a language tag or datatype"
	}
	return rdf.IRI(value), ""
}

func blankTerm(value string, f map[string]string) (rdf.Term, string) {
	if f["xml:lang"] != "" || f["datatype"] != "" || f["its:dir"] != "" {
		return rdf.None, "a blank node cannot have a language tag or datatype"
	}
	if value == "" {
		return rdf.None, "empty blank node label"
	}
	return rdf.Blank(value), ""
}

// literalTerm applies RDF 1.1: no datatype means xsd:string, a language tag
// means rdf:langString, and tags are compared lower-cased. An empty tag is
// no tag (XML's xml:lang="" resets the language).
func literalTerm(lex, lang, datatype string) (rdf.Term, string) {
	switch {
	case lang != "" && datatype != "" && datatype != rdf.RDFLangString:
		return rdf.None, "a literal cannot have both a language tag and datatype " + strconv.Quote(clip(datatype))
	case lang != "" && !validLangTag(lang):
		return rdf.None, "invalid language tag " + strconv.Quote(clip(lang))
	case lang != "" && datatype == rdf.RDFDirLangString:
		return rdf.None, "rdf:dirLangString literal without a base direction"
	case lang != "":
		return rdf.LangLiteral(lex, lang), ""
	case datatype == rdf.RDFLangString || datatype == rdf.RDFDirLangString:
		return rdf.None, "rdf:" + strings.TrimPrefix(datatype, rdf.RDFNS) + " literal without a language tag"
	}
	return rdf.Literal(lex, datatype), ""
}

// WriteJSON writes a Bindings or Boolean answer as SPARQL 1.1 Query Results
// JSON in a canonical layout: one solution per line, bindings in head.vars
// order, simple literals without "datatype".
func WriteJSON(w io.Writer, a *Answer) error {
	if err := checkTabular(a); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if a.Kind == Boolean {
		bw.WriteString(`{"head":{},"boolean":` + strconv.FormatBool(a.Boolean) + "}\n")
		return bw.Flush()
	}
	bw.WriteString(`{"head":{"vars":[`)
	for i, v := range a.Vars {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString(jsonString(v))
	}
	bw.WriteString("]},\n\"results\":{\"bindings\":[")
	for i, row := range a.Rows {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n" + jsonRowText(a.Vars, row))
	}
	bw.WriteString("\n]}}\n")
	return bw.Flush()
}

func jsonRowText(vars []string, row Solution) string {
	var b strings.Builder
	b.WriteByte('{')
	n := 0
	for _, v := range vars {
		t, ok := row[v]
		if !ok || t.IsZero() {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString(jsonString(v) + ":" + jsonTerm(t))
	}
	b.WriteByte('}')
	return b.String()
}

func jsonTerm(t rdf.Term) string {
	v := jsonString(t.Value)
	switch {
	case t.IsTriple():
		return jsonTripleText(t)
	case t.Dir != "":
		return `{"type":"literal","xml:lang":` + jsonString(t.Lang) + `,"its:dir":` + jsonString(t.Dir) + `,"value":` + v + "}"
	case t.IsIRI():
		return `{"type":"uri","value":` + v + "}"
	case t.IsBlank():
		return `{"type":"bnode","value":` + v + "}"
	case t.Lang != "":
		return `{"type":"literal","xml:lang":` + jsonString(t.Lang) + `,"value":` + v + "}"
	case t.Datatype == rdf.XSDString || t.Datatype == "":
		return `{"type":"literal","value":` + v + "}"
	}
	return `{"type":"literal","datatype":` + jsonString(t.Datatype) + `,"value":` + v + "}"
}

// jsonString quotes s as a JSON string without HTML escaping; invalid UTF-8
// becomes U+FFFD, as encoding/json does.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

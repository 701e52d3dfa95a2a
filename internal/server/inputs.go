package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// The checks here refuse, with the field and where, inputs that parse but
// that nothing downstream should see: a charset we do not read, a JSON
// object naming a key twice, a base IRI of a scheme that is not for data,
// names with control characters, a NUL in a query.

// mediaType parses a Content-Type: "" is allowed (JSON is assumed); a
// charset other than UTF-8 is refused (RFC 8259 §8.1: JSON is UTF-8; we
// read every body as UTF-8, so a body declared latin1 would be misread).
func mediaType(ct string) (string, *APIError) {
	if ct == "" {
		return "", nil
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", unsupportedType(ct)
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		return "", &APIError{Status: http.StatusUnsupportedMediaType, Error: "unsupported charset", Field: "Content-Type",
			Detail: fmt.Sprintf("charset %q: the body must be UTF-8", cs)}
	}
	return mt, nil
}

// checkUTF8 refuses text that is not UTF-8, with the position of the first
// bad byte.
func checkUTF8(field string, b []byte) *APIError {
	if utf8.Valid(b) {
		return nil
	}
	off := 0
	for off < len(b) {
		r, n := utf8.DecodeRune(b[off:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		off += n
	}
	e := badRequest("malformed "+orBody(field), fmt.Sprintf("the %s is not UTF-8 text: byte 0x%02x at offset %d", orBody(field), b[off], off))
	e.Field = field
	e.Line, e.Column = position(b, off)
	return e
}

func orBody(field string) string {
	if field == "" {
		return "JSON"
	}
	return field
}

// checkNUL refuses U+0000 in query text: it is valid UTF-8 and the SPARQL
// grammar allows it inside string literals (#rSTRING_LITERAL1), but the
// engines are C, C++ and JVM programs and protocols that end or mangle a
// string at NUL, so a case holding one would compare their plumbing, not
// their SPARQL.
func checkNUL(field, text string) *APIError {
	i := strings.IndexByte(text, 0)
	if i < 0 {
		return nil
	}
	e := badRequest("unsupported character", fmt.Sprintf("the %s holds U+0000 (NUL) at offset %d: engines cannot take it", field, i))
	e.Field = field
	e.Line, e.Column = position([]byte(text), i)
	return e
}

// dataSchemes are the schemes a base IRI may have: the ones that name data.
// javascript:, data:, file: and the like are refused: a base ends up in
// engines' resolution of relative IRIs and in the reports' links.
var dataSchemes = []string{"http", "https", "urn", "tag"}

// checkBase accepts "" or an absolute IRI of a data scheme.
func checkBase(field, base string) *APIError {
	if base == "" {
		return nil
	}
	bad := func(detail string) *APIError {
		return &APIError{Status: http.StatusBadRequest, Error: "invalid base", Field: field, Detail: detail}
	}
	if !rdf.IsAbsoluteIRI(base) {
		return bad(fmt.Sprintf("base %.200q is not an absolute IRI", base))
	}
	scheme, _, _ := strings.Cut(base, ":")
	for _, s := range dataSchemes {
		if strings.EqualFold(scheme, s) {
			return nil
		}
	}
	return bad(fmt.Sprintf("base scheme %.40q: want one of %s", scheme, strings.Join(dataSchemes, ", ")))
}

// MaxName bounds a case or sweep name, in bytes.
const MaxName = 200

// checkName accepts a name of at most MaxName bytes of printable text.
func checkName(field, name string) *APIError {
	bad := func(detail string) *APIError {
		return &APIError{Status: http.StatusBadRequest, Error: "invalid name", Field: field, Detail: detail}
	}
	if len(name) > MaxName {
		return bad(fmt.Sprintf("the name has %d bytes; the limit is %d", len(name), MaxName))
	}
	if i := strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }); i >= 0 {
		return bad(fmt.Sprintf("the name holds a control or unprintable character at offset %d", i))
	}
	return nil
}

// catalogueBase reads the "base" of a JSON dataset catalogue, for
// checkBase (the catalogue reader checks the rest).
func catalogueBase(cat []byte) string {
	var c struct {
		Base string `json:"base"`
	}
	if json.Unmarshal(cat, &c) != nil {
		return ""
	}
	return c.Base
}

// duplicateKey finds the first object key named twice in one object of a
// JSON document (RFC 8259 §4: names SHOULD be unique; decoders differ on
// which one wins, so a request naming one twice is ambiguous). The error
// names the key's path and position; nil when there is none or the
// document is malformed (the strict decoder explains that).
func duplicateKey(b []byte, field string) *APIError {
	dec := json.NewDecoder(bytes.NewReader(b))
	var stack []*jsonFrame
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		if e := step(&stack, tok, b, before, field); e != nil {
			return e
		}
	}
}

// jsonFrame is one open object or array of duplicateKey's walk.
type jsonFrame struct {
	path    string          // the dotted path of the value
	keys    map[string]bool // nil for an array
	wantKey bool            // an object's next string token is a key
	key     string          // an object's current key
}

func step(stack *[]*jsonFrame, tok json.Token, b []byte, before int, field string) *APIError {
	var top *jsonFrame
	if n := len(*stack); n > 0 {
		top = (*stack)[n-1]
	}
	if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
		*stack = (*stack)[:len(*stack)-1]
		return nil
	}
	if top != nil && top.keys != nil && top.wantKey {
		k, _ := tok.(string)
		if top.keys[k] {
			return dupError(joinPath(top.path, k), b, before)
		}
		top.keys[k], top.key, top.wantKey = true, k, false
		return nil
	}
	path := field
	if top != nil {
		path, top.wantKey = joinPath(top.path, top.key), top.keys != nil
	}
	switch tok {
	case json.Delim('{'):
		*stack = append(*stack, &jsonFrame{path: path, keys: map[string]bool{}, wantKey: true})
	case json.Delim('['):
		*stack = append(*stack, &jsonFrame{path: path})
	}
	return nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// dupError points at the key's opening quote: the decoder's offset is just
// past the token before it, then blanks and the comma.
func dupError(path string, b []byte, before int) *APIError {
	i := before
	for i < len(b) && b[i] != '"' {
		i++
	}
	e := badRequest("duplicate JSON key", fmt.Sprintf("the key %.200q appears twice in one object", path))
	e.Field = path
	e.Line, e.Column = position(b, i)
	return e
}

// utf8BOM is U+FEFF encoded in UTF-8.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// blankBOM turns a leading byte order mark into three blanks: RFC 8259
// §8.1 lets a parser ignore it (tools such as PowerShell's Out-File write
// one), and blanks keep every later byte's line and column as the client
// counts them.
func blankBOM(body []byte) []byte {
	if !bytes.HasPrefix(body, utf8BOM) {
		return body
	}
	return append([]byte("   "), body[len(utf8BOM):]...)
}

// readJSON reads a JSON body of at most max bytes into v (decodeJSON;
// what names it): a declared Content-Type other than application/json is
// refused with the endpoint's own 415, notJSON(the media type).
func (s *Server) readJSON(r *http.Request, max int64, v any, what string, notJSON func(mt string) *APIError) *APIError {
	mt, e := mediaType(r.Header.Get("Content-Type"))
	if e == nil && mt != "" && mt != "application/json" {
		e = notJSON(mt)
	}
	if e != nil {
		return e
	}
	body, e := readBody(r, max)
	if e != nil {
		return e
	}
	return s.decodeJSON(body, v, what)
}

// decodeJSON is how every JSON body is read: a leading BOM ignored, then
// checkJSON (UTF-8, bounded nesting, no key named twice), a strict decode
// into v (no unknown field) and nothing after the value. what names the
// value in the trailing-data error ("the request object").
func (s *Server) decodeJSON(body []byte, v any, what string) *APIError {
	body = blankBOM(body)
	if e := s.checkJSON(body); e != nil {
		return e
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(body, err)
	}
	if dec.More() {
		e := badRequest("malformed JSON", "data after "+what)
		e.Line, e.Column = position(body, int(dec.InputOffset()))
		return e
	}
	return nil
}

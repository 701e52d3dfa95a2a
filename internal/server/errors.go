package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/store"
)

// APIError is the body of every error response: what went wrong (Error, a
// short stable phrase), the details (Detail), and where, when the input
// has positions (Line and Column, 1-based, of the named Field). The
// request id (also in the X-Request-Id header) finds the request's log line.
type APIError struct {
	Status    int    `json:"-"`
	Error     string `json:"error"`
	Detail    string `json:"detail"`
	Field     string `json:"field,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

func (e *APIError) String() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Error, e.Detail) }

func badRequest(what, detail string) *APIError {
	return &APIError{Status: http.StatusBadRequest, Error: what, Detail: detail}
}

func writeError(w http.ResponseWriter, e *APIError) {
	if e.RequestID == "" {
		e.RequestID = w.Header().Get(requestIDHeader)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(e.Status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the detail quotes IRIs: keep <...> readable
	enc.Encode(e)
}

// queryError explains a query the parser refused, with its position.
func queryError(err error) *APIError {
	return refused("malformed query", "query", err, func(se *syntax.Error) (int, int) { return se.Line, se.Col })
}

// datasetError explains a dataset the catalogue reader or the RDF loader
// refused: a limit is 413, a syntax error carries the document's position.
func datasetError(err error) *APIError {
	if errors.Is(err, rdf.ErrLimit) {
		return &APIError{Status: http.StatusRequestEntityTooLarge, Error: "dataset too large", Detail: err.Error(), Field: "dataset"}
	}
	return refused("malformed dataset", "dataset", err, func(se *rdf.SyntaxError) (int, int) { return se.Line, se.Col })
}

// refused is the 400 of a field whose parser refused it: the line and
// column are those of the parser's syntax error S when err holds one
// (the query's and the dataset's parsers each have their own type).
func refused[S error](what, field string, err error, at func(S) (line, col int)) *APIError {
	e := badRequest(what, err.Error())
	e.Field = field
	var se S
	if errors.As(err, &se) {
		e.Line, e.Column = at(se)
	}
	return e
}

// jsonError explains a request body that is not the JSON expected, with
// the line and column of a syntax error.
func jsonError(body []byte, err error) *APIError {
	e := badRequest("malformed JSON", err.Error())
	if errors.Is(err, io.EOF) {
		e.Detail = "the body is empty: want a JSON object"
		return e
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se): // Offset is just past the offending byte
		e.Line, e.Column = position(body, max(0, int(se.Offset)-1))
	case errors.Is(err, io.ErrUnexpectedEOF):
		e.Line, e.Column = position(body, len(body))
		e.Detail = "the JSON ends before the request object is complete"
	case errors.As(err, &te):
		e.Line, e.Column = position(body, int(te.Offset))
		e.Detail = fmt.Sprintf("field %q: want %s, found JSON %s", te.Field, te.Type, te.Value)
	}
	return e
}

// position converts a byte offset into a 1-based line and column.
func position(b []byte, off int) (line, col int) {
	line, col = 1, 1
	for i := 0; i < off && i < len(b); i++ {
		if b[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// storeError maps store errors: not found is 404, an invalid argument 400,
// anything else a 500 (the database failed, not the client).
func storeError(err error) *APIError {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return &APIError{Status: http.StatusNotFound, Error: "not found", Detail: err.Error()}
	case errors.Is(err, store.ErrInvalid):
		return badRequest("invalid argument", err.Error())
	}
	return &APIError{Status: http.StatusInternalServerError, Error: "store failure", Detail: err.Error()}
}

// idParam parses a positive integer path parameter.
func idParam(s, what string) (int64, *APIError) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, badRequest("invalid id", fmt.Sprintf("%s id %q: want a positive integer", what, s))
	}
	return id, nil
}

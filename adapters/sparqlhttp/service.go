package sparqlhttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Our faults stay ours: a server this package runs is confined to its own
// loopback (relay.go), so a SERVICE clause fails for want of a network,
// never for the engine's reading of SPARQL. Each server says so its own
// way, and each way is read here into unsupported, with the engine's words:
//
//   - Fuseki answers 502 Bad Gateway for the remote call it could not make
//     (fusekiRefusal), and 503 "Query timed out" for its own per-query
//     timeout (abandon.go), which is a timeout, not an unavailable server;
//   - the Oxigraph server has already sent 200 and the head of its results
//     JSON when evaluation fails, and writes the error's text into the
//     body (streamedError): an evaluation error (ErrQueryError), which a
//     query with SERVICE makes unsupported (serviceRule).

// fusekiRefusal is Fuseki's Config.Refusal.
func fusekiRefusal(status int, body string) error {
	switch {
	case status == http.StatusBadGateway:
		return fmt.Errorf("%w: SERVICE: the remote endpoint could not be reached (the server has no network)", oracle.ErrUnsupported)
	case status == http.StatusServiceUnavailable && strings.Contains(body, "timed out"):
		return oracle.ErrTimeout
	}
	return nil
}

// streamedError is the error text an endpoint wrote into a 200 answer
// after it began streaming results (the Oxigraph server): the text after
// the longest prefix of the body that reads as JSON, when it starts like
// words; "" otherwise (a body cut short is not an error message).
func streamedError(data []byte) string {
	if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err == io.EOF {
			return ""
		} else if err != nil {
			break
		}
	}
	msg := strings.TrimLeft(strings.TrimSpace(string(data[dec.InputOffset():])), ",: ")
	if msg == "" || !unicode.IsLetter(rune(msg[0])) {
		return ""
	}
	return excerpt([]byte(msg))
}

// serviceRule: an evaluation error of a query with a SERVICE clause on a
// confined server is the missing network's: unsupported, with the
// engine's message.
func (e *Engine) serviceRule(c *oracle.Case, err error) error {
	if !errors.Is(err, oracle.ErrQueryError) || !e.cfg.Confined || !hasService(c) {
		return err
	}
	return fmt.Errorf("%w: SERVICE cannot be evaluated without a network: %v", oracle.ErrUnsupported, err)
}

// hasService reports a SERVICE clause in the query's syntax tree. A query
// our parser refuses has none to find: it is the endpoint's to refuse, so
// it goes there unless its text has the keyword at all (the one place a
// word decides, for text that is not SPARQL 1.1).
func hasService(c *oracle.Case) bool {
	info, err := c.Info()
	if err != nil {
		return strings.Contains(strings.ToUpper(c.Query), "SERVICE")
	}
	return info.HasService
}

package virtuoso

import (
	"context"
	"regexp"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Update applies an update request on the server (oracle.Updater), through
// adapters/sparqlhttp's shared-store updates: Virtuoso's store holds its
// own system graphs, so a case runs in graphs of its own, dropped after,
// and a request that could reach every graph (CLEAR/DROP ALL or NAMED, a
// text our parser refuses) or the network (LOAD) is unsupported. Virtuoso
// has no unnamed graph: the case's default graph is a graph of the case's
// own, named to Virtuoso by DEFINE input:default-graph-uri (updateText).
func (e *Engine) Update(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	return e.request(ctx, func(ctx context.Context, h *sparqlhttp.Engine) (*results.Answer, error) { return h.Update(ctx, c) }) // virtuoso.go
}

// updateText is Virtuoso's way of naming a request's dataset
// (sparqlhttp.Config.UpdateText): its DEFINE pragmas before the request.
// input:default-graph-uri is the graph INSERT DATA, DELETE DATA, templates
// and CLEAR DEFAULT act on and the WHERE clause's default graph;
// input:named-graph-uri, repeated, bounds GRAPH ?var (without it GRAPH
// ?var ranges over every graph Virtuoso holds, its own included). A name
// IRIREF cannot hold is left out (it cannot be written in the pragma).
func updateText(text, defaultGraph string, named []string) string {
	var b strings.Builder
	b.WriteString("DEFINE input:default-graph-uri <" + defaultGraph + ">\n")
	for _, n := range named {
		if !notIRIREF.MatchString(n) {
			b.WriteString("DEFINE input:named-graph-uri <" + n + ">\n")
		}
	}
	b.WriteString(text)
	return b.String()
}

// notIRIREF matches what IRIREF forbids (#rIRIREF).
var notIRIREF = regexp.MustCompile("[<>\"{}|^`\\\\\x00-\x20]")

package sparqlhttp

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Load is how a case's graphs reach the store.
type Load int

const (
	// LoadGraphStore PUTs each graph as N-Triples and DELETEs it afterwards
	// (SPARQL 1.1 Graph Store HTTP Protocol, indirect graph identification).
	LoadGraphStore Load = iota
	// LoadUpdate sends one SPARQL Update request: DROP SILENT, then INSERT
	// with a template (INSERT DATA forbids blank nodes in some stores,
	// Virtuoso among them), and DROP SILENT afterwards.
	LoadUpdate
	// LoadNQuads drops the case's graphs by SPARQL Update as LoadUpdate
	// does, then POSTs all of them as one N-Quads document to Store with
	// no graph named: the whole-dataset upload the Oxigraph server
	// (POST /store) and Fuseki (a GSP endpoint without a query string)
	// take. One document is one parse, so a blank node label in two graphs
	// is one node, and a fresh one per upload (Oxigraph's load_from_reader
	// renames blank nodes per document, Jena's parser scopes labels per
	// document); parsing N-Quads costs far less than an INSERT of 100k
	// triples (nquads.go).
	LoadNQuads
)

// Config describes one endpoint. Query is required, and Store or Update
// according to Load.
type Config struct {
	Name    string // engine name in reports ("virtuoso", "fuseki", ...)
	Version string // the endpoint's version: the Protocol does not tell
	Query   string // SPARQL 1.1 Protocol query URL
	Store   string // Graph Store Protocol URL (LoadGraphStore, LoadNQuads)
	Update  string // SPARQL 1.1 Update URL (LoadUpdate, LoadNQuads)
	Load    Load
	// GraphParam names the graph in Graph Store requests: "graph" by default.
	GraphParam string
	// Auth, User, Password authenticate loading and clearing requests.
	Auth           Auth
	User, Password string
	// DirectPost sends queries as application/sparql-query with the dataset
	// in the URL; the default is an HTML form POST, which every endpoint takes
	// (Virtuoso 7.2.5 never answers a direct POST).
	DirectPost bool
	// RefuseService refuses every query with a SERVICE clause (found in its
	// syntax tree, not its words: an IRI may contain "service") as
	// unsupported: an endpoint we do not run can call out to the network,
	// which no case may do.
	RefuseService bool
	// Refusal, when set, is the engine's own rule for a failed query: it
	// returns the sentinel (oracle.ErrUnsupported, ...) for a status and
	// body it recognises, nil to leave the status to decide (statusError).
	Refusal func(status int, body string) error
	// Scratch says the store is the oracle's alone (a server this package
	// runs): an update case may reset it whole (DROP ALL) and load its
	// store into the unnamed graph (update.go). Without it Update answers
	// ErrUnsupported.
	Scratch bool
	// KeepLoaded says nothing but this Engine writes the store (a server
	// the oracle runs): a query's data may stay loaded for the next query
	// of the same dataset (keep.go).
	KeepLoaded bool
	// Reused counts the queries run on kept graphs; its owner shares one
	// counter across the Engines of its restarts (default: the Engine's).
	Reused *atomic.Int64
	// UpdateText, when set, makes Update work on a store the oracle shares
	// with the engine's own graphs (Virtuoso's system graphs; shared.go):
	// each case runs in graphs of its own, and UpdateText writes the request
	// sent, naming in the engine's own way the graph that stands for the
	// store's default graph and the named graphs GRAPH ?var may range over.
	UpdateText func(text, defaultGraph string, named []string) string
	// Confined says the endpoint has no network (a server this package
	// runs in its sandbox): a query with SERVICE that fails while it runs
	// failed for want of one, and is unsupported (service.go).
	Confined bool
	// OwnGraphs says the store holds graphs of the engine's own
	// (Virtuoso's system graphs): those there before the first case are off
	// limits to every case, and what a case leaves is dropped (owngraphs.go).
	OwnGraphs bool
	// UpdateFailed, when set, is the engine's own rule for an update
	// request's failure status: true when the request failed while it ran
	// (the store is then read back), false when it was refused. Without it
	// a 500 ran and failed, and any other failure status is statusError's.
	UpdateFailed func(status int, body string) bool
	// TimeoutParam, when set, names the endpoint's own per-query timeout
	// parameter and writes what is left of the case's deadline in its unit
	// (SecondsParam, MillisParam; abandon.go): the server stops evaluating
	// when the case ends, not at a server-wide limit.
	TimeoutParam func(left time.Duration) (name, value string)
	// Timeout bounds a case when the caller's context has no deadline (default 60 s).
	Timeout time.Duration
	Client  *http.Client // default: a client without proxy
}

func (c *Config) defaults() {
	if c.GraphParam == "" {
		c.GraphParam = "graph"
	}
	if c.Timeout <= 0 {
		c.Timeout = 60 * time.Second
	}
	if c.Client == nil {
		c.Client = &http.Client{Transport: transport(0, nil)} // transport.go
	}
}

// locks serialises cases per store: a case's named graphs are loaded under
// their real IRIs, so two cases on one store at once would see each other.
var locks struct {
	sync.Mutex
	m map[string]chan struct{}
}

func storeLock(key string) chan struct{} {
	locks.Lock()
	defer locks.Unlock()
	if locks.m == nil {
		locks.m = map[string]chan struct{}{}
	}
	ch, ok := locks.m[key]
	if !ok {
		ch = make(chan struct{}, 1)
		locks.m[key] = ch
	}
	return ch
}

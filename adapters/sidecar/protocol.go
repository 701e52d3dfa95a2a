package sidecar

// Request is one line sent to a sidecar's stdin.
type Request struct {
	ID int64  `json:"id"`
	Op string `json:"op"` // "query", "update", "version" or "ping"
	// Update is the SPARQL 1.1 Update request of op "update" (update.go);
	// Data and Named are then the graph store before it, Base its base IRI
	// and Sources the documents LOAD may read (never fetched).
	Update string `json:"update,omitempty"`
	// Query, Base: the SPARQL text and its base IRI.
	Query string `json:"query,omitempty"`
	Base  string `json:"base,omitempty"`
	// Data is the case's dataset as canonical N-Quads (default graph triples
	// without a graph term).
	Data string `json:"data,omitempty"`
	// Named lists every named graph of the dataset, including empty ones
	// (N-Quads cannot express an empty graph).
	Named []string `json:"named,omitempty"`
	// Sources are the catalogue's further graphs for FROM/FROM NAMED, as
	// N-Quads whose graph term is the source IRI. A sidecar loads them only
	// where its engine keeps them out of the default dataset.
	Sources string `json:"sources,omitempty"`
	// DatasetID names the dataset (Data, Named and Sources together) so a
	// sidecar may keep the store it built across requests: every query that
	// carries data carries its key (datasetKey, a digest of those bytes), so
	// the metamorphic rewrites of one case load its data once. A sidecar
	// keeps the store of the last key only (one per process) and reuses it
	// when the next query names the same key, ignoring Data, Named and
	// Sources, which are still sent (a fresh process, another pool member,
	// simply loads them); one that does not hold the key loads Data and
	// Sources and then holds it, or fails with kind "internal" when Data is
	// empty (benchmarks send the data once: cmd/oracle/bench_sidecar.go).
	// Only read-only queries share a store: an update always loads fresh and
	// drops the held store. Without a key every request gets a fresh store.
	DatasetID string `json:"dataset_id,omitempty"`
	// TimeoutMS is advisory: the Go side enforces the deadline by killing the process.
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
}

// Response is one line read from a sidecar's stdout.
type Response struct {
	ID int64 `json:"id"`
	OK bool  `json:"ok"`
	// Format of Result: "json" (SPARQL results JSON), "ntriples", or
	// "nquads" for op "update": the store after the request, which a failed
	// request (OK false, Error with its phase) also carries when the engine
	// could still report it.
	Format string `json:"format,omitempty"`
	Result string `json:"result,omitempty"`
	// Version and Engine answer the "version" op.
	Version string `json:"version,omitempty"`
	Engine  string `json:"engine,omitempty"`
	// Ops, in the "version" answer, declares the ops beyond query, version
	// and ping the sidecar serves: "update" makes the engine an Updater.
	Ops []string `json:"ops,omitempty"`
	// Graphs, in an "update" answer, lists every named graph of the store
	// after the request, an empty one included (N-Quads cannot state it).
	Graphs []string `json:"graphs,omitempty"`
	// TimeMS is the engine's own query time, without loading.
	TimeMS float64 `json:"time_ms,omitempty"`
	// Reused: the query ran on the store held for its DatasetID, without
	// loading (Engine.Reused counts them).
	Reused bool `json:"reused,omitempty"`
	// Extra is engine-specific evidence for reports (oxilite: the SQL).
	Extra map[string]string `json:"extra,omitempty"`
	Error *Failure          `json:"error,omitempty"`
}

// Failure is a typed error from a sidecar. Phase says where the engine
// failed, from the call that raised it, never from the words of its
// message:
//
//	parse     its parser refused the query text
//	prepare   it parsed the query but refused to translate or plan it
//	load      it could not hold the case's data
//	evaluate  it failed while running the query or writing the answer
//
// Kind is "unsupported" where the adapter's documented rule says the
// engine lacks the feature, "timeout" (its own deadline), "resource" (a
// memory or CPU limit it caught), "internal" (the sidecar itself failed),
// or, from a sidecar without phases, "rejected" or "error". The phase
// decides the rest (failure in sidecar.go): parse and prepare are
// ErrRejected, load ErrUnsupported, evaluate ErrQueryError.
type Failure struct {
	Kind    string `json:"kind"`
	Phase   string `json:"phase,omitempty"`
	Message string `json:"message"`
}

// Phases of a Failure.
const (
	PhaseParse    = "parse"
	PhasePrepare  = "prepare"
	PhaseLoad     = "load"
	PhaseEvaluate = "evaluate"
)

package server

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// engineInfo is one entry of GET /v1/engines.
type engineInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Role    string `json:"role"` // judge, twin or external
}

// probeWait bounds the start-up probe: an engine that has not told its
// version and answered by then is listed as "unknown" and the server
// becomes ready without it (its first case will say what is wrong with it).
const probeWait = 90 * time.Second

// warmCase is the probe's query: it makes each engine start what it runs
// on (a sidecar pool, a JVM, a Virtuoso server), so no request pays that
// start inside its deadline (and its slot bound).
var warmCase = oracle.Case{Name: "probe", Query: "ASK {}", Dataset: rdf.NewDataset()}

// probe asks every engine its version and a trivial query, all at once,
// when the server is built: a sidecar's first answer may take seconds (a
// JVM starting). /readyz stays 503 until it is done, and GET /v1/engines
// answers from it.
type probe struct {
	done     chan struct{}
	answered atomic.Int64
	info     []engineInfo // written before done is closed
}

func startProbe(engines []oracle.Engine) *probe {
	p := &probe{done: make(chan struct{})}
	answers := make([]engineInfo, len(engines))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, e := range engines {
		answers[i] = engineInfo{Name: e.Name(), Version: "unknown", Role: role(e.Name())}
		wg.Go(func() {
			v := e.Version()
			ctx, cancel := context.WithTimeout(context.Background(), probeWait)
			e.Eval(ctx, &warmCase) // its answer does not matter; its start does
			cancel()
			mu.Lock()
			answers[i].Version = v
			mu.Unlock()
			p.answered.Add(1)
		})
	}
	go func() {
		all := make(chan struct{})
		go func() { wg.Wait(); close(all) }()
		select {
		case <-all:
		case <-time.After(probeWait):
		}
		mu.Lock()
		p.info = append([]engineInfo{}, answers...) // a late answer changes answers only
		mu.Unlock()
		close(p.done)
	}()
	return p
}

// ready reports how many engines answered and whether the probe is over.
func (p *probe) ready() (int, bool) {
	select {
	case <-p.done:
		return int(p.answered.Load()), true
	default:
		return int(p.answered.Load()), false
	}
}

// listEngines answers the pool from the probe, waiting for it while the
// server starts (a client that asks before /readyz said ready).
func (s *Server) listEngines(w http.ResponseWriter, r *http.Request) {
	select {
	case <-s.probe.done:
	case <-r.Context().Done():
		writeError(w, unavailable(http.StatusServiceUnavailable, "request cancelled", r.Context().Err().Error()))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"engines": s.probe.info})
}

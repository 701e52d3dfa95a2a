package sparqlhttp

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/results"
)

// What a server this package runs and adapters/virtuoso's server share
// under the oracle's one memory budget (adapters/sidecar/budget.go): the
// reservation of a share at start, and one case run under it.

// ReserveShare reserves one process's share of engine name, whose own
// limit is own: waiting for memory and stopping other engines' idle
// processes (Budget.Reserve), or, with now, only memory free at once
// (Budget.TryReserve: a background restart, warm.go). It returns the
// share and its release; own <= 0 is no limit and reserves nothing.
func ReserveShare(ctx context.Context, name string, own int64, self sidecar.Idler, now bool) (int64, func(), error) {
	if own <= 0 {
		return own, func() {}, nil
	}
	b := sidecar.Memory()
	share := b.Share(name, own)
	if !now {
		release, err := b.Reserve(ctx, name, share, self)
		return share, release, err
	}
	release, ok := b.TryReserve(name, share)
	if !ok {
		return share, nil, fmt.Errorf("%w: %s: no free share of the memory budget for a background restart", oracle.ErrResource, name)
	}
	return share, release, nil
}

// Share is a running server's share of the memory budget as one case on
// it sees it.
type Share struct {
	Name  string
	Proc  *Proc
	Limit int64          // the share, in bytes (0: none)
	Floor *sidecar.Floor // the server's resident memory before a case, at the least
	// Words are the server's own words for running out of memory, besides
	// the runtimes' (sidecar.ResourceText).
	Words []string
	Alone func() bool // no other case uses the server
	Stop  func()      // stops this server (if it is still the engine's)
}

// Run runs one case under the share: the server's process tree's resident
// memory is watched, and past the share the server is stopped
// (oracle.ErrResource); a failure that ran it out of memory is
// ErrResource, whatever the engine said; a case that leaves it holding
// over half its share, or dead, stops it so its share goes back now.
func (s Share) Run(ctx context.Context, run func(context.Context) (*results.Answer, error)) (*results.Answer, error) {
	if s.Limit <= 0 || s.Floor == nil || !s.Proc.Started() {
		return run(ctx)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	root := s.Proc.PID()
	s.Floor.Note(s.Proc.RSS())
	w := sidecar.WatchMemory(func() []int { return sidecar.Tree(root) }, s.Limit, cancel)
	a, err := run(ctx)
	w.Stop()
	switch {
	case w.Fired():
		s.Stop()
		return nil, fmt.Errorf("%w: %s: resident memory past its share of %d MiB of the memory budget (server stopped)", oracle.ErrResource, s.Name, s.Limit>>20)
	case err != nil && s.outOfMemory(err, w.Peak()):
		err = fmt.Errorf("%w: %s ran out of its share of %d MiB of the memory budget: %v", oracle.ErrResource, s.Name, s.Limit>>20, err)
	}
	if s.Proc.Exited() || s.Alone() && sidecar.GiveBack(s.Proc.RSS(), s.Floor.Get(), s.Limit) {
		s.Stop()
	}
	return a, err
}

// outOfMemory reports whether a failed case ran the server out of memory:
// its answer says so in the server's words, or it died during the case
// (whatever the steps after the query then reported) and its log says so
// or it had used over half its share.
func (s Share) outOfMemory(err error, peak int64) bool {
	if (errors.Is(err, oracle.ErrQueryError) || errors.Is(err, oracle.ErrCrashed)) && sidecar.ResourceText(err.Error(), s.Words) {
		return true
	}
	if errors.Is(err, oracle.ErrCrashed) || errors.Is(err, oracle.ErrUnavailable) {
		s.Proc.Reaped(2 * time.Second) // a dying server closes its connection a moment before it is reaped
	}
	return s.Proc.Exited() && (sidecar.ResourceText(s.Proc.Tail(), s.Words) || sidecar.OverHalf(peak, s.Limit))
}

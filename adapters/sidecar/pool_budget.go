package sidecar

import (
	"context"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The pool's side of the memory budget (budget.go): every process starts
// with its share as its memory limit, holds the share while it lives,
// is watched while a case runs, and is restarted after a case that left
// it holding more than half its share.

// OOMTexts are an engine's own words for running out of memory, besides
// the runtimes' (limits.go outOfMemory), as its adapter lists them
// (Config.OOM): a failure answer saying one of them is oracle.ErrResource,
// not an error of the engine's.
type OOMTexts struct {
	// Always are messages that only a failed allocation produces
	// (Comunica's V8 "Invalid string length").
	Always []string
	// NearLimit are messages other failures produce too, that mean memory
	// only when the process had used over half its share by then: a WASM
	// "unreachable" trap ends Rust's allocation failure in Oxigraph's
	// build, and a panic too.
	NearLimit []string
}

// joinBudget registers the engine with the memory budget.
func (e *Engine) joinBudget() {
	if e.cfg.Limits.Memory > 0 {
		Memory().Join(e.cfg.Name, e.cfg.Limits.Memory, e.cfg.Pool, e)
	}
}

// runConfig is cfg with the memory limit a process starts under now: its
// share of the budget.
func (e *Engine) runConfig() Config {
	c := e.cfg
	if c.Limits.Memory > 0 {
		c.Limits.Memory = Memory().Share(c.Name, c.Limits.Memory)
	}
	return c
}

// startBudgeted reserves a share of the budget and starts a process under
// it; the share is given back when the process has been killed (kill).
func (e *Engine) startBudgeted(ctx context.Context) (*process, error) {
	cfg := e.runConfig()
	release := func() {}
	if cfg.Limits.Memory > 0 {
		var err error
		if release, err = Memory().Reserve(ctx, cfg.Name, cfg.Limits.Memory, e); err != nil {
			return nil, err
		}
	}
	p, err := start(&cfg)
	if err != nil {
		release()
		return nil, fmt.Errorf("%w: %v", oracle.ErrUnavailable, err) // it could not start: nothing about its answers
	}
	p.limit, p.unreserve = cfg.Limits.Memory, release
	return p, nil
}

// FreeIdle stops one idle process (Idler), giving its share back.
func (e *Engine) FreeIdle() bool {
	select {
	case p := <-e.idle:
		e.notePeak(p)
		p.kill()
		e.slots <- struct{}{}
		return true
	default:
		return false
	}
}

// memWatch fires c when the engine's resident memory passes its share
// while a case runs.
type memWatch struct {
	c    chan struct{}
	stop func()
}

func (e *Engine) watchMemory(p *process, req *Request) memWatch {
	w := memWatch{c: make(chan struct{}), stop: func() {}}
	if p.limit <= 0 || req.Op == "version" || req.Op == "ping" {
		return w
	}
	pid := p.enginePID()
	if pid == 0 {
		return w
	}
	p.floor.Note(RSS(pid))
	mw := WatchMemory(func() []int { return []int{pid} }, p.limit, func() { close(w.c) })
	w.stop = mw.Stop
	return w
}

// overShare is the error of a case whose process the memory watch killed.
func (e *Engine) overShare(p *process) error {
	return fmt.Errorf("%w: %s: resident memory past its share of %d MiB of the memory budget (process killed)",
		oracle.ErrResource, e.cfg.Name, p.limit>>20)
}

// afterCase returns p to the pool, or restarts it when the case left it
// holding over half its share (GiveBack); a failure answer in the
// engine's words for running out of memory becomes kind "resource".
func (e *Engine) afterCase(p *process, resp *Response) {
	if e.outOfMemory(p, resp) {
		resp.Error.Kind = "resource"
	}
	if pid := p.enginePID(); pid != 0 && p.floor.Get() > 0 && GiveBack(RSS(pid), p.floor.Get(), p.limit) {
		e.notePeak(p)
		p.kill()
		e.slots <- struct{}{}
		return
	}
	e.release(p)
}

// outOfMemory reports whether resp is a failure saying memory ran out.
func (e *Engine) outOfMemory(p *process, resp *Response) bool {
	if resp == nil || resp.OK || resp.Error == nil || resp.Error.Kind == "resource" {
		return false
	}
	msg := resp.Error.Message
	if ResourceText(msg, e.cfg.OOM.Always) {
		return true
	}
	if !ResourceText(msg, e.cfg.OOM.NearLimit) || p.limit <= 0 {
		return false
	}
	pid := p.enginePID()
	return pid != 0 && OverHalf(PeakRSS(pid), p.limit)
}

// limits are l with the memory limit p started under (its share).
func (p *process) limits(l Limits) Limits {
	if p.limit > 0 {
		l.Memory = p.limit
	}
	return l
}

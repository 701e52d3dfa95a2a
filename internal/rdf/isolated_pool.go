package rdf

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The loader pool keeps up to size persistent workers (isolated_worker.go),
// so that in the steady state a load pays for handing over its document
// and reading the answer, not for a process start (~5 ms of CPU: Go
// runtime and package init of the server binary). A worker serves one
// load at a time, many loads one after another.
//
// Isolation is kept where it matters. A panic in the parser kills only its
// worker: that load gets the crash as an error and the pool starts a
// replacement in the background. A load past its deadline kills its
// worker the same way. A worker is retired after WorkerMaxDocs documents,
// or once its resident set passes WorkerMaxRSS after a document, so that
// one pathological input cannot leave a fat process behind. Per-document
// limits are those of a child per load (Limits, checked by the worker).
//
// Size is the number of concurrent loads served without a process start.
// A load that finds every worker busy waits up to workerWait for one, then
// starts a one-shot worker of its own (used once, then killed), as every
// load did before the pool.
//
// A worker inherits the environment of the moment it was started; a worker
// started under another environment than the caller's is not used (tests
// switch worker behaviour with t.Setenv, and must not get a stale answer).

// DefaultLoaderPool is the pool size when a process has not called
// SetLoaderPool (0 on platforms without Pdeathsig: a worker per load).
const DefaultLoaderPool = defaultPoolSize

// MaxLoaderPool bounds SetLoaderPool: every worker is a whole Go process
// (several MiB resident).
const MaxLoaderPool = 16

// Retirement bounds of a pooled worker.
const (
	WorkerMaxDocs = 500      // documents served, then a fresh process
	WorkerMaxRSS  = 64 << 20 // resident bytes after a document (an idle worker of the server binary: ~20 MiB)
)

// workerWait bounds how long a load waits for a busy worker to come free
// before it starts a one-shot worker.
const workerWait = 50 * time.Millisecond

// Retirement bounds in force; tests lower them.
var maxDocs, maxRSS int64 = WorkerMaxDocs, WorkerMaxRSS

// loaderPool holds the workers. mu guards every field; cond (on mu) is
// signalled whenever a process is reaped or a start ends, for Close.
type loaderPool struct {
	mu       sync.Mutex
	cond     *sync.Cond
	size     int // pooled workers to keep
	live     int // pooled workers of this generation: idle, busy or starting
	idle     []*loaderWorker
	waiters  []chan *loaderWorker // loads waiting for a worker, oldest first
	closed   bool                 // no pooled workers until SetLoaderPool
	gen      int                  // bumped by Close: older workers are not kept
	procs    map[*loaderWorker]struct{}
	starting int // process starts in flight (pooled or one-shot)
}

var pool = newLoaderPool(initialPoolSize())

func newLoaderPool(size int) *loaderPool {
	p := &loaderPool{size: size, procs: map[*loaderWorker]struct{}{}}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// poolEnv, when set to a number, overrides DefaultLoaderPool at start-up
// (operators size the pool without a rebuild; benchmarks compare sizes).
const poolEnv = "SPARQL_ORACLE_LOADER_POOL"

func initialPoolSize() int {
	n, err := strconv.Atoi(os.Getenv(poolEnv))
	if err != nil {
		return defaultPoolSize
	}
	return max(0, min(n, MaxLoaderPool))
}

// poolHits and poolMisses count loads served by a pooled worker and by a
// worker started for them (pooled or one-shot); tests read them.
var poolHits, poolMisses atomic.Int64

// workerStarted, when set (by tests), is called with the pid of every
// worker process started.
var workerStarted atomic.Pointer[func(pid int)]

// SetLoaderPool sets how many persistent loader workers LoadIsolated keeps
// (clamped to [0, MaxLoaderPool]) and reopens a closed pool. 0 starts a
// worker per load. Workers are started by the loads that need them, or
// ahead by StartLoaderPool.
func SetLoaderPool(n int) {
	n = max(0, min(n, MaxLoaderPool))
	pool.mu.Lock()
	defer pool.mu.Unlock()
	pool.size, pool.closed = n, false
	for len(pool.idle) > 0 && pool.live > n {
		pool.dropIdle(len(pool.idle) - 1)
	}
}

// StartLoaderPool starts, in the background, the workers the pool lacks,
// so that the first loads do not pay a process start (a server calls it
// at start-up). It does nothing on a closed pool or inside a worker.
func StartLoaderPool() {
	exe, err := executable()
	if err != nil || os.Getenv(workerEnv) != "" || os.Getenv(childEnv) != "" {
		return
	}
	pool.mu.Lock()
	defer pool.mu.Unlock()
	for !pool.closed && pool.live < pool.size {
		pool.live++
		pool.spawn(exe)
	}
}

// CloseLoaderPool kills every loader worker (idle, busy, starting, one-shot)
// and returns once all are reaped (no zombies). Loads in flight fail; later
// loads start a worker each until SetLoaderPool reopens the pool. Call it on
// shutdown; workers of a process that dies without it die too (Pdeathsig on
// Linux; elsewhere they read EOF and exit unless hung in the parser).
func CloseLoaderPool() {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	pool.closed, pool.live, pool.idle = true, 0, nil
	pool.gen++
	for len(pool.procs) > 0 || pool.starting > 0 {
		for w := range pool.procs {
			w.kill()
		}
		pool.cond.Wait()
	}
}

// load runs one document in a worker, then gives the worker back.
func (p *loaderPool) load(ctx context.Context, exe string, args []string, data []byte, name string) ([]byte, error) {
	w, err := p.acquire(ctx, exe, os.Environ())
	switch {
	case ctx.Err() != nil && w == nil:
		return nil, fmt.Errorf("%s: loading stopped: %w", name, ctx.Err())
	case err != nil:
		return nil, fmt.Errorf("%s: starting the RDF loader: %v", name, err)
	}
	reused := w.docs > 0
	out, err := w.run(ctx, args, data, name)
	p.release(w, exe)
	if err != nil && w.broken && reused && ctx.Err() == nil {
		// A reused worker may have died while idle, before it saw this
		// document: give the document one fresh worker of its own. A
		// document that crashes the parser crashes that one too.
		if w, err2 := p.startOne(exe, os.Environ()); err2 == nil {
			out, err = w.run(ctx, args, data, name)
			p.release(w, exe)
		}
	}
	return out, err
}

// acquire returns an idle worker started under env; else starts a pooled
// one if the pool has room; else waits up to workerWait for a busy one;
// else starts a one-shot worker.
func (p *loaderPool) acquire(ctx context.Context, exe string, env []string) (*loaderWorker, error) {
	p.mu.Lock()
	if w := p.takeIdle(env); w != nil {
		p.mu.Unlock()
		poolHits.Add(1)
		return w, nil
	}
	if p.closed || p.size == 0 {
		p.mu.Unlock()
		return p.startOne(exe, env)
	}
	if p.live < p.size {
		p.live++
		gen := p.gen
		p.mu.Unlock()
		poolMisses.Add(1)
		return p.startPooled(exe, env, gen)
	}
	ch := make(chan *loaderWorker, 1)
	p.waiters = append(p.waiters, ch)
	p.mu.Unlock()
	if w := p.await(ctx, ch, env); w != nil {
		poolHits.Add(1)
		return w, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return p.startOne(exe, env)
}

// takeIdle pops the most recently used idle worker that is alive and was
// started under env, killing the others it meets. Called with p.mu held.
func (p *loaderPool) takeIdle(env []string) *loaderWorker {
	for len(p.idle) > 0 {
		i := len(p.idle) - 1
		if w := p.idle[i]; w.alive() && slices.Equal(w.env, env) {
			p.idle = p.idle[:i]
			return w
		}
		p.dropIdle(i)
	}
	return nil
}

// dropIdle kills idle worker i and forgets it. Called with p.mu held.
func (p *loaderPool) dropIdle(i int) {
	p.idle[i].kill()
	p.idle = slices.Delete(p.idle, i, i+1)
	p.live--
}

// await waits on ch for a worker handed over by release, up to workerWait
// or the end of ctx. It returns nil when none came or the one that came
// was started under another environment (then retired).
func (p *loaderPool) await(ctx context.Context, ch chan *loaderWorker, env []string) *loaderWorker {
	t := time.NewTimer(workerWait)
	defer t.Stop()
	var w *loaderWorker
	select {
	case w = <-ch:
	case <-t.C:
	case <-ctx.Done():
	}
	if w == nil {
		p.mu.Lock()
		p.waiters = slices.DeleteFunc(p.waiters, func(c chan *loaderWorker) bool { return c == ch })
		p.mu.Unlock()
		select { // handed over just before we left the queue
		case w = <-ch:
		default:
			return nil
		}
	}
	if !slices.Equal(w.env, env) {
		w.broken = true
		p.release(w, "")
		return nil
	}
	return w
}

// release takes a worker back after a load: a one-shot or stale worker is
// killed; a pooled one that is broken or due for retirement is killed and
// replaced in the background; a healthy one goes to a waiting load, or idle.
func (p *loaderPool) release(w *loaderWorker, exe string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case !w.pooled || w.gen != p.gen:
		w.kill()
	case w.broken || w.docs >= maxDocs || w.rss > maxRSS || p.live > p.size:
		w.kill()
		if p.live > p.size || exe == "" {
			p.live--
			return
		}
		p.spawn(exe)
	default:
		p.hand(w)
	}
}

// hand gives w to the oldest waiting load, or parks it idle. Called with
// p.mu held.
func (p *loaderPool) hand(w *loaderWorker) {
	if len(p.waiters) > 0 {
		ch := p.waiters[0]
		p.waiters = p.waiters[1:]
		ch <- w
		return
	}
	p.idle = append(p.idle, w)
}

// spawn starts a pooled worker in the background to replace one (live
// already counts it). Called with p.mu held.
func (p *loaderPool) spawn(exe string) {
	gen := p.gen
	go func() {
		w, err := p.startPooled(exe, os.Environ(), gen)
		if err != nil {
			return // startPooled gave the slot back; the next load retries
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		switch {
		case gen != p.gen:
			w.kill()
		case p.live > p.size: // SetLoaderPool shrank the pool meanwhile
			w.kill()
			p.live--
		default:
			p.hand(w)
		}
	}()
}

// startPooled starts a worker for the pool's generation gen; on failure it
// gives the slot acquire or spawn counted in live back.
func (p *loaderPool) startPooled(exe string, env []string, gen int) (*loaderWorker, error) {
	w, err := p.start(exe, env, func(w *loaderWorker) { w.pooled, w.gen = true, gen })
	if err != nil {
		p.mu.Lock()
		if gen == p.gen {
			p.live--
		}
		p.mu.Unlock()
	}
	return w, err
}

// startOne starts a one-shot worker: used for one load, then killed.
func (p *loaderPool) startOne(exe string, env []string) (*loaderWorker, error) {
	poolMisses.Add(1)
	return p.start(exe, env, func(*loaderWorker) {})
}

// start starts a worker, marks it (under p.mu, before anyone else sees
// it) and registers it until it is reaped, so Close can kill and wait.
func (p *loaderPool) start(exe string, env []string, mark func(*loaderWorker)) (*loaderWorker, error) {
	p.mu.Lock()
	p.starting++
	p.mu.Unlock()
	w, err := startWorker(exe, env)
	p.mu.Lock()
	p.starting--
	if err == nil {
		mark(w)
		p.procs[w] = struct{}{}
	}
	p.cond.Broadcast()
	p.mu.Unlock()
	if err != nil {
		return nil, err
	}
	go w.wait(func() { p.reaped(w) })
	if f := workerStarted.Load(); f != nil {
		(*f)(w.cmd.Process.Pid)
	}
	return w, nil
}

// reaped forgets a reaped worker and wakes Close.
func (p *loaderPool) reaped(w *loaderWorker) {
	p.mu.Lock()
	delete(p.procs, w)
	p.cond.Broadcast()
	p.mu.Unlock()
}

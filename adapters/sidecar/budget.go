package sidecar

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Budget is the memory every engine process of this oracle may use
// together: sidecars, managed servers (Fuseki, the Oxigraph server),
// Virtuoso and roqet. Each process's limit is not its adapter's own
// (2 GiB a sidecar, 3 GiB Fuseki, 4 GiB Virtuoso, which add up past any
// machine) but its share of the budget: the engines that joined divide
// the budget in proportion to their own limits times the processes each
// may run at once (Join, Share). A process reserves its share before it
// starts and gives it back when it has ended (Reserve), so the limits of
// the processes alive never add up past the budget, whoever built them.
// A start that finds the budget taken first stops idle processes of other
// engines (Idler), then waits (at most budgetWait, and never past the
// caller's context); past that the case is oracle.ErrResource, saying the
// budget is taken: it waits, not the machine.
//
// A share is enforced twice: as RLIMIT_DATA (and a managed runtime's heap
// flag below it: Limits), so the engine fails in its own way first, and by
// a watch on its resident memory while a case runs (WatchMemory), which
// kills it past its share: either way the case is oracle.ErrResource. No
// cgroup is used: the oracle runs where it cannot create one (a container's
// cgroup v1 tree, an unprivileged user); RLIMIT_DATA and the watch need
// nothing.
type Budget struct {
	mu      sync.Mutex
	total   int64
	used    int64
	weights map[string]int64 // engine name -> its own limit times its processes
	held    map[string]int64 // engine name -> bytes reserved by its live processes
	idlers  []Idler
	changed chan struct{} // closed (and replaced) whenever memory is given back
}

// Idler is an engine whose idle processes can be stopped to free their
// share for another engine's start.
type Idler interface {
	// FreeIdle stops one idle process, reporting whether there was one.
	FreeIdle() bool
}

// budgetWait bounds how long a start waits for the budget.
const budgetWait = 60 * time.Second

// MinShare is the least memory a process gets, however many engines
// joined: below it no runtime here starts (a JVM, Node). When shares
// floor at it, reservations make the surplus engines wait their turn.
const MinShare = 256 << 20

var memory = NewBudget(DefaultMemoryBudget())

// Memory is the budget of this process's engines.
func Memory() *Budget { return memory }

// SetMemoryBudget sets the budget's total in bytes (0: DefaultMemoryBudget).
// Processes already running keep their limits; new ones get new shares.
func SetMemoryBudget(total int64) {
	if total <= 0 {
		total = DefaultMemoryBudget()
	}
	memory.mu.Lock()
	memory.total = total
	memory.mu.Unlock()
	memory.wake()
}

// DefaultMemoryBudget is 60% of the machine's memory (MemTotal in
// /proc/meminfo): the rest is the system's, the page cache's and the
// oracle's own; 4 GiB when /proc/meminfo cannot be read.
func DefaultMemoryBudget() int64 {
	if total := MachineMemory(); total > 0 {
		return total / 10 * 6
	}
	return 4 << 30
}

// MachineMemory is MemTotal from /proc/meminfo in bytes, 0 when unknown.
func MachineMemory() int64 {
	return procBytes("/proc/meminfo", "MemTotal:") // proc.go
}

// NewBudget is a budget of total bytes.
func NewBudget(total int64) *Budget {
	return &Budget{total: total, weights: map[string]int64{}, held: map[string]int64{}, changed: make(chan struct{})}
}

// Total is the budget in bytes.
func (b *Budget) Total() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.total
}

// Used is the memory reserved by live engine processes, in bytes.
func (b *Budget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// engines is what the engine processes share: the total less the oracle's
// own reserve (an eighth, at most 1 GiB: the judge, the store, the HTTP
// server run in this process, outside any engine's share).
func (b *Budget) engines() int64 {
	return b.total - min(b.total/8, 1<<30)
}

// Join registers an engine: processes of its own limit own that may run
// at once, and (when not nil) a way to stop its idle ones. Joining again
// under the same name keeps the larger weight: engines built twice under
// one name (a test, a release rebuilt) do not shrink everyone's share.
func (b *Budget) Join(name string, own int64, processes int, idle Idler) {
	if own <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.weights[name] = max(b.weights[name], own*int64(max(processes, 1)))
	if idle != nil {
		b.idlers = append(b.idlers, idle)
	}
}

// Share is the memory limit of one process of engine name, whose own limit
// is own: own scaled by the budget over the joined engines' weights, never
// more than own, never less than MinShare (nor more than the budget).
func (b *Budget) Share(name string, own int64) int64 {
	if own <= 0 {
		return own
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	var sum int64
	for _, w := range b.weights {
		sum += w
	}
	if _, ok := b.weights[name]; !ok {
		sum += own
	}
	avail := b.engines()
	share := own
	if sum > avail {
		share = int64(float64(own) * float64(avail) / float64(sum))
	}
	return min(max(share, MinShare), avail)
}

// Reserve takes n bytes for one process of engine name, stopping idle
// processes of other engines (not self) while the budget is short and
// waiting for memory given back until ctx ends or budgetWait passes:
// then oracle.ErrResource. release gives the bytes back (once).
func (b *Budget) Reserve(ctx context.Context, name string, n int64, self Idler) (release func(), err error) {
	ctx, cancel := context.WithTimeout(ctx, budgetWait)
	defer cancel()
	for {
		changed, ok := b.take(name, n)
		if ok {
			return b.releaser(name, n), nil
		}
		if b.freeIdle(self) {
			continue
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return nil, b.taken(name, n)
		}
	}
}

// TryReserve takes n bytes for one process of engine name only when the
// budget has them now: it stops no other engine's idle process and does not
// wait. It is for a start nobody waits for (a server restarted in the
// background, adapters/sparqlhttp warm.go), which must not take memory
// from, nor stop the processes of, engines that serve cases.
func (b *Budget) TryReserve(name string, n int64) (release func(), ok bool) {
	if _, ok := b.take(name, n); !ok {
		return nil, false
	}
	return b.releaser(name, n), true
}

// releaser gives n bytes of name back, once.
func (b *Budget) releaser(name string, n int64) func() {
	var once sync.Once
	return func() { once.Do(func() { b.give(name, n) }) }
}

func (b *Budget) take(name string, n int64) (<-chan struct{}, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.engines() && b.used > 0 {
		return b.changed, false
	}
	b.used += n
	b.held[name] += n
	return nil, true
}

func (b *Budget) give(name string, n int64) {
	b.mu.Lock()
	b.used -= n
	b.held[name] -= n
	b.mu.Unlock()
	b.wake()
}

func (b *Budget) wake() {
	b.mu.Lock()
	defer b.mu.Unlock()
	close(b.changed)
	b.changed = make(chan struct{})
}

// freeIdle stops one idle process of an engine other than self.
func (b *Budget) freeIdle(self Idler) bool {
	b.mu.Lock()
	idlers := append([]Idler(nil), b.idlers...)
	b.mu.Unlock()
	for _, i := range idlers {
		if i != self && i.FreeIdle() {
			return true
		}
	}
	return false
}

// taken is the error of a start that found the budget taken.
func (b *Budget) taken(name string, n int64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	var holders []string
	for e, h := range b.held {
		if h > 0 {
			holders = append(holders, fmt.Sprintf("%s %d MiB", e, h>>20))
		}
	}
	sort.Strings(holders)
	return fmt.Errorf("%w: %s: the memory budget is taken: %d MiB of %d MiB held by running engine processes (%s), %d MiB needed; waited up to %s",
		oracle.ErrResource, name, b.used>>20, b.engines()>>20, strings.Join(holders, ", "), n>>20, budgetWait)
}

// memTick is how often a memory watch reads resident memory: a doubling
// string grows by a few hundred MiB between two reads at most before
// RLIMIT_DATA stops it anyway.
const memTick = 50 * time.Millisecond

// Watch is a memory watch on a process tree while one case runs.
type Watch struct {
	cancel context.CancelFunc
	done   chan struct{}
	peak   atomic.Int64
	fired  atomic.Bool
}

// WatchMemory calls over once the resident memory of the processes pids
// lists passes limit, reading it every memTick until stopped; pids is asked
// again every second (a server's tree may change). limit <= 0 watches
// nothing.
func WatchMemory(pids func() []int, limit int64, over func()) *Watch {
	ctx, cancel := context.WithCancel(context.Background())
	w := &Watch{cancel: cancel, done: make(chan struct{})}
	if limit <= 0 {
		close(w.done)
		return w
	}
	go w.run(ctx, pids, limit, over)
	return w
}

func (w *Watch) run(ctx context.Context, pids func() []int, limit int64, over func()) {
	defer close(w.done)
	fired := PollTree(ctx, memTick, pids(), pids, func(list []int) bool {
		rss := sumRSS(list)
		if rss > w.peak.Load() {
			w.peak.Store(rss)
		}
		return rss > limit
	})
	if fired {
		w.fired.Store(true)
		over()
	}
}

// PollTree reads a process tree every tick until ctx ends (false) or past
// finds it over a limit (true): the one loop of the memory watch (Watch)
// and of a server's CPU watch (adapters/sparqlhttp limits.go). list is the
// tree at the start; rescan lists it again once a second, since a
// server's tree may change, and between rescans only list is read.
func PollTree(ctx context.Context, tick time.Duration, list []int, rescan func() []int, past func([]int) bool) bool {
	t := time.NewTicker(tick)
	defer t.Stop()
	every := max(1, int(time.Second/tick))
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
		if n%every == 0 {
			list = rescan()
		}
		if past(list) {
			return true
		}
	}
}

// Stop ends the watch and waits for it.
func (w *Watch) Stop() { w.cancel(); <-w.done }

// Fired reports whether the limit was passed; Peak is the most resident
// memory seen.
func (w *Watch) Fired() bool { return w.fired.Load() }
func (w *Watch) Peak() int64 { return w.peak.Load() }

// TreeRSS is the resident memory of root and every process below it (a
// server's sandbox, shell, relay and the server).
func TreeRSS(root int) int64 { return sumRSS(Tree(root)) }

// CPUOf is the user plus system CPU time of those of pids that still run.
func CPUOf(pids []int) time.Duration {
	var sum time.Duration
	for _, pid := range pids {
		if t, err := cpuTime(pid); err == nil {
			sum += t
		}
	}
	return sum
}

func sumRSS(pids []int) int64 {
	var sum int64
	for _, pid := range pids {
		sum += RSS(pid)
	}
	return sum
}

// GiveBack reports whether a process holding rss bytes after a case,
// under a limit of limit, should be restarted before the next one: over
// half its share, it keeps what its last case took (a JVM's heap, a WASM
// memory that never shrinks, a Python arena) while other engines wait.
// floor is the least it held before a case: an engine whose own idle
// footprint is that large (a JVM under a small share) is restarted only
// when its cases added a quarter of the share to it, not after every case.
func GiveBack(rss, floor, limit int64) bool {
	return limit > 0 && rss > limit/2 && rss-floor > limit/4
}

// OverHalf reports whether a process that used peak bytes under limit had
// come near its share: a death or a trap then is taken for running out.
func OverHalf(peak, limit int64) bool {
	return limit > 0 && peak > limit/2
}

// Floor keeps the least of the values it is shown (a process's resident
// memory before each case), safe for concurrent cases.
type Floor struct{ v atomic.Int64 }

// Note records rss; Get is the least recorded (0 before any).
func (f *Floor) Note(rss int64) {
	for {
		old := f.v.Load()
		if rss <= 0 || old != 0 && old <= rss || f.v.CompareAndSwap(old, rss) {
			return
		}
	}
}

func (f *Floor) Get() int64 { return f.v.Load() }

// ResourceText reports whether msg, an engine's own failure message, says
// it ran out of memory: one of the runtimes' words (outOfMemory) or one of
// the engine's own (texts, its adapter's list).
func ResourceText(msg string, texts []string) bool {
	if mentionsOOM(msg) {
		return true
	}
	low := strings.ToLower(msg)
	for _, t := range texts {
		if strings.Contains(low, strings.ToLower(t)) {
			return true
		}
	}
	return false
}

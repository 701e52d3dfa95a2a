package sidecar

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Shares divide what the engines may use in proportion to their own
// limits, never past their own, never below MinShare.
func TestBudgetShares(t *testing.T) {
	b := NewBudget(9 << 30) // engines: 9 GiB less the oracle's 1 GiB
	if got := b.Share("a", 2<<30); got != 2<<30 {
		t.Errorf("alone, a gets %d MiB, want its own 2048", got>>20)
	}
	b.Join("a", 2<<30, 1, nil)
	b.Join("b", 2<<30, 2, nil) // two processes
	b.Join("c", 4<<30, 1, nil)
	b.Join("a", 1<<30, 1, nil) // a second instance: the larger weight stays
	// weights 2 + 4 + 4 = 10 GiB over 8 GiB: four fifths each
	for name, own := range map[string]int64{"a": 2 << 30, "b": 2 << 30, "c": 4 << 30} {
		if got, want := b.Share(name, own), own*4/5; got < want-1 || got > want+1 {
			t.Errorf("%s: share %d MiB, want %d", name, got>>20, want>>20)
		}
	}
	small := NewBudget(1 << 30)
	small.Join("x", 2<<30, 16, nil)
	if got := small.Share("x", 2<<30); got != MinShare {
		t.Errorf("a crowded budget gives %d MiB, want the floor %d", got>>20, MinShare>>20)
	}
}

type idler struct {
	b       *Budget
	release func()
}

func (i *idler) FreeIdle() bool {
	if i.release == nil {
		return false
	}
	i.release()
	i.release = nil
	return true
}

// A start that finds the budget taken stops another engine's idle
// process first; with none idle it waits for memory given back, and past
// its context it is ErrResource saying the budget is taken.
func TestBudgetReserve(t *testing.T) {
	b := NewBudget(3 << 30) // engines: 2.625 GiB
	ctx := context.Background()
	r1, err := b.Reserve(ctx, "a", 2<<30, nil)
	if err != nil {
		t.Fatal(err)
	}
	other := &idler{b: b, release: r1}
	b.idlers = append(b.idlers, other)
	r2, err := b.Reserve(ctx, "b", 2<<30, nil)
	if err != nil {
		t.Fatalf("an idle process's share was not taken back: %v", err)
	}
	if other.release != nil || b.Used() != 2<<30 {
		t.Fatalf("after the eviction %d MiB are reserved, want 2048", b.Used()>>20)
	}
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, err = b.Reserve(short, "c", 1<<30, nil)
	if !errors.Is(err, oracle.ErrResource) || !strings.Contains(err.Error(), "memory budget is taken") || !strings.Contains(err.Error(), "b 2048 MiB") {
		t.Fatalf("a start past the budget: %v, want ErrResource naming the budget and its holders", err)
	}
	go func() { time.Sleep(100 * time.Millisecond); r2() }()
	r3, err := b.Reserve(ctx, "c", 1<<30, nil)
	if err != nil {
		t.Fatalf("memory given back did not wake the waiting start: %v", err)
	}
	r3()
	r3() // once only
	if b.Used() != 0 {
		t.Errorf("%d MiB still reserved after every release", b.Used()>>20)
	}
}

// A sidecar's process starts under its share (RLIMIT_DATA), holds the
// share while it lives, and gives it back when killed; a process left
// over half its share after a case is restarted.
func TestPoolHoldsShare(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("no prlimit")
	}
	before := Memory().Used()
	e := New(Config{Name: "budget-cat", Command: []string{"sh", "-c", `read l; echo '{"id":1,"ok":true,"format":"json","result":"{\"head\":{\"vars\":[]},\"results\":{\"bindings\":[]}}"}'; sleep 60`},
		Limits: Limits{Memory: 512 << 20}})
	defer e.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := e.acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	share := Memory().Share("budget-cat", 512<<20)
	if p.limit != share || Memory().Used()-before != share {
		t.Errorf("process limit %d MiB, reserved %d MiB, want the share %d MiB", p.limit>>20, (Memory().Used()-before)>>20, share>>20)
	}
	for end := time.Now().Add(5 * time.Second); p.enginePID() == 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond) // the engine's exec inside the sandbox
	}
	limits, _ := os.ReadFile("/proc/" + strconv.Itoa(p.enginePID()) + "/limits")
	if !strings.Contains(string(limits), strconv.FormatInt(share, 10)) {
		t.Errorf("the process does not run under RLIMIT_DATA %d:\n%s", share, limits)
	}
	p.floor.Note(1)
	p.limit = 4 // any resident memory is over half of it, and grew by over a quarter: restarted
	e.afterCase(p, &Response{OK: true})
	if !p.exited() || Memory().Used() != before {
		t.Errorf("a process over half its share was kept (exited %v), %d MiB still reserved", p.exited(), (Memory().Used()-before)>>20)
	}
}

// An engine's own words for running out of memory are ErrResource; a
// NearLimit word only when the process had used over half its share.
func TestOOMTexts(t *testing.T) {
	e := &Engine{cfg: Config{OOM: OOMTexts{Always: []string{"Invalid string length"}, NearLimit: []string{"unreachable"}}}}
	p := &process{limit: 1 << 40}
	p.engine.Store(int64(os.Getpid())) // its peak is this test's
	fail := func(msg string) *Response { return &Response{Error: &Failure{Kind: "error", Message: msg}} }
	if !e.outOfMemory(p, fail("RangeError: Invalid string length")) {
		t.Error("Always text not read as memory")
	}
	if !e.outOfMemory(p, fail("java.lang.OutOfMemoryError: Java heap space")) {
		t.Error("a runtime's out-of-memory words not read as memory")
	}
	if e.outOfMemory(p, fail("RuntimeError: unreachable")) {
		t.Error("NearLimit text read as memory for a process far from its share")
	}
	if e.outOfMemory(p, fail("Invalid regular expression")) {
		t.Error("an ordinary error read as memory")
	}
	p.limit = 2
	if !e.outOfMemory(p, fail("RuntimeError: unreachable")) {
		t.Error("NearLimit text not read as memory for a process past half its share")
	}
}

// A process over half its share after a case is restarted, unless its
// own footprint before its cases was already that large and its cases
// added less than a quarter of the share.
func TestGiveBack(t *testing.T) {
	const share = 1000
	for _, c := range []struct {
		rss, floor int64
		want       bool
	}{{400, 100, false}, {600, 100, true}, {600, 450, false}, {800, 450, true}, {900, 0, true}} {
		if got := GiveBack(c.rss, c.floor, share); got != c.want {
			t.Errorf("GiveBack(%d, floor %d, share %d) = %v", c.rss, c.floor, share, got)
		}
	}
	var f Floor
	f.Note(300)
	f.Note(200)
	f.Note(250)
	f.Note(0)
	if f.Get() != 200 {
		t.Errorf("floor %d, want 200", f.Get())
	}
}

// TryReserve (a background restart) takes only memory free at once: with
// the budget taken it fails at once, stops no other engine's idle process
// and waits for nothing; given memory back, it takes it.
func TestBudgetTryReserve(t *testing.T) {
	b := NewBudget(3 << 30) // engines: 2.625 GiB
	r1, err := b.Reserve(context.Background(), "a", 2<<30, nil)
	if err != nil {
		t.Fatal(err)
	}
	idle := &idler{b: b, release: r1}
	b.Join("a", 2<<30, 1, idle)
	began := time.Now()
	if _, ok := b.TryReserve("b", 1<<30); ok {
		t.Fatal("TryReserve took 1 GiB with 0.625 GiB free")
	}
	if idle.release == nil || time.Since(began) > 100*time.Millisecond {
		t.Fatalf("TryReserve stopped an idle process (%v) or waited (%s)", idle.release == nil, time.Since(began))
	}
	idle.FreeIdle()
	r2, ok := b.TryReserve("b", 1<<30)
	if !ok || b.Used() != 1<<30 {
		t.Fatalf("TryReserve with the memory free: %v, used %d MiB", ok, b.Used()>>20)
	}
	r2()
	r2()
	if b.Used() != 0 {
		t.Fatalf("used %d MiB after the release (twice), want 0", b.Used()>>20)
	}
}

// TestPollTree: the poll reads the tree it was given every tick, lists it
// again once a second (every tenth tick of 100 ms), answers true at the
// first reading past the limit, and false when its context ends first.
func TestPollTree(t *testing.T) {
	self := []int{os.Getpid()}
	rescans, reads := 0, 0
	rescan := func() []int { rescans++; return Tree(os.Getpid()) }
	past := PollTree(context.Background(), 100*time.Millisecond, self, rescan, func(list []int) bool {
		reads++
		if len(list) == 0 || list[0] != os.Getpid() {
			t.Errorf("reading %d got tree %v, want this process first", reads, list)
		}
		return reads == 12
	})
	if !past || reads != 12 || rescans != 1 {
		t.Errorf("PollTree = %v after %d readings and %d rescans, want true after 12 and 1", past, reads, rescans)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if PollTree(ctx, 50*time.Millisecond, self, rescan, func([]int) bool { return false }) {
		t.Error("PollTree answered true with nothing past its limit")
	}
}

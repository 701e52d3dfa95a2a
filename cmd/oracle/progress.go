package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// progress reports a long run on stderr: on a terminal a bar redrawn in
// place with the counts and the time left; otherwise (a CI log, a pipe) a
// line every progressEvery, so logs stay short. Commands that can run past
// a second use it: sweep start, reduce, diff --reduce, gate's corpus part
// (w3c and gate's W3C part draw w3c.ProgressBar).
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	tty   bool
	label string
	start time.Time
	last  time.Time
	drawn bool
}

// progressEvery spaces the lines written when stderr is not a terminal.
const progressEvery = 10 * time.Second

func newProgress(label string) *progress {
	return &progress{w: os.Stderr, tty: w3cIsTerminal(os.Stderr), label: label, start: time.Now()}
}

// update reports done of total (total 0: unknown) and a short note.
func (p *progress) update(done, total int, note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if !p.tty && now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	line := p.line(done, total, now.Sub(p.start), note)
	if p.tty {
		fmt.Fprintf(p.w, "\r%-100.100s", line)
		p.drawn = true
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progress) line(done, total int, elapsed time.Duration, note string) string {
	const width = 24
	var b strings.Builder
	b.WriteString(p.label)
	if total > 0 {
		b.WriteString(" ")
		n := min(done*width/total, width)
		fmt.Fprintf(&b, "[%s%s] %d/%d", strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total)
		if done > 0 && done < total {
			left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
			fmt.Fprintf(&b, ", ETA %s", left.Round(time.Second))
		}
		b.WriteString(",")
	} else if done > 0 {
		fmt.Fprintf(&b, " %d,", done)
	}
	fmt.Fprintf(&b, " %s", elapsed.Round(time.Second))
	if note != "" {
		b.WriteString(", " + note)
	}
	return b.String()
}

// done ends the bar's line on a terminal.
func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// w3cProgress is the W3C runner's progress: w3c.ProgressBar on a
// terminal, else a line every progressEvery with the counts.
func w3cProgress(label string) func(done, total int, r *w3c.Result) {
	if w3cIsTerminal(os.Stderr) {
		return w3c.ProgressBar(os.Stderr)
	}
	p := newProgress(label)
	failing := 0
	return func(done, total int, r *w3c.Result) {
		if r.Outcome == w3c.Fail || r.Outcome == w3c.Error {
			failing++
		}
		p.update(done, total, fmt.Sprintf("%d not passing", failing))
	}
}

// ticking calls tick every second (the first after a second: a run that
// ends sooner prints nothing) until the returned stop is called.
func ticking(ctx context.Context, tick func()) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				tick()
			}
		}
	}()
	return func() { cancel(); wg.Wait() }
}

// watchSweep reports a sweep's progress from the store every second while
// `sweep start` waits for it.
func watchSweep(ctx context.Context, st *store.DB, id int64, w io.Writer) (stop func()) {
	p := newProgress(fmt.Sprintf("oracle sweep: sweep %d", id))
	p.w = w
	stopTick := ticking(ctx, func() {
		s, err := st.Sweep(ctx, id)
		if err != nil {
			return
		}
		p.update(s.Done, s.Total, fmt.Sprintf("%d diverged, %d failed", s.Diverged, s.Failed))
	})
	return func() { stopTick(); p.done() }
}

// watchClock reports the elapsed time of a run whose size is unknown
// (a reduction: bounded by --max-calls and --max-time, not counted).
func watchClock(ctx context.Context, label, note string) (stop func()) {
	p := newProgress(label)
	stopTick := ticking(ctx, func() { p.update(0, 0, note) })
	return func() { stopTick(); p.done() }
}

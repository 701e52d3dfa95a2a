package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"
)

// benchReport is what `oracle bench` prints (--format json is this, as is).
type benchReport struct {
	Date    string             `json:"date"`
	Machine string             `json:"machine"`
	Runs    int                `json:"runs"`
	Engines []benchEngine      `json:"engines"`
	Sizes   []*benchSizeResult `json:"sizes"`
	Notes   []string           `json:"notes,omitempty"`
}

type benchEngine struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type benchSizeResult struct {
	Triples int `json:"triples"` // asked for
	Actual  int `json:"actual"`  // generated
	// LoadMS is wall time to load once, for a sidecar with the transfer.
	LoadMS map[string]float64 `json:"load_ms"`
	// EngineLoad is our loading rate and the heap our store keeps.
	EngineLoad *benchLoad          `json:"engine_load,omitempty"`
	Queries    []*benchQueryResult `json:"queries"`
	Notes      []string            `json:"notes,omitempty"`
}

// benchLoad: goals at 1M triples are ≥ 1,000,000 triples/s and ≤ 60 bytes
// a triple (docs/bench.md).
type benchLoad struct {
	TriplesPerS    float64 `json:"triples_per_s"`
	BytesPerTriple float64 `json:"bytes_per_triple"`
}

type benchQueryResult struct {
	Name     string             `json:"name"`
	Rows     int                `json:"rows"` // our engine's answer
	MedianMS map[string]float64 `json:"median_ms"`
	// Ratio is our median over the engine's: below 1, ours is faster.
	Ratio    map[string]float64 `json:"ratio"`
	Errors   map[string]string  `json:"errors,omitempty"`
	Mismatch map[string]string  `json:"mismatch,omitempty"`
}

func newBenchReport(runs int) *benchReport {
	return &benchReport{
		Date:    time.Now().UTC().Format("2006-01-02 15:04 MST"),
		Machine: machine(),
		Runs:    runs,
	}
}

// machine names the CPU model, the core count and the platform.
func machine() string {
	model := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s/%s, %s", model, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// writeBenchMarkdown prints one table per size: a row per query with each
// engine's median and our ratio to it, then a geometric-mean row.
func writeBenchMarkdown(w io.Writer, rep *benchReport) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Date: %s. Machine: %s. Median of %d runs after one warm-up; times are each engine's own query time in ms.\n",
		rep.Date, rep.Machine, rep.Runs)
	for _, e := range rep.Engines {
		fmt.Fprintf(bw, "- %s %s\n", e.Name, e.Version)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(bw, "- note: %s\n", n)
	}
	for _, s := range rep.Sizes {
		writeBenchSize(bw, rep.Engines, s)
	}
	return bw.Flush()
}

func writeBenchSize(w io.Writer, engines []benchEngine, s *benchSizeResult) {
	fmt.Fprintf(w, "\n### %d triples (%d generated)\n\n", s.Triples, s.Actual)
	var load []string
	for _, e := range engines {
		if m, ok := s.LoadMS[e.Name]; ok {
			load = append(load, fmt.Sprintf("%s %.0f", e.Name, m))
		}
	}
	fmt.Fprintf(w, "Load, ms (sidecars: with the transfer): %s.\n\n", strings.Join(load, ", "))
	if l := s.EngineLoad; l != nil {
		fmt.Fprintf(w, "Engine load: %.0f triples/s, %.1f bytes of heap kept per triple (the dataset's strings, shared, not counted).\n\n",
			l.TriplesPerS, l.BytesPerTriple)
	}
	head, rule := "| query | rows | engine ms |", "| --- | ---: | ---: |"
	for _, e := range engines[1:] {
		head += fmt.Sprintf(" %s ms | engine/%s |", e.Name, e.Name)
		rule += " ---: | ---: |"
	}
	fmt.Fprintln(w, head+" answers |")
	fmt.Fprintln(w, rule+" --- |")
	for _, q := range s.Queries {
		fmt.Fprintln(w, benchRow(engines, q))
	}
	fmt.Fprintln(w, geoRow(engines, s.Queries))
	for _, n := range s.Notes {
		fmt.Fprintf(w, "\nNote: %s\n", n)
	}
	writeBenchFindings(w, s)
}

func benchRow(engines []benchEngine, q *benchQueryResult) string {
	row := fmt.Sprintf("| %s | %d | %s |", q.Name, q.Rows, cell(q, "engine"))
	for _, e := range engines[1:] {
		ratio := "–"
		if r, ok := q.Ratio[e.Name]; ok {
			ratio = fmt.Sprintf("%.2f", r)
		}
		row += fmt.Sprintf(" %s | %s |", cell(q, e.Name), ratio)
	}
	verdict := "same"
	if len(q.Mismatch) > 0 || len(q.Errors) > 0 {
		verdict = "see below"
	}
	return row + " " + verdict + " |"
}

func cell(q *benchQueryResult, name string) string {
	if _, failed := q.Errors[name]; failed {
		return "error"
	}
	if m, ok := q.MedianMS[name]; ok {
		return fmt.Sprintf("%.2f", m)
	}
	return "–"
}

// geoRow is the geometric mean of the ratios over the queries each engine answered.
func geoRow(engines []benchEngine, qs []*benchQueryResult) string {
	row := "| geometric mean | | |"
	for _, e := range engines[1:] {
		sum, n := 0.0, 0
		for _, q := range qs {
			if r, ok := q.Ratio[e.Name]; ok && r > 0 {
				sum += math.Log(r)
				n++
			}
		}
		g := "–"
		if n > 0 {
			g = fmt.Sprintf("**%.2f**", math.Exp(sum/float64(n)))
		}
		row += fmt.Sprintf(" | %s |", g)
	}
	return row + " |"
}

func writeBenchFindings(w io.Writer, s *benchSizeResult) {
	first := true
	for _, q := range s.Queries {
		for _, kind := range []struct {
			label string
			m     map[string]string
		}{{"differs from engine", q.Mismatch}, {"error", q.Errors}} {
			for _, name := range sortedKeys(kind.m) {
				if first {
					fmt.Fprintln(w, "\nFindings:")
					first = false
				}
				fmt.Fprintf(w, "- %s, %s %s: %s\n", q.Name, name, kind.label, kind.m[name])
			}
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

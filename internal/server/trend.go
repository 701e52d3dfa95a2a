package server

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/store"
)

// trendChart is the inline SVG of divergent cases per engine across
// sweeps: one polyline per engine, x = sweep (oldest left), y = cases.
type trendChart struct {
	Width, Height int
	Sweeps        []int64
	Max           int
	Lines         []trendLine
}

type trendLine struct {
	Engine string
	Color  string
	Points string // SVG polyline points
	Last   int
	LabelY int
}

// palette is colour-blind safe (Okabe–Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"}

func newTrend(points []store.TrendPoint) *trendChart {
	t := &trendChart{Width: 640, Height: 200}
	col := map[int64]int{}
	byEngine := map[string]map[int64]int{}
	for _, p := range points {
		if _, ok := col[p.SweepID]; !ok {
			col[p.SweepID] = 0
			t.Sweeps = append(t.Sweeps, p.SweepID)
		}
		if byEngine[p.Engine] == nil {
			byEngine[p.Engine] = map[int64]int{}
		}
		byEngine[p.Engine][p.SweepID] = p.Cases
		t.Max = max(t.Max, p.Cases)
	}
	if len(t.Sweeps) == 0 {
		return nil
	}
	sort.Slice(t.Sweeps, func(i, j int) bool { return t.Sweeps[i] < t.Sweeps[j] })
	var engines []string
	for e := range byEngine {
		engines = append(engines, e)
	}
	sort.Strings(engines)
	for i, e := range engines {
		t.Lines = append(t.Lines, t.line(e, palette[i%len(palette)], byEngine[e]))
	}
	return t
}

func (t *trendChart) line(engine, color string, cases map[int64]int) trendLine {
	var pts []string
	l := trendLine{Engine: engine, Color: color}
	for i, id := range t.Sweeps {
		x, y := t.x(i), t.y(cases[id])
		pts = append(pts, fmt.Sprintf("%d,%d", x, y))
		l.Last, l.LabelY = cases[id], y
	}
	l.Points = strings.Join(pts, " ")
	return l
}

// x and y map a sweep index and a count into the plot area (margins 40/20).
func (t *trendChart) x(i int) int {
	if len(t.Sweeps) == 1 {
		return 40
	}
	return 40 + i*(t.Width-160)/(len(t.Sweeps)-1)
}

func (t *trendChart) y(n int) int {
	if t.Max == 0 {
		return t.Height - 20
	}
	return t.Height - 20 - n*(t.Height-40)/t.Max
}

// LabelX is where the engine labels start, right of the last point.
func (t *trendChart) LabelX() int { return t.x(len(t.Sweeps)-1) + 8 }

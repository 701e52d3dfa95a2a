package server

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// chart is an inline SVG line chart of one value per engine across
// sweeps (x = sweep, oldest left). An engine that was not run in a sweep
// has no point there: its line breaks (never drawn as 0). Engine labels
// sit right of the plot, pushed apart so none overlaps another.
type chart struct {
	ID            string
	Title         string
	Width, Height int
	Left, Right   int // the plot's x range
	Top, Bottom   int // the plot's y range
	YTicks        []tick
	XTicks        []tick
	Series        []series
	Sweeps        []int64
	// solo are the sweeps that ran one engine (an imported `oracle w3c`
	// or `oracle gate` run): not an absence of the others, whose lines
	// pass them by instead of breaking.
	solo map[int64]string
}

type tick struct {
	X, Y  int
	Label string
}

// series is one engine's line: its segments (consecutive sweeps it ran),
// a dot per point, and its label.
type series struct {
	Engine   string
	Color    string
	Segments []string // SVG polyline points
	Dots     []tick   // X, Y and a title
	Label    tick     // where the name goes (its baseline)
	Mid      int      // the label's vertical centre (where its leader line ends)
	From     tick     // the last point (the leader line starts there)
	Leader   bool     // draw the leader line: the last point is near the labels
}

// palette is colour-blind safe (Okabe–Ito), then darker variants.
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
	"#7A4A00", "#004F7A", "#8A2C5E", "#3F6E00", "#5C5C5C"}

// Layout of a chart (pixels).
const (
	chartWidth  = 760
	chartHeight = 240
	labelGap    = 14 // the least vertical distance between two labels
)

// newChart draws values (engine → sweep → value) over sweeps (oldest
// first) on a y axis from 0 to yMax (0: the largest value); unit is
// appended to tick labels ("%").
func newChart(id, title string, sweeps []int64, values map[string]map[int64]float64, yMax float64, unit string, solo map[int64]string) *chart {
	if len(sweeps) == 0 || len(values) == 0 {
		return nil
	}
	c := &chart{ID: id, Title: title, Width: chartWidth, Height: chartHeight, Left: 48, Right: chartWidth - 170,
		Top: 14, Bottom: chartHeight - 30, Sweeps: sweeps, solo: solo}
	if yMax <= 0 {
		yMax = niceMax(values)
	}
	c.yTicks(yMax, unit)
	c.xTicks()
	engines := make([]string, 0, len(values))
	for e := range values {
		engines = append(engines, e)
	}
	sort.Strings(engines)
	for i, e := range engines {
		c.Series = append(c.Series, c.series(e, palette[i%len(palette)], values[e], yMax, unit))
	}
	c.placeLabels()
	return c
}

// soloSweeps are the sweeps of one engine (an `oracle w3c --store` or
// `oracle gate --store` import), by id.
func soloSweeps(sweeps []store.Sweep) map[int64]string {
	out := map[int64]string{}
	for _, sw := range sweeps {
		if len(sw.Spec.Engines) == 1 {
			out[sw.ID] = sw.Spec.Engines[0]
		}
	}
	return out
}

// niceMax rounds the largest value up to 1, 2 or 5 times a power of ten.
func niceMax(values map[string]map[int64]float64) float64 {
	m := 0.0
	for _, vs := range values {
		for _, v := range vs {
			m = math.Max(m, v)
		}
	}
	if m <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(m)))
	for _, f := range []float64{1, 2, 5, 10} {
		if f*p >= m {
			return f * p
		}
	}
	return 10 * p
}

func (c *chart) x(i int) int {
	if len(c.Sweeps) == 1 {
		return (c.Left + c.Right) / 2
	}
	return c.Left + i*(c.Right-c.Left)/(len(c.Sweeps)-1)
}

func (c *chart) y(v, yMax float64) int {
	return c.Bottom - int(math.Round(v/yMax*float64(c.Bottom-c.Top)))
}

func (c *chart) yTicks(yMax float64, unit string) {
	for i := 0; i <= 4; i++ {
		v := yMax * float64(i) / 4
		c.YTicks = append(c.YTicks, tick{X: c.Left - 6, Y: c.y(v, yMax), Label: number(v) + unit})
	}
}

// xTicks label the sweeps, at most about twelve labels so none overlaps.
func (c *chart) xTicks() {
	step := (len(c.Sweeps) + 11) / 12
	for i, id := range c.Sweeps {
		if i%step == 0 || i == len(c.Sweeps)-1 {
			c.XTicks = append(c.XTicks, tick{X: c.x(i), Y: c.Bottom + 16, Label: fmt.Sprintf("#%d", id)})
		}
	}
}

func number(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// series splits an engine's points into segments at the sweeps it did not run.
func (c *chart) series(engine, color string, vs map[int64]float64, yMax float64, unit string) series {
	s := series{Engine: engine, Color: color}
	var seg []string
	flush := func() {
		if len(seg) > 1 {
			s.Segments = append(s.Segments, strings.Join(seg, " "))
		}
		seg = nil
	}
	for i, id := range c.Sweeps {
		v, ok := vs[id]
		if _, other := c.solo[id]; !ok && other {
			continue // another engine's own run: this one was not missing from it
		}
		if !ok {
			flush()
			continue
		}
		p := tick{X: c.x(i), Y: c.y(v, yMax), Label: fmt.Sprintf("%s, sweep #%d: %s%s", engine, id, number(v), unit)}
		seg = append(seg, fmt.Sprintf("%d,%d", p.X, p.Y))
		s.Dots = append(s.Dots, p)
		s.From = p
		s.Label = tick{X: c.Right + 10, Y: p.Y, Label: fmt.Sprintf("%s (%s%s)", engine, number(v), unit)}
	}
	flush()
	return s
}

// placeLabels pushes the labels apart: sorted by height, each at least
// labelGap below the one above, then the column moved up if it ran past
// the chart's foot.
func (c *chart) placeLabels() {
	idx := make([]int, len(c.Series))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return c.Series[idx[a]].Label.Y < c.Series[idx[b]].Label.Y })
	prev := math.MinInt
	for _, i := range idx {
		l := &c.Series[i].Label
		l.Y = max(l.Y, prev+labelGap, c.Top+4)
		prev = l.Y
	}
	if over := prev - (c.Bottom + 6); over > 0 { // keep the column beside the plot, clear of the sweep labels
		for _, i := range idx {
			c.Series[i].Label.Y -= over
		}
	}
	for i := range c.Series { // text is drawn from its baseline: centre it on the line
		c.Series[i].Leader = c.Series[i].From.X >= c.Right-(c.Right-c.Left)/4
		c.Series[i].Mid = c.Series[i].Label.Y
		c.Series[i].Label.Y += 4
	}
}

// newTrend is the front page's chart: divergent cases per engine.
func newTrend(points []store.TrendPoint, solo map[int64]string) *chart {
	var sweeps []int64
	values := map[string]map[int64]float64{}
	for _, p := range points {
		if p.Engine == oracle.JudgeName { // the judge cannot diverge from itself
			continue
		}
		if len(sweeps) == 0 || sweeps[len(sweeps)-1] != p.SweepID {
			sweeps = append(sweeps, p.SweepID)
		}
		if values[p.Engine] == nil {
			values[p.Engine] = map[int64]float64{}
		}
		values[p.Engine][p.SweepID] = float64(p.Cases)
	}
	return newChart("trend", "divergent cases per engine per sweep", sweeps, values, 0, "", solo)
}

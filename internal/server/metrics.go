package server

import (
	"errors"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// Metrics are the service's Prometheus collectors, named per the
// Prometheus conventions (base units, _total for counters). Each Server
// has its own registry, so tests can run several servers in one process.
type Metrics struct {
	reg       *prometheus.Registry
	cases     prometheus.Counter
	verdicts  *prometheus.CounterVec
	engineSec *prometheus.HistogramVec
	budget    prometheus.Counter
	overhead  prometheus.Histogram
	httpReqs  *prometheus.CounterVec
	httpSec   *prometheus.HistogramVec
	overruns  prometheus.Counter
}

// newMetrics registers the collectors; queueDepth reports the evaluations
// waiting for a slot, engines the pool whose sidecar restarts are counted.
func newMetrics(queueDepth func() float64, engines func() []oracle.Engine) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.cases = prometheus.NewCounter(prometheus.CounterOpts{Name: "oracle_cases_total",
		Help: "Cases evaluated (POST /v1/diff and reductions excluded)."})
	m.verdicts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "oracle_verdicts_total",
		Help: "Engine verdicts by outcome and divergence class."}, []string{"engine", "outcome", "class"})
	m.engineSec = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "oracle_engine_seconds",
		Help: "Time an engine took on one case.", Buckets: prometheus.ExponentialBuckets(0.0005, 4, 10)}, []string{"engine"})
	m.budget = prometheus.NewCounter(prometheus.CounterOpts{Name: "oracle_budget_exhausted_total",
		Help: "Evaluations stopped by a step or solution budget."})
	m.overhead = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "oracle_diff_overhead_seconds",
		Help: "POST /v1/diff time beyond diff.Run (the engines and triage) and the wait for a slot: checks, dataset load, rendering.", Buckets: prometheus.ExponentialBuckets(0.0001, 2, 16)})
	m.httpReqs = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "oracle_http_requests_total",
		Help: "HTTP requests by route pattern, method and status code (499: the client closed the request before the answer)."}, []string{"route", "method", "code"})
	m.httpSec = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "oracle_http_request_duration_seconds",
		Help: "HTTP request latency by route pattern.", Buckets: prometheus.DefBuckets}, []string{"route", "method"})
	m.overruns = prometheus.NewCounter(prometheus.CounterOpts{Name: "oracle_evaluation_overruns_total",
		Help: "Evaluations still running at their deadline plus the grace: their slot was released and the request answered 503."})
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "oracle_queue_depth",
		Help: "Evaluations waiting for a slot plus sweep case jobs waiting in the queue."}, queueDepth)
	m.reg.MustRegister(m.cases, m.verdicts, m.engineSec, m.budget, m.overhead, m.httpReqs, m.httpSec, m.overruns, queue,
		restartCollector{engines}, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Registry is the registry the collectors live in (a sweep worker in the
// same process may register its own there).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// ObserveReport counts one judged case: its verdicts, each engine's time,
// and budget exhaustions (the judge's and the engines').
func (m *Metrics) ObserveReport(r *triage.Report) {
	m.cases.Inc()
	if errors.Is(r.JudgeErr, oracle.ErrBudget) {
		m.budget.Inc()
	}
	for _, v := range r.Verdicts {
		m.verdicts.WithLabelValues(v.Engine, string(v.Outcome), string(v.Class)).Inc()
		m.engineSec.WithLabelValues(v.Engine).Observe(v.Elapsed.Seconds())
		if errors.Is(v.Err, oracle.ErrBudget) {
			m.budget.Inc()
		}
	}
}

// restartCollector reports the restarts of every engine that counts them
// (the sidecar adapters) as oracle_sidecar_restarts_total{engine}.
type restartCollector struct{ engines func() []oracle.Engine }

var restartDesc = prometheus.NewDesc("oracle_sidecar_restarts_total",
	"Sidecar processes discarded after a crash, a deadline or their request quota.", []string{"engine"}, nil)

func (c restartCollector) Describe(ch chan<- *prometheus.Desc) { ch <- restartDesc }

func (c restartCollector) Collect(ch chan<- prometheus.Metric) {
	for _, e := range c.engines() {
		if r, ok := e.(interface{ Restarts() int64 }); ok {
			ch <- prometheus.MustNewConstMetric(restartDesc, prometheus.CounterValue, float64(r.Restarts()), e.Name())
		}
	}
}

package server

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/sparql-oracle/oracle/internal/store"
)

// findingsCollector exposes the store's findings at each scrape, counted
// by identity (engine, class, reduced case: store.Identity) and by root
// cause (the reduced case), so a bystander engine added to a sweep moves
// no figure. A store that does not answer in time leaves them out of that
// scrape rather than failing /metrics.
type findingsCollector struct{ st store.Store }

var (
	findingsDesc = prometheus.NewDesc("oracle_findings",
		"Findings (distinct engine, class and reduced case) by engine and triage status.", []string{"engine", "status"}, nil)
	engineRootsDesc = prometheus.NewDesc("oracle_engine_root_causes",
		"Root causes (distinct reduced cases) an engine's findings fall in.", []string{"engine"}, nil)
	rootsDesc = prometheus.NewDesc("oracle_root_causes",
		"Root causes over every engine: a reduced case diverging on several engines counts once.", nil, nil)
)

// findingsScrapeTimeout bounds the store query of one scrape.
const findingsScrapeTimeout = 2 * time.Second

func (c findingsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- findingsDesc
	ch <- engineRootsDesc
	ch <- rootsDesc
}

func (c findingsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), findingsScrapeTimeout)
	defer cancel()
	fc, err := c.st.Findings(ctx, store.ReportFilter{})
	if err != nil {
		return
	}
	for _, e := range fc.ByEngine {
		for status, n := range e.ByStatus {
			ch <- prometheus.MustNewConstMetric(findingsDesc, prometheus.GaugeValue, float64(n), e.Engine, status)
		}
		ch <- prometheus.MustNewConstMetric(engineRootsDesc, prometheus.GaugeValue, float64(e.RootCauses), e.Engine)
	}
	ch <- prometheus.MustNewConstMetric(rootsDesc, prometheus.GaugeValue, float64(fc.RootCauses))
}

// countFindings registers the findings collector over st (none without a store).
func (m *Metrics) countFindings(st store.Store) {
	if st != nil {
		m.reg.MustRegister(findingsCollector{st})
	}
}

package server

import (
	"net/http"
	"strconv"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/store"
)

// rootCausesData is the root-cause page: the filter, the per-family
// table, the rows, and the bulk triage form over the matching findings.
type rootCausesData struct {
	Filter     rcFilter
	List       *rcList
	Families   []familyRow
	Engines    []string
	FamilyOpts []string
	Severities []string
	Classes    []diff.Class
	Statuses   []string
	Triage     []string // the bulk form's buttons
	NeedsKey   bool
	CSRF       string
	Done       int    // findings the last bulk action changed
	CosmeticQ  string // the same filter with cosmetic root causes only
}

func (s *Server) pageRootCauses(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	done, _ := strconv.Atoi(q.Get("done"))
	q.Del("done")
	if e := onlyParams(q, rcParams); e != nil {
		s.pageError(w, e)
		return
	}
	f, e := readRCFilter(q)
	if e != nil {
		s.pageError(w, e)
		return
	}
	l, err := s.rootCauses(r.Context(), f)
	if err != nil {
		s.pageError(w, storeError(err))
		return
	}
	cq := f
	cq.Cosmetic = "only"
	d := &rootCausesData{Filter: f, List: l, Families: familyRows(l.All), Engines: s.engineNames(), Severities: severities(),
		Classes: diff.AllClasses(), Statuses: store.Statuses, Triage: store.TriageStatuses, NeedsKey: s.cfg.Token != "",
		CSRF: s.csrf, Done: done, CosmeticQ: "/root-causes?" + cq.query().Encode()}
	for _, desc := range oracle.Described() {
		d.FamilyOpts = addOnce(d.FamilyOpts, desc.Family)
	}
	for _, fr := range d.Families {
		d.FamilyOpts = addOnce(d.FamilyOpts, fr.Family)
	}
	s.render(w, http.StatusOK, "rootcauses", d)
}

package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/sparql-oracle/oracle/internal/store"
)

// sweepCanceller cancels a sweep: *sweep.Runner as the Sweeper (it also
// drops the sweep's reduction memo), else the store itself (*store.DB),
// whose state the workers read before every case job.
type sweepCanceller interface {
	Cancel(ctx context.Context, id int64) (store.Sweep, error)
}

type storeCanceller interface {
	CancelSweep(ctx context.Context, id int64) (store.Sweep, error)
}

// cancelSweep is POST /v1/sweeps/{id}/cancel: 200 with the cancelled
// sweep, 404 for an unknown id, 409 when it is already final.
func (s *Server) cancelSweep(w http.ResponseWriter, r *http.Request) {
	id, e := idParam(chi.URLParam(r, "id"), "sweep")
	if e != nil {
		writeError(w, e)
		return
	}
	cancel := s.canceller()
	if cancel == nil {
		writeError(w, &APIError{Status: http.StatusNotImplemented, Error: "not implemented",
			Detail: "this server's store cannot cancel sweeps"})
		return
	}
	sw, err := cancel(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrFinal):
		writeError(w, &APIError{Status: http.StatusConflict, Error: "sweep already final", Detail: err.Error()})
	case err != nil:
		writeError(w, storeError(err))
	default:
		writeJSON(w, http.StatusOK, sw)
	}
}

func (s *Server) canceller() func(context.Context, int64) (store.Sweep, error) {
	if c, ok := s.cfg.Sweeper.(sweepCanceller); ok {
		return c.Cancel
	}
	if c, ok := s.cfg.Store.(storeCanceller); ok {
		return c.CancelSweep
	}
	return nil
}

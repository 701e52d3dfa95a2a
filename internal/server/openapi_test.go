package server

import (
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestOpenAPICoversRoutes: every route the router serves is a path of
// api/openapi.yaml with its method, and the reverse, so the description
// cannot drift from the handlers.
func TestOpenAPICoversRoutes(t *testing.T) {
	doc, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	path := ""
	pathRe, methodRe := regexp.MustCompile(`^  (/[^:]*):$`), regexp.MustCompile(`^    (get|post|put|delete|patch):`)
	for _, line := range strings.Split(string(doc), "\n") {
		if m := pathRe.FindStringSubmatch(line); m != nil {
			path = m[1]
		} else if m := methodRe.FindStringSubmatch(line); m != nil && path != "" {
			documented[strings.ToUpper(m[1])+" "+path] = true
		}
	}
	s := New(Config{Store: nil})
	served := map[string]bool{}
	chi.Walk(s.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served[method+" "+strings.TrimSuffix(route, "/*")] = true
		return nil
	})
	if len(served) < 14 || len(documented) < 14 {
		t.Fatalf("%d routes served, %d documented: the walk or the parse is broken", len(served), len(documented))
	}
	for r := range served {
		if !documented[r] {
			t.Errorf("%s is served but not in api/openapi.yaml", r)
		}
	}
	for r := range documented {
		if !served[r] {
			t.Errorf("%s is in api/openapi.yaml but not served", r)
		}
	}
}

package sweep

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/regress"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// MaxCases bounds one sweep's corpus, so a typo in a seed range cannot
// enqueue a billion jobs.
const MaxCases = 1_000_000

// Case keys name a case independently of the machine that runs it (a
// worker elsewhere resolves the same key to the same case):
//
//	gen/<profile>/<seed>        corpus.Generate(seed, profile)
//	regress/<id>                corpus/regress/<id>
//	w3c/<manifest>#<name>       a W3C test, its manifest relative to the suite root
//
// A spec's corpus is a sequence of keys in a stable order: the generated
// seeds, then the regression corpus, then the W3C tests. The feed jobs
// (jobs.go) take it a batch at a time by position, so a million seeds are
// never listed at once.

// part is one source of a corpus: n keys, the i-th made by key(i).
type part struct {
	n   int
	key func(i int) string
}

// parts lists the spec's sources. Generated seeds are computed, not
// listed; the regression corpus and the W3C manifests are read (and
// cached) to count them.
func (c *corpora) parts(spec store.SweepSpec) ([]part, error) {
	var ps []part
	if g := spec.Generated; g != nil {
		if g.To < g.From || g.To-g.From > MaxCases {
			return nil, fmt.Errorf("generated seeds [%d, %d): want from <= to and at most %d cases", g.From, g.To, MaxCases)
		}
		if err := registerProfile(spec); err != nil {
			return nil, err
		}
		if _, err := profile(g.Profile); err != nil {
			return nil, err
		}
		name, from := profileName(g.Profile), g.From
		ps = append(ps, part{int(g.To - g.From), func(i int) string { return fmt.Sprintf("gen/%s/%d", name, from+int64(i)) }})
	}
	if spec.Regress {
		cs, err := c.regressCases()
		if err != nil {
			return nil, err
		}
		ps = append(ps, part{len(cs), func(i int) string { return "regress/" + cs[i].ID }})
	}
	if spec.W3C != nil {
		ks, err := c.w3cKeys(spec.W3C.Manifests)
		if err != nil {
			return nil, err
		}
		ps = append(ps, part{len(ks), func(i int) string { return ks[i] }})
	}
	return ps, nil
}

// size counts the spec's cases.
func (c *corpora) size(spec store.SweepSpec) (int, error) {
	ps, err := c.parts(spec)
	n := 0
	for _, p := range ps {
		n += p.n
	}
	if err == nil && n > MaxCases {
		err = fmt.Errorf("the spec names %d cases, more than %d", n, MaxCases)
	}
	return n, err
}

// keys returns the keys at positions [from, to) of the spec's corpus
// (fewer when the corpus ends first).
func (c *corpora) keys(spec store.SweepSpec, from, to int) ([]string, error) {
	ps, err := c.parts(spec)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range ps {
		for i := max(from, 0); i < min(to, p.n); i++ {
			out = append(out, p.key(i))
		}
		from, to = from-p.n, to-p.n
	}
	return out, nil
}

// cases is the whole corpus of a spec, as keys.
func (c *corpora) cases(spec store.SweepSpec) ([]string, error) {
	n, err := c.size(spec)
	if err != nil {
		return nil, err
	}
	return c.keys(spec, 0, n)
}

func profileName(name string) string {
	if name == "" {
		return "default"
	}
	return name
}

// registerProfile makes a profile the spec carries (a file given to
// --profile, GenSource.ProfileJSON) known by its NAME@HASH in this process,
// so the keys gen/NAME@HASH/<seed> resolve on any worker.
func registerProfile(spec store.SweepSpec) error {
	if g := spec.Generated; g != nil && len(g.ProfileJSON) > 0 {
		_, err := corpus.RegisterInline(g.Profile, g.ProfileJSON)
		return err
	}
	return nil
}

func profile(name string) (*corpus.Profile, error) {
	return corpus.ProfileByName(profileName(name))
}

// corpora resolves case keys, caching what it read from disk.
type corpora struct {
	repo string // the repository root (corpus/regress); "" = corpus.DataRoot()
	mu   sync.Mutex
	reg  map[string]*regress.Case
	man  map[string][]*corpus.Test // W3C manifest path -> its tests
	// bases are the engines' W3C baselines (w3c.go), read once.
	bases map[string]w3c.Baseline
}

func newCorpora(repo string) *corpora {
	return &corpora{repo: repo, man: map[string][]*corpus.Test{}}
}

// resolve builds the case a key names.
func (c *corpora) resolve(key string) (*oracle.Case, error) {
	kind, rest, _ := strings.Cut(key, "/")
	switch kind {
	case "gen":
		return genCase(rest)
	case "regress":
		return c.regressCase(rest)
	case "w3c":
		return c.w3cCase(rest)
	}
	return nil, fmt.Errorf("case %q: unknown corpus %q (want gen, regress or w3c)", key, kind)
}

func genCase(rest string) (*oracle.Case, error) {
	prof, seedText, ok := strings.Cut(rest, "/")
	seed, err := strconv.ParseInt(seedText, 10, 64)
	if !ok || err != nil {
		return nil, fmt.Errorf("case gen/%s: want gen/<profile>/<seed>", rest)
	}
	p, err := profile(prof)
	if err != nil {
		return nil, err
	}
	if p.IsUpdate() { // an update profile's case is a request over a store
		g := corpus.GenerateUpdate(seed, p)
		return &oracle.Case{Name: g.Name(), Update: g.Request, Dataset: g.Dataset()}, nil
	}
	g := corpus.Generate(seed, p)
	return &oracle.Case{Name: g.Name(), Query: g.Query, Dataset: g.Dataset()}, nil
}

func (c *corpora) regressCases() ([]*regress.Case, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.reg != nil {
		return sortedRegress(c.reg), nil
	}
	root := c.repo
	if root == "" {
		var err error
		if root, err = corpus.DataRoot(); err != nil {
			return nil, fmt.Errorf("regression corpus: %w", err)
		}
	}
	cs, err := regress.LoadDir(filepath.Join(root, "corpus", "regress"))
	if err != nil {
		return nil, fmt.Errorf("regression corpus: %w", err)
	}
	c.reg = map[string]*regress.Case{}
	for _, rc := range cs {
		c.reg[rc.ID] = rc
	}
	return cs, nil
}

func sortedRegress(m map[string]*regress.Case) []*regress.Case {
	out := make([]*regress.Case, 0, len(m))
	for _, rc := range m {
		out = append(out, rc)
	}
	sortBy(out, func(rc *regress.Case) string { return rc.ID })
	return out
}

func (c *corpora) regressCase(id string) (*oracle.Case, error) {
	if _, err := c.regressCases(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	rc := c.reg[id]
	c.mu.Unlock()
	if rc == nil {
		return nil, fmt.Errorf("case regress/%s: not in the regression corpus", id)
	}
	return rc.Oracle(), nil
}

// w3cRoots are the manifests a W3C source names, as paths; none = the
// suites' entry points (W3CPaths).
func w3cRoots(manifests []string) (string, []string, error) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		return "", nil, err
	}
	if len(manifests) == 0 {
		return root, W3CPaths(root), nil
	}
	var out []string
	for _, m := range manifests {
		if filepath.IsAbs(m) || strings.Contains(m, "..") {
			return "", nil, fmt.Errorf("W3C manifest %q: want a path relative to the suite's sparql/ folder", m)
		}
		out = append(out, filepath.Join(root, filepath.FromSlash(m)))
	}
	return root, out, nil
}

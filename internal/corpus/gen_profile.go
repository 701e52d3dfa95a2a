package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Profile steers the random case generator: sizes and per-feature weights.
// A Profile is plain data and loads from JSON (LoadProfile); fields left out
// of a JSON profile keep the default profile's values, and Weights entries
// override the default weights one by one.
//
// Weights is one flat map from feature name to a non-negative integer. The
// prefix says how it is read:
//
//	form.*     relative weight of a query form (select, ask, construct, describe)
//	pattern.*  relative weight of a group element (bgp, optional, union, ...)
//	expr.*     relative weight of an expression kind (var, const, arith, ...)
//	agg.*      relative weight of an aggregate (count, sum, ...)
//	path.*     relative weight of a property-path operator (iri, seq, alt, ...)
//	update.*   relative weight of an update operation (insert_data, modify,
//	           clear, copy, ...); any positive one makes an update profile
//	p.*        a percentage: the chance that an optional construct appears
//
// A weight of 0 switches the feature off. Feature names are listed by
// FeatureNames; an unknown name in a JSON profile is an error.
type Profile struct {
	Name           string         `json:"name"`
	MinQuads       int            `json:"min_quads"`      // dataset size, inclusive
	MaxQuads       int            `json:"max_quads"`      // dataset size, inclusive
	MaxTriples     int            `json:"max_triples"`    // triple patterns per basic graph pattern
	MaxBGPVars     int            `json:"max_bgp_vars"`   // distinct new variables per basic graph pattern
	MaxElems       int            `json:"max_elems"`      // elements per group
	MaxDepth       int            `json:"max_depth"`      // nesting of groups (OPTIONAL, UNION, EXISTS, ...)
	MaxExprDepth   int            `json:"max_expr_depth"` // nesting of expressions
	Nondeterminism bool           `json:"nondeterminism"` // allow RAND, NOW, UUID, STRUUID, BNODE
	Weights        map[string]int `json:"weights"`
	// Realistic, when set, makes the profile's cases internal/realistic's
	// (gen_realistic.go): the sizes and weights above are then unused.
	Realistic *RealisticSpec `json:"realistic,omitempty"`
	// Relations: a sweep runs every engine's metamorphic relations on the
	// profile's cases after the judge (internal/sweep relations.go), so an
	// engine is judged against itself where no judge reaches.
	Relations bool `json:"relations,omitempty"`
}

// defaultWeights are the weights of DefaultProfile.
var defaultWeights = map[string]int{
	"form.select": 60, "form.ask": 12, "form.construct": 16, "form.describe": 6, "form.aggregate": 20,

	"pattern.bgp": 40, "pattern.optional": 12, "pattern.union": 8, "pattern.minus": 6,
	"pattern.filter": 18, "pattern.bind": 8, "pattern.values": 5, "pattern.graph_iri": 4,
	"pattern.graph_var": 5, "pattern.subquery": 4, "pattern.group": 3,
	"pattern.optional_nwd": 0,

	"expr.var": 30, "expr.const": 18, "expr.arith": 8, "expr.compare": 14, "expr.logical": 8,
	"expr.not": 3, "expr.neg": 2, "expr.string": 10, "expr.numeric": 5, "expr.cast": 5,
	"expr.if": 3, "expr.coalesce": 3, "expr.in": 4, "expr.regex": 3, "expr.langmatches": 2,
	"expr.term": 8, "expr.test": 6, "expr.exists": 3, "expr.datetime": 2, "expr.hash": 1,
	"expr.random": 0,

	"agg.count": 8, "agg.count_star": 4, "agg.sum": 4, "agg.min": 4, "agg.max": 4, "agg.avg": 3,
	"agg.sample": 0, "agg.group_concat": 3,

	"path.iri": 30, "path.inverse": 6, "path.seq": 6, "path.alt": 6, "path.star": 5,
	"path.plus": 5, "path.opt": 4, "path.negated": 4,

	"p.path": 15, "p.pred_var": 12, "p.distinct": 12, "p.reduced": 4, "p.order": 30,
	"p.limit": 20, "p.offset": 10, "p.select_star": 25, "p.select_expr": 20,
	"p.trailing_values": 5, "p.having": 35, "p.group_expr": 15, "p.agg_distinct": 20,
	"p.construct_where": 15, "p.template_bnode": 35, "p.describe_iri": 25,
	"p.named_graph": 35, "p.link": 40, "p.undef": 20, "p.lang_case": 40,
	"p.unordered_slice": 0, "p.graph_slice": 0, "p.sub_slice": 30, "p.from": 6,

	// Hunt-profile features (gen_extra.go): 0 here, and they draw no random
	// number at 0, so the default profile's cases do not change.
	"p.pool_extra": 0, "p.pool_numeric": 0, "p.pool_text": 0, "p.bnode_subject": 0,
	"p.self_loop": 0, "p.graph_copy": 0, "p.path_loop": 0, "p.filter_outer": 0,
	"p.bind_error": 0, "p.values_wide": 0, "p.cast_derived": 0, "p.numeral_extra": 0,
	"p.sub_ties": 0, "p.agg_empty": 0, "p.template_literal": 0, "p.template_repeat": 0,
	"p.template_bnode_list": 0, "p.string_args": 0, "p.minus_disjoint": 0,

	// Update profiles (gen_update*.go): an update.* weight makes a profile
	// generate update requests (Profile.IsUpdate); all 0 here.
	"update.insert_data": 0, "update.delete_data": 0, "update.delete_where": 0, "update.modify": 0,
	"update.clear": 0, "update.drop": 0, "update.create": 0, "update.copy": 0, "update.move": 0,
	"update.add": 0, "update.load": 0,
	"p.seq": 0, "p.silent": 0, "p.with": 0, "p.using": 0, "p.empty_graph": 0, "p.prologue": 0,
	"p.data_hit": 0, "p.plain_terms": 0,
}

// DefaultProfile is the small, deterministic profile: datasets of a few to
// thirty quads, at most three triple patterns and three new variables per
// basic graph pattern, no RAND/NOW/UUID/STRUUID/BNODE and no SAMPLE (the
// judge compares an open value by its shape, but SAMPLE may pick terms of
// different shapes). The reference
// evaluator answers most of its cases in well under a millisecond.
func DefaultProfile() *Profile {
	w := make(map[string]int, len(defaultWeights))
	for k, v := range defaultWeights {
		w[k] = v
	}
	return &Profile{Name: "default", MinQuads: 3, MaxQuads: 30, MaxTriples: 3, MaxBGPVars: 3,
		MaxElems: 4, MaxDepth: 3, MaxExprDepth: 3, Weights: w}
}

// NondetProfile is DefaultProfile plus the functions whose values SPARQL
// leaves open (#func-rand, #func-now, #func-uuid, #func-struuid, #func-bnode,
// #defn_aggSample): the judge marks their variables open, so only their
// shape is compared.
func NondetProfile() *Profile {
	p := DefaultProfile()
	p.Name = "nondet"
	p.Nondeterminism = true
	p.Weights["expr.random"] = 6
	p.Weights["agg.sample"] = 2
	return p
}

// LargeProfile has bigger datasets and queries; the reference is slower on
// it and runs out of budget more often.
func LargeProfile() *Profile {
	p := DefaultProfile()
	p.Name = "large"
	p.MinQuads, p.MaxQuads = 20, 200
	p.MaxTriples, p.MaxElems, p.MaxDepth = 4, 5, 4
	return p
}

// Profiles are the built-in profiles by name.
var Profiles = map[string]func() *Profile{
	"default": DefaultProfile,
	"nondet":  NondetProfile,
	"large":   LargeProfile,
	"update":  UpdateProfile,
}

// FeatureNames returns every known weight name, sorted.
func FeatureNames() []string {
	out := make([]string, 0, len(defaultWeights))
	for k := range defaultWeights {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ProfileByName returns a built-in profile, or loads a JSON profile when name
// ends in ".json" (a file path), or else corpus/profiles/<name>.json.
func ProfileByName(name string) (*Profile, error) {
	if strings.HasSuffix(name, ".json") {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return LoadProfile(f)
	}
	if name == "realistic" { // not in Profiles: the nightly rotation leaves it out
		return RealisticProfile(), nil
	}
	mk, ok := Profiles[name]
	if !ok {
		return namedProfile(name)
	}
	return mk(), nil
}

// namedProfile loads corpus/profiles/<name>.json of the data root (the
// checkout, else the profiles the binary carries: DataRoot), or a profile
// registered by content (NAME@HASH, RegisterInline), so `--profile paths`
// and the sweep key gen/paths/7 name a JSON profile as they name a
// built-in one.
func namedProfile(name string) (*Profile, error) {
	if p, ok := inlineProfile(name); ok {
		return p, nil
	}
	if name == "" || strings.ContainsAny(name, `/\.@`) {
		return nil, unknownProfile(name)
	}
	root, err := DataRoot()
	if err != nil {
		return nil, fmt.Errorf("profile %q: %w", name, err)
	}
	p, err := ProfileByName(filepath.Join(root, "corpus", "profiles", name+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, unknownProfile(name)
	}
	return p, err
}

// unknownProfile names every profile there is.
func unknownProfile(name string) error {
	names := []string{"default", "nondet", "large", "update", "realistic"}
	if root, err := DataRoot(); err == nil {
		files, _ := filepath.Glob(filepath.Join(root, "corpus", "profiles", "*.json"))
		for _, f := range files {
			names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
		}
	}
	return fmt.Errorf("unknown profile %q (want one of %s, or a .json file)", name, strings.Join(names, ", "))
}

// LoadProfile reads a JSON profile on top of DefaultProfile and validates it.
func LoadProfile(r io.Reader) (*Profile, error) {
	p := DefaultProfile()
	base := p.Weights
	p.Weights = nil
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return nil, fmt.Errorf("profile: %v", err)
	}
	for k, v := range p.Weights {
		base[k] = v
	}
	p.Weights = base
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// Validate checks names, signs and sizes.
func (p *Profile) Validate() error {
	if p.Realistic != nil {
		if err := p.Realistic.validate(p.Name); err != nil {
			return err
		}
	}
	for k, v := range p.Weights {
		if _, ok := defaultWeights[k]; !ok {
			return fmt.Errorf("profile %s: unknown feature %q", p.Name, k)
		}
		if v < 0 || strings.HasPrefix(k, "p.") && v > 100 {
			return fmt.Errorf("profile %s: weight %s=%d out of range", p.Name, k, v)
		}
	}
	switch {
	case p.MinQuads < 0 || p.MaxQuads < p.MinQuads:
		return fmt.Errorf("profile %s: need 0 <= min_quads <= max_quads", p.Name)
	case p.MaxTriples < 1 || p.MaxBGPVars < 1 || p.MaxElems < 1 || p.MaxDepth < 1 || p.MaxExprDepth < 1:
		return fmt.Errorf("profile %s: max_triples, max_bgp_vars, max_elems, max_depth, max_expr_depth must be >= 1", p.Name)
	}
	for _, g := range []string{"form.", "pattern.", "expr.", "agg.", "path."} {
		if p.groupTotal(g) == 0 {
			return fmt.Errorf("profile %s: every %s* weight is 0", p.Name, g)
		}
	}
	return nil
}

func (p *Profile) groupTotal(prefix string) int {
	n := 0
	for k, v := range p.Weights {
		if strings.HasPrefix(k, prefix) {
			n += v
		}
	}
	return n
}

package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/selfcheck"
)

// runSelfcheck implements
//
//	oracle selfcheck [--cases N] [--seed S] [--profile P] [--judge NAME]
//	                 [--engine NAME] [--faildir DIR] [--workers N] [--timeout D]
//	                 [--update]
//
// With --update, or with an update profile (corpus/profiles/update-*.json,
// the built-in "update"), the cases are update requests over a graph store
// (selfcheck.RunUpdates: the stores after the request are compared); with
// --update and a query profile the built-in "update" profile is used.
//
// Every disagreement is printed on stdout (seed, query, N-Quads, verdict)
// and, with --faildir, written as seed-S.rq/seed-S.nq. The last line is
// exactly `cases=N disagreements=D seconds=T`. Exit 3 on disagreements, 2 on
// a usage error, 0 otherwise.
func runSelfcheck(args []string) int { return selfcheckMain(args, os.Stdout, os.Stderr) }

func selfcheckMain(args []string, stdout, stderr io.Writer) int {
	fs, g := genCommand("selfcheck", stderr)
	cases := fs.Int("cases", 1000, "number of generated cases")
	judge := fs.String("judge", "reference", "the judging engine: "+strings.Join(registry.Names(), ", "))
	engine := fs.String("engine", "engine", "the engine under test")
	failDir := fs.String("faildir", "", "write each disagreement as seed-S.rq + seed-S.nq into `DIR`")
	workers := fs.Int("workers", 0, "cases run at once (default GOMAXPROCS)")
	timeout := fs.Duration("timeout", selfcheck.DefaultTimeout, "per engine and case deadline")
	upd := fs.Bool("update", false, "run update cases (the default with an update profile)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	p, j, e, err := selfcheckSetup(g.profile, *judge, *engine)
	if err != nil {
		fmt.Fprintln(stderr, "oracle selfcheck:", err)
		return 1 // bad input: an unknown engine or profile
	}
	ctx, stop := interrupted()
	defer stop()
	cfg := selfcheck.Config{Cases: *cases, Seed: g.seed, Profile: p, Judge: j, Actual: e,
		Workers: *workers, Timeout: *timeout, FailDir: *failDir, Out: stdout}
	run := selfcheck.RunWith
	if *upd || p.IsUpdate() {
		run = selfcheck.RunUpdates
	}
	s := run(ctx, cfg)
	fmt.Fprintln(stderr, s.Detail())
	fmt.Fprintln(stdout, s.Line())
	if s.Disagreements > 0 {
		return 3
	}
	return 0
}

// selfcheckSetup resolves the profile and the two engines by name.
func selfcheckSetup(profile, judge, engine string) (*corpus.Profile, oracle.Engine, oracle.Engine, error) {
	p, err := corpus.ProfileByName(profile)
	if err != nil {
		return nil, nil, nil, err
	}
	j, err := registry.New(judge)
	if err != nil {
		return nil, nil, nil, err
	}
	e, err := registry.New(engine)
	return p, j, e, err
}

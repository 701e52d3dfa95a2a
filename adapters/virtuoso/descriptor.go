package virtuoso

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "virtuoso",
		// Debian 12 ships 7.2.5 (2018); OpenLink releases 7.2.x since.
		Newest: oracle.Release{Version: "7.2.16.1", Checked: "2026-12-07",
			Source: "github.com/openlink/virtuoso-opensource/releases: \"Virtuoso Open Source Edition v7.2.16.1\" (15 Oct; the page shows no year), after v7.2.16 (14 Oct) and v7.2.15 (21 May)"},
		Tracker:  "https://github.com/openlink/virtuoso-opensource/issues",
		Supports: []string{"update", "endpoint"},
		Rules:    oracle.MustRules(known),
		// Debian's service stays unused: the adapter starts a private
		// instance; the debconf answers only keep apt from asking.
		Install: oracle.Install{
			Steps: []oracle.Step{{Kind: oracle.StepDebian, Packages: []string{"virtuoso-opensource"},
				Debconf: "virtuoso-opensource-7 virtuoso-opensource-7/dba-password password dba\n" +
					"virtuoso-opensource-7 virtuoso-opensource-7/dba-password-again password dba\n"}},
			Needs:    []string{"/usr/bin/virtuoso-t"},
			Pin:      oracle.Pin{Version: "7.2.5 (Debian 12 virtuoso-opensource)"},
			Sandbox:  "server: a private virtuoso-t with its own database, in bwrap with its own network namespace (server.go)",
			Endpoint: "a private virtuoso-t's /sparql on a loopback port this adapter picks",
		},
		EARL: oracle.Project{Name: "OpenLink Virtuoso Open-Source", Homepage: "https://github.com/openlink/virtuoso-opensource", Language: "C"},
		// The server starts on the first case (a version answer needs only
		// the binary); cases load by the Graph Store protocol unless the
		// entry says "update".
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			o := Options{Dir: s.DatabaseDir, Binary: s.Binary, StartTimeout: s.StartTimeout, Limits: DefaultLimits.With(s)}
			if s.Load == "update" {
				o.Load = sparqlhttp.LoadUpdate
			}
			return New(o), nil
		},
	})
}

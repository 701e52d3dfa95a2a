package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

func main() {
	root := "/work/shared/w3c/rdf-tests/sparql"
	var e oracle.Engine
	switch os.Args[1] {
	case "rasqal":
		e = rasqal.New(rasqal.Config{NoNetwork: true})
	default:
		dir, _ := filepath.Abs("adapters/attean")
		e = attean.New(os.Args[1], dir, 2)
	}
	rep := w3c.Run(context.Background(), e, w3c.DefaultPaths(root), w3c.Options{Workers: 2, Root: root, Timeout: 20 * time.Second})
	if rep.Err != nil {
		fmt.Println(rep.Err)
		return
	}
	counts := map[string]int{}
	classes := map[string]int{}
	var times []time.Duration
	for _, r := range rep.Results {
		counts[string(r.Outcome)]++
		if r.Outcome == w3c.Error || r.Outcome == w3c.Fail {
			classes[string(r.Outcome)+":"+r.Class]++
		}
		if r.Outcome == w3c.Pass {
			times = append(times, r.Time)
		}
		if class != "" && r.Class == class {
			fmt.Printf("  %s %s: %.300s %.300v\n", r.Outcome, r.Test.Name, r.Reason, r.Diff)
		}
		if r.Outcome == w3c.Error && r.Class == "error" || r.Class == "harness" || r.Class == "crash" || r.Class == "crashed" {
			fmt.Printf("  %s %s: %.200s\n", r.Outcome, r.Test.Name, r.Reason)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Println(rep.Engine, rep.Version, counts, rep.Elapsed)
	fmt.Println(classes)
	if len(times) > 0 {
		fmt.Println("median", times[len(times)/2], "p99", times[len(times)*99/100])
	}
}

func init() {
	if len(os.Args) > 2 {
		class = os.Args[2]
	}
}

var class string

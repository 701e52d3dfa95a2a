package registry

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The oracle's engines share one memory budget (adapters/sidecar/budget.go:
// every engine process's limit is its share, reserved while it lives). It
// is set once per process, first of: `--memory-budget SIZE` (UseMemoryBudget,
// a flag.Func), the config's memory_budget, $ORACLE_MEMORY_BUDGET, else
// 60% of the machine's memory. And each engine is built once per process
// (Shared): the service's diff path and its sweep runner run the same
// engine processes, so a sweep never starts a second set.

// MemoryBudgetEnv names the environment variable holding the budget.
const MemoryBudgetEnv = "ORACLE_MEMORY_BUDGET"

var budgetSet struct {
	sync.Mutex
	byFlag bool
}

func init() {
	if v := os.Getenv(MemoryBudgetEnv); v != "" {
		if n, err := ParseMemory(v); err == nil {
			sidecar.SetMemoryBudget(n)
		} else {
			fmt.Fprintf(os.Stderr, "oracle: $%s: %v (the default budget applies)\n", MemoryBudgetEnv, err)
		}
	}
}

// UseMemoryBudget sets the budget from a flag's value; its signature fits
// flag.Func:
//
//	fs.Func("memory-budget", "memory `SIZE` all engine processes share", registry.UseMemoryBudget)
//
// A budget set so is not replaced by a config file's.
func UseMemoryBudget(s string) error {
	n, err := ParseMemory(s)
	if err != nil {
		return err
	}
	budgetSet.Lock()
	defer budgetSet.Unlock()
	budgetSet.byFlag = true
	sidecar.SetMemoryBudget(n)
	return nil
}

// applyBudget makes a config's memory_budget the budget, unless a flag set it.
func applyBudget(c *Config) error {
	if c == nil || c.MemoryBudget == "" {
		return nil
	}
	n, err := ParseMemory(c.MemoryBudget)
	if err != nil {
		return fmt.Errorf("memory_budget: %w", err)
	}
	budgetSet.Lock()
	defer budgetSet.Unlock()
	if !budgetSet.byFlag {
		sidecar.SetMemoryBudget(n)
	}
	return nil
}

var sizeRE = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)\s*(%|B|K|KB|KiB|M|MB|MiB|G|GB|GiB|T|TB|TiB)$`)

// ParseMemory reads a memory size: "12GiB", "512MiB", "8G" (binary units
// all: K, M, G, T with or without "iB"/"B"), or "60%" of the machine's
// memory (MemTotal).
func ParseMemory(s string) (int64, error) {
	m := sizeRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, fmt.Errorf("memory size %q: want a number and a unit (\"12GiB\", \"512MiB\") or a share of the machine (\"60%%\")", s)
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	if m[2] == "%" {
		if v <= 0 || v > 100 {
			return 0, fmt.Errorf("memory size %q: a share of the machine is between 0 and 100%%", s)
		}
		total := sidecar.MachineMemory()
		if total <= 0 {
			return 0, fmt.Errorf("memory size %q: the machine's memory is unknown (no /proc/meminfo): give a size", s)
		}
		return int64(float64(total) * v / 100), nil
	}
	shift := map[byte]uint{'B': 0, 'K': 10, 'M': 20, 'G': 30, 'T': 40}[m[2][0]]
	n := int64(v * float64(int64(1)<<shift))
	if n < sidecar.MinShare {
		return 0, fmt.Errorf("memory size %q: less than the %d MiB one engine process needs", s, sidecar.MinShare>>20)
	}
	return n, nil
}

var shared struct {
	sync.Mutex
	engines map[string]oracle.Engine
}

// Shared returns this process's one instance of engine name, building it
// with New at its first use (a failed build is not kept: the next call
// tries again). The server's diff path, its sweep runner and `oracle diff`
// take their engines here, so one set of engine processes serves them all.
// Closing a shared engine (registry.Close) stops its processes; its next
// case starts them again.
func Shared(name string) (oracle.Engine, error) {
	shared.Lock()
	defer shared.Unlock()
	if e, ok := shared.engines[name]; ok {
		return e, nil
	}
	e, err := New(name)
	if err != nil {
		return nil, err
	}
	if shared.engines == nil {
		shared.engines = map[string]oracle.Engine{}
	}
	shared.engines[name] = e
	return e, nil
}

// forgetShared drops the shared engines (a new configuration builds them
// anew); the old instances stay usable by whoever holds them.
func forgetShared() {
	shared.Lock()
	defer shared.Unlock()
	shared.engines = nil
}

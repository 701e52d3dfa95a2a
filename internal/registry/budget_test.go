package registry

import (
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// The diff path and the sweep runner take the same instance: one set of
// engine processes per oracle process.
func TestSharedIsOneInstance(t *testing.T) {
	a, err := Shared("engine")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Shared("engine")
	if a != b {
		t.Error("Shared built a second instance of the same engine")
	}
	if _, err := Shared("no-such-engine"); err == nil {
		t.Error("an unknown engine was built")
	}
}

func TestParseMemory(t *testing.T) {
	for in, want := range map[string]int64{"12GiB": 12 << 30, "512MiB": 512 << 20, "8G": 8 << 30, "1.5 GB": 3 << 29, "2048M": 2 << 30} {
		if got, err := ParseMemory(in); err != nil || got != want {
			t.Errorf("ParseMemory(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	if total := sidecar.MachineMemory(); total > 0 {
		if got, _ := ParseMemory("50%"); got != total/2 {
			t.Errorf("50%% = %d, want half of %d", got, total)
		}
	}
	for _, bad := range []string{"", "12", "lots", "0%", "150%", "1MiB", "-3G"} {
		if _, err := ParseMemory(bad); err == nil {
			t.Errorf("ParseMemory(%q) accepted", bad)
		}
	}
}

// memory_budget in a config sets the budget, a bad one is an error that
// names the field, and a flag's budget is not replaced by a config's.
func TestConfigMemoryBudget(t *testing.T) {
	defer func() {
		budgetSet.byFlag = false
		sidecar.SetMemoryBudget(0)
		UseConfig(nil)
	}()
	if _, err := ParseConfig(strings.NewReader(`{"memory_budget": "lots", "engines": []}`), ""); err == nil || !strings.Contains(err.Error(), "memory_budget") {
		t.Errorf("a bad memory_budget: %v", err)
	}
	c, err := ParseConfig(strings.NewReader(`{"memory_budget": "3GiB", "engines": []}`), "")
	if err != nil {
		t.Fatal(err)
	}
	UseConfig(c)
	if got := sidecar.Memory().Total(); got != 3<<30 {
		t.Errorf("budget %d MiB after the config, want 3072", got>>20)
	}
	if err := UseMemoryBudget("5GiB"); err != nil {
		t.Fatal(err)
	}
	UseConfig(c)
	if got := sidecar.Memory().Total(); got != 5<<30 {
		t.Errorf("budget %d MiB: the config replaced the flag's 5120", got>>20)
	}
}

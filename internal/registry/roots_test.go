package registry

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// outside runs the test from a folder outside any checkout, with the data
// folder under a fresh $XDG_DATA_HOME; it returns the data folder.
func outside(t *testing.T) string {
	t.Helper()
	t.Setenv(HomeEnv, "")
	os.Unsetenv(HomeEnv)
	t.Chdir(t.TempDir())
	xdg := t.TempDir()
	t.Setenv(DataEnv, xdg)
	return filepath.Join(xdg, "sparql-oracle")
}

// TestDataFolderRoot: outside a checkout, engines are looked for in the
// data folder only; one found there says so, one missing names both the
// place and the command that installs it.
func TestDataFolderRoot(t *testing.T) {
	data := outside(t)
	if rs := Roots(); len(rs) != 1 || rs[0].Dir != data || rs[0].Kind != "data folder" {
		t.Fatalf("Roots() = %v, want only the data folder %s", rs, data)
	}
	_, err := New("oxigraph")
	if !errors.Is(err, ErrNotInstalled) || !strings.Contains(err.Error(), "oracle engines install oxigraph") ||
		!strings.Contains(err.Error(), data) {
		t.Errorf("New(oxigraph) = %v: want ErrNotInstalled naming %s and the install command", err, data)
	}
	pl := filepath.Join(data, "adapters", "attean", "sidecar.pl")
	os.MkdirAll(filepath.Dir(pl), 0o755)
	os.WriteFile(pl, []byte("# stand-in\n"), 0o644)
	if _, err := os.Stat("/usr/share/perl5/Attean.pm"); err == nil {
		if !Installed("attean") {
			t.Errorf("attean's files are in the data folder but Installed says no")
		}
		if w := (*Config)(nil).Where("attean"); w != "data folder "+data {
			t.Errorf("Where(attean) = %q, want the data folder", w)
		}
	}
}

// TestForeignGoModIsNoCheckout: another module's go.mod above the working
// directory is not this repository.
func TestForeignGoModIsNoCheckout(t *testing.T) {
	outside(t)
	dir, _ := os.Getwd()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/other\n"), 0o644)
	if _, ok := findCheckout(dir); ok {
		t.Errorf("a go.mod of module example.com/other counted as a checkout")
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+modulePath+"\n\ngo 1.26\n"), 0o644)
	if r, ok := findCheckout(filepath.Join(dir)); !ok || r != dir {
		t.Errorf("findCheckout(%s) = %s, %v", dir, r, ok)
	}
}

// TestSetHome: --home is the one root, and where engines install.
func TestSetHome(t *testing.T) {
	outside(t)
	dir := t.TempDir()
	if err := SetHome(dir); err != nil {
		t.Fatal(err)
	}
	defer SetHome("")
	if rs := Roots(); len(rs) != 1 || rs[0].Dir != dir {
		t.Errorf("Roots() = %v, want only %s", rs, dir)
	}
	if h, _ := InstallHome(); h != dir {
		t.Errorf("InstallHome() = %s, want %s", h, dir)
	}
}

// TestDefaults: the default set is every known engine but the bare
// sparqlhttp kind, split into those that run here and those that do not
// (with a reason); Virtuoso is in it exactly when virtuoso-t is installed.
func TestDefaults(t *testing.T) {
	run, missing := (*Config)(nil).Defaults()
	if len(run) < 2 || run[0] != "reference" || run[1] != "engine" {
		t.Fatalf("Defaults run %v: want reference and engine first", run)
	}
	all := slices.Clone(run)
	for _, m := range missing {
		if m.Reason == "" {
			t.Errorf("%s missing without a reason", m.Name)
		}
		all = append(all, m.Name)
	}
	want := slices.DeleteFunc(slices.Clone(Canonical), func(n string) bool { return n == "sparqlhttp" })
	slices.Sort(all)
	slices.Sort(want)
	if !slices.Equal(all, want) {
		t.Errorf("Defaults covers %v, want %v", all, want)
	}
	_, err := exec.LookPath("virtuoso-t")
	if slices.Contains(run, "virtuoso") != (err == nil) {
		t.Errorf("virtuoso in the default run set: %v; virtuoso-t on PATH: %v", slices.Contains(run, "virtuoso"), err == nil)
	}
}

// TestDefaultsFollowTheConfig: a disabled engine leaves the set (the
// config says so), a named endpoint joins it.
func TestDefaultsFollowTheConfig(t *testing.T) {
	c, err := ParseConfig(strings.NewReader(`{"engines":[{"name":"jena","disabled":true},
		{"name":"fuseki","kind":"sparqlhttp","url":"http://127.0.0.1:1/q"}]}`), "")
	if err != nil {
		t.Fatal(err)
	}
	run, missing := c.Defaults()
	if slices.Contains(run, "jena") || slices.ContainsFunc(missing, func(m Missing) bool { return m.Name == "jena" }) {
		t.Errorf("disabled jena in the default set: %v %v", run, missing)
	}
	if !slices.Contains(run, "fuseki") {
		t.Errorf("configured endpoint fuseki not in the default set %v", run)
	}
}

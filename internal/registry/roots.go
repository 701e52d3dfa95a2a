package registry

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// HomeEnv names the environment variable naming the one root to look in
// (a checkout or a data folder); tests point it at the checkout.
const HomeEnv = "ORACLE_HOME"

// DataEnv is the XDG base directory variable the data folder lives under.
const DataEnv = "XDG_DATA_HOME"

// modulePath is the module path a checkout's go.mod declares.
const modulePath = "github.com/sparql-oracle/oracle"

// Root is one folder the adapters' runtimes are looked for in.
type Root struct {
	Dir  string
	Kind string // "--home", "$ORACLE_HOME", "checkout" or "data folder"
}

func (r Root) String() string { return r.Kind + " " + r.Dir }

var homeFlag struct {
	sync.Mutex
	dir string
}

// SetHome makes dir the one root to look in (and to install into), as
// `--home DIR` asks; "" goes back to the defaults.
func SetHome(dir string) error {
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		dir = abs
	}
	homeFlag.Lock()
	defer homeFlag.Unlock()
	homeFlag.dir = dir
	return nil
}

// Roots lists where the adapters' runtimes are looked for, in order: the
// folder --home names, else $ORACLE_HOME, alone; else the checkout the
// working directory or the executable is in (make test and make run use
// it), then the data folder (DataHome) that `oracle engines install`
// fills. An engine runs from the first root holding all its files.
func Roots() []Root {
	homeFlag.Lock()
	dir := homeFlag.dir
	homeFlag.Unlock()
	if dir != "" {
		return []Root{{dir, "--home"}}
	}
	if h := os.Getenv(HomeEnv); h != "" {
		abs, _ := filepath.Abs(h)
		return []Root{{abs, "$" + HomeEnv}}
	}
	var out []Root
	if c, err := checkout(); err == nil {
		out = append(out, Root{c, "checkout"})
	}
	if d, err := DataHome(); err == nil {
		out = append(out, Root{d, "data folder"})
	}
	return out
}

// InstallHome is where `oracle engines install` installs: the folder
// --home or $ORACLE_HOME names, else the data folder.
func InstallHome() (string, error) {
	if rs := Roots(); len(rs) == 1 && rs[0].Kind != "data folder" && rs[0].Kind != "checkout" {
		return rs[0].Dir, nil
	}
	return DataHome()
}

// DataHome is the data folder: $XDG_DATA_HOME/sparql-oracle, else
// ~/.local/share/sparql-oracle (the XDG Base Directory default).
func DataHome() (string, error) {
	if d := os.Getenv(DataEnv); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "sparql-oracle"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data folder: set $%s or $HOME, or give --home", DataEnv)
	}
	return filepath.Join(home, ".local", "share", "sparql-oracle"), nil
}

// Home returns the repository root: $ORACLE_HOME, else the checkout the
// working directory or the executable is in.
func Home() (string, error) {
	if h := os.Getenv(HomeEnv); h != "" {
		return filepath.Abs(h)
	}
	return checkout()
}

// checkout is the nearest folder above the working directory, then above
// the executable, whose go.mod declares this module.
func checkout() (string, error) {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		if r, ok := findCheckout(s); ok {
			return r, nil
		}
	}
	return "", fmt.Errorf("not in a checkout of %s: set %s", modulePath, HomeEnv)
}

func findCheckout(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if declaresModule(filepath.Join(d, "go.mod")) {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// declaresModule reports whether the go.mod at path is this module's.
func declaresModule(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`) == modulePath
		}
	}
	return false
}

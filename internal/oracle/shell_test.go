package oracle

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// quotingStrings are the hostile strings of testdata/quoting.json: shell
// and language metacharacters, quotes, line breaks, heredoc terminators,
// escapes that look like escapes, non-ASCII, NUL.
func quotingStrings(t *testing.T) []string {
	b, err := os.ReadFile(filepath.Join("testdata", "quoting.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// bash runs script in a fresh folder and returns its stdout; the folder
// must be left empty (nothing injected ran).
func bash(t *testing.T, script string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, script)
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		t.Errorf("the script created %s:\n%s", ents[0].Name(), script)
	}
	return string(out)
}

// TestShellQuote: bash reads ShellQuote(s) back as s (a NUL cannot be an
// argument at all).
func TestShellQuote(t *testing.T) {
	for _, s := range quotingStrings(t) {
		if strings.Contains(s, "\x00") {
			continue
		}
		for _, q := range []string{ShellQuote(s), ShellWord(s)} {
			if s == "" && q == "" {
				continue
			}
			if got := bash(t, "printf %s "+q); got != s {
				t.Errorf("%q quoted as %s reads back as %q", s, q, got)
			}
		}
	}
}

// TestHeredoc: cat fed Heredoc(lines) prints the lines as written, the
// hostile strings as lines and inside lines, and the terminator is never a
// line of the body.
func TestHeredoc(t *testing.T) {
	var lines []string
	for _, s := range quotingStrings(t) {
		if !strings.Contains(s, "\x00") {
			lines = append(lines, s, "x "+s+" y")
		}
	}
	body := strings.Join(lines, "\n")
	if got := bash(t, Heredoc("cat", lines...)); got != body+"\n" {
		t.Errorf("the heredoc printed\n%q\nwant\n%q", got, body+"\n")
	}
	term := HeredocTerminator(body)
	for _, l := range strings.Split(body, "\n") {
		if l == term {
			t.Errorf("terminator %s is a line of the body", term)
		}
	}
	if HeredocTerminator(body) != term {
		t.Error("the terminator is not deterministic")
	}
}

// TestShellComment: a comment of any text runs nothing.
func TestShellComment(t *testing.T) {
	for _, s := range quotingStrings(t) {
		if strings.Contains(s, "\x00") {
			continue
		}
		if got := bash(t, ShellComment("oracle --base "+ShellQuote(s))+"\nprintf ok"); got != "ok" {
			t.Errorf("the comment of %q printed %q", s, got)
		}
	}
}

// literalProgram is a program in one language printing the UTF-8 bytes of
// each literal in hex, one line each.
type literalProgram struct {
	lang, file string
	quote      func(string) string
	source     func(lits []string) string
	run        func(dir, file string) *exec.Cmd
}

var literalPrograms = []literalProgram{
	{"node", "lit.js", JSString, func(lits []string) string {
		return each(lits, "process.stdout.write(Buffer.from(%s, 'utf8').toString('hex') + '\\n');")
	}, func(dir, f string) *exec.Cmd { return exec.Command("node", f) }},
	{"perl", "lit.pl", PerlString, func(lits []string) string {
		return each(lits, `print unpack("H*", %s), "\n";`)
	}, func(dir, f string) *exec.Cmd { return exec.Command("perl", f) }},
	{"python3", "lit.py", strconv.Quote, func(lits []string) string {
		return each(lits, "print(%s.encode('utf-8', 'surrogatepass').hex())")
	}, func(dir, f string) *exec.Cmd { return exec.Command("python3", f) }},
	{"javac", "Lit.java", JavaString, func(lits []string) string {
		return "public class Lit { public static void main(String[] a) {\n" +
			each(lits, "System.out.println(java.util.HexFormat.of().formatHex(%s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));") + "}}\n"
	}, func(dir, f string) *exec.Cmd {
		return exec.Command("sh", "-c", "javac -encoding UTF-8 -d . "+f+" && java -cp . Lit")
	}},
}

func each(lits []string, format string) string {
	var b strings.Builder
	for _, l := range lits {
		fmt.Fprintf(&b, format+"\n", l)
	}
	return b.String()
}

// TestStringLiterals: each language reads each literal back as the string
// (node, perl, python3, javac where installed), and no literal holds a
// line break.
func TestStringLiterals(t *testing.T) {
	strs := quotingStrings(t)
	for _, p := range literalPrograms {
		t.Run(p.lang, func(t *testing.T) {
			if _, err := exec.LookPath(p.lang); err != nil {
				t.Skipf("no %s", p.lang)
			}
			var lits []string
			for _, s := range strs {
				l := p.quote(s)
				if strings.ContainsAny(l, "\n\r") {
					t.Errorf("%s literal of %q holds a line break: %s", p.lang, s, l)
				}
				lits = append(lits, l)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, p.file), []byte(p.source(lits)), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := p.run(dir, p.file)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			if len(got) != len(strs) {
				t.Fatalf("%d lines for %d literals:\n%s", len(got), len(strs), out)
			}
			for i, s := range strs {
				if want := hex.EncodeToString([]byte(s)); got[i] != want {
					t.Errorf("%s reads %s as %s, want %s (%q)", p.lang, lits[i], got[i], want, s)
				}
			}
		})
	}
}

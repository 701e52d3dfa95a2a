package oracle

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
)

// The reproducers are shell text a maintainer pastes into a shell, and
// everything of a case in them (query, data, IRIs, graph names, base IRI,
// literals) is hostile input. It reaches the shell only in the two forms
// below, built here and nowhere else: a single-quoted word (ShellQuote), in
// which the shell expands nothing, or the body of a heredoc whose
// terminator is quoted and is not a line of the body (Heredoc), which the
// shell passes through byte for byte. Adapters build no other quoting of
// their own; adapters/reproducers runs every adapter's reproducer on
// hostile cases to hold them to it.

// ShellQuote quotes s as one POSIX shell word: inside single quotes
// nothing is special but the quote itself, written as close quote,
// backslash-quote, open quote.
func ShellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

var plainShellWord = regexp.MustCompile(`^[A-Za-z0-9@%+=:,./_-]+$`)

// ShellWord is s as one shell word: as written when every byte is one the
// shell gives no meaning to, else ShellQuote(s).
func ShellWord(s string) string {
	if plainShellWord.MatchString(s) {
		return s
	}
	return ShellQuote(s)
}

// Heredoc feeds lines to command on its standard input:
//
//	command <<'EOF_<hex>'
//	lines...
//	EOF_<hex>
//
// The terminator is quoted, so the shell expands nothing in the body, and
// is derived from the body and checked not to be one of its lines, so no
// content ends the heredoc early. Deterministic: the same body gives the
// same text (reports are compared and deduplicated).
func Heredoc(command string, lines ...string) string {
	body := strings.Join(lines, "\n")
	term := HeredocTerminator(body)
	return command + " <<'" + term + "'\n" + body + "\n" + term
}

// HeredocTerminator is a terminator for body: EOF_ and 12 hex digits of a
// hash of the body, the hash taken again with a counter in the rare case
// the result is a line of body (a terminator matches a whole line).
func HeredocTerminator(body string) string {
	lines := map[string]bool{}
	for _, l := range strings.Split(body, "\n") {
		lines[l] = true
	}
	for i := 0; ; i++ {
		h := sha256.Sum256([]byte(strconv.Itoa(i) + "\x00" + body))
		if term := "EOF_" + hex.EncodeToString(h[:6]); !lines[term] {
			return term
		}
	}
}

// ShellComment makes text a shell comment: every line starts with "# ",
// so a line break inside text (a base IRI holding one) starts no command.
func ShellComment(text string) string {
	return "# " + strings.ReplaceAll(text, "\n", "\n# ")
}

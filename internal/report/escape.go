package report

import (
	"strings"
	"unicode/utf8"
)

// A report is pasted into a tracker that renders Markdown, and every string
// in it may come from a hostile query, dataset or engine message: code is
// fenced with a fence longer than any backtick run inside it, and every
// other string is escaped so that it stays text (no heading, link, image,
// HTML, mention or emphasis of its own).

// fenceFor returns a backtick fence longer than the longest run of
// backticks in text (at least three).
func fenceFor(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// mdReplacer escapes every character with a meaning in CommonMark or GFM
// inline syntax, and the HTML specials; @ and # are escaped so no mention
// or issue reference is made.
//
// Links need [ ] (escaped), raw HTML and autolinks need < > (entities),
// the GFM extended autolinks need "://" or "www." (broken by a backslash).
var mdReplacer = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`,
	`<`, `&lt;`, `>`, `&gt;`, `&`, `&amp;`, `#`, `\#`, `@`, `\@`, `|`, `\|`, `~`, `\~`,
	"\r", " ", "\n", " ", "://", `\://`, "www.", `www\.`,
)

// esc makes s inline Markdown text: one line, no markup, at most 300
// characters (an engine's message can be long; the whole of it is in the
// fenced answer).
func esc(s string) string {
	return mdReplacer.Replace(truncate(strings.TrimSpace(s), 300))
}

// truncate cuts s to n runes, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// fenceLang keeps an info string to letters and digits: it is written after
// the opening fence, where a backtick or space would change the block.
func fenceLang(lang string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return -1
	}, lang)
}

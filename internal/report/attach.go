package report

import (
	"fmt"
	"strings"
)

// Long evidence is attached, not pasted: an engine's compiled SQL
// (oxilite's runs to kilobytes on one line), a long error message or a
// long answer would push the reproducer out of sight in a tracker. A block
// over attachLines lines or attachChars characters is summarised in one
// line where it belongs and written out after the reproducer, each in a
// collapsed <details> block. This is the one place the threshold is
// decided (long); the JSON report keeps every block in full under its own
// key (answer.text, evidence).
const (
	attachLines = 10
	attachChars = 800
)

// long reports whether text is attached rather than pasted.
func long(text string) bool {
	return strings.Count(strings.TrimRight(text, "\n"), "\n")+1 > attachLines || len(text) > attachChars
}

// attachment is a block written after the reproducer.
type attachment struct {
	heading, lang, text string
}

// attachments collects one report's attached blocks, in order.
type attachments []attachment

// block writes text under heading as a fenced block, or, when it is long,
// a one-line summary in its place and the block among the attachments.
// heading is Markdown already escaped.
func (att *attachments) block(b *strings.Builder, heading, lang, text string) {
	if !long(text) {
		fence(b, heading, lang, text)
		return
	}
	if heading != "" {
		fmt.Fprintf(b, "\n### %s\n\n", heading)
	}
	fmt.Fprintf(b, "%s: attached below (Attachments).\n", size(text))
	*att = append(*att, attachment{heading, lang, text})
}

// write puts the attached blocks after the reproducer, each collapsed.
func (att attachments) write(b *strings.Builder) {
	if len(att) == 0 {
		return
	}
	b.WriteString("\n### Attachments\n")
	for _, a := range att {
		fmt.Fprintf(b, "\n<details><summary>%s (%s)</summary>\n\n", a.heading, size(a.text))
		fence(b, "", a.lang, a.text)
		b.WriteString("\n</details>\n")
	}
}

// size says how long a block is: "212 lines, 8214 characters".
func size(text string) string {
	lines := strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
	return fmt.Sprintf("%s, %d characters", count(lines, "line"), len([]rune(text)))
}

package golden

import (
	"fmt"
	"strings"
)

// FirstDiff names the first line where got differs from want, with both
// lines (a line past the end of one text reads as empty): the place to
// look in a golden of thousands of lines.
func FirstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	line := func(lines []string, i int) string {
		if i < len(lines) {
			return lines[i]
		}
		return ""
	}
	for i := range max(len(w), len(g)) {
		if a, b := line(w, i), line(g, i); a != b {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, a, b)
		}
	}
	return "(equal)"
}

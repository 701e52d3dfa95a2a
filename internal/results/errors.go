package results

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// SyntaxError is a malformed results document. Line and Col are 1-based
// (Col counts runes); Offset is the byte offset when the reader knows it,
// else -1.
type SyntaxError struct {
	Format Format
	Line   int
	Col    int
	Offset int64
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Format, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.Format, e.Line, e.Msg)
}

// errAt builds a SyntaxError for byte offset off of data.
func errAt(f Format, data []byte, off int64, format string, args ...any) *SyntaxError {
	line, col := lineCol(data, off)
	return &SyntaxError{Format: f, Line: line, Col: col, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// lineCol converts a byte offset into a 1-based line and rune column.
func lineCol(data []byte, off int64) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line := 1 + bytes.Count(before, []byte{'\n'})
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[start:])
}

package corpus

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

func TestShow(t *testing.T) {
	s, _ := strconv.Atoi(os.Getenv("SEED"))
	n, _ := strconv.Atoi(os.Getenv("N"))
	if n == 0 {
		n = 1
	}
	for i := s; i < s+n; i++ {
		c := Generate(int64(i), nil)
		fmt.Printf("### seed %d\n%s%s\n", i, c.Query, c.NQuads())
	}
}

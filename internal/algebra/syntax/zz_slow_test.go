package syntax
import ("os";"path/filepath";"strconv";"strings";"testing";"time")
func TestTmpSlow(t *testing.T) {
	dir := "/root/.cache/go-build/fuzz/github.com/sparql-oracle/oracle/internal/algebra/syntax/FuzzParse"
	es, _ := os.ReadDir(dir); n := 0; defer func(){ t.Log("n", n) }()
	for _, e := range es {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		lines := strings.SplitN(string(b), "\n", 2)
		if len(lines) < 2 { continue }
		s := strings.TrimSpace(lines[1])
		s = strings.TrimSuffix(strings.TrimPrefix(s, "string("), ")")
		src, err := strconv.Unquote(s)
		if err != nil { continue }
		st := time.Now()
		roundTrip(src, Options{Base: "http://example.org/base/", MaxDepth: 64, MaxLength: 1 << 16})
		if d := time.Since(st); d > 2*time.Millisecond { t.Logf("%s %v len=%d", e.Name(), d, len(src)) }; n++
	}
}

package corpus

import "testing"

// BenchmarkGenerate measures one case of the default profile.
func BenchmarkGenerate(b *testing.B) {
	p := DefaultProfile()
	for i := 0; i < b.N; i++ {
		Generate(int64(i), p)
	}
}

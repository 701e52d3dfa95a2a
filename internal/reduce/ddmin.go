package reduce

// ddmin is the minimising delta debugging algorithm over a list (quads;
// subject neighbourhoods and quad positions for large cases, large.go):
// test(nil) first, then chunks, then complements, at doubling granularity.
// A complement is built only when it is tried (one at a time: at 100k
// items a round of them held at once is quadratic), and done, polled
// before each, ends the search with what holds so far (nil: never).
func ddmin[T any](c []T, test func([]T) bool, done func() bool) []T {
	if test(nil) {
		return nil
	}
	n := 2
	for len(c) >= 2 && (done == nil || !done()) {
		chunks := split(c, n)
		if next, ok := firstPassing(len(chunks), func(i int) []T { return chunks[i] }, test, done); ok {
			c, n = next, 2
			continue
		}
		if next, ok := firstPassing(len(chunks), func(i int) []T { return complement(c, chunks, i) }, test, done); ok {
			c, n = next, max(n-1, 2)
			continue
		}
		if n >= len(c) {
			break
		}
		n = min(2*n, len(c))
	}
	return c
}

// firstPassing is the first of the n candidates cand(i) that passes.
func firstPassing[T any](n int, cand func(int) []T, test func([]T) bool, done func() bool) ([]T, bool) {
	if n < 2 {
		return nil, false // a single chunk is the whole input
	}
	for i := 0; i < n && (done == nil || !done()); i++ {
		if s := cand(i); test(s) {
			return s, true
		}
	}
	return nil, false
}

// split cuts c into n nearly equal consecutive chunks.
func split[T any](c []T, n int) [][]T {
	var out [][]T
	for i, start := 0, 0; i < n; i++ {
		end := start + (len(c)-start)/(n-i)
		out = append(out, c[start:end])
		start = end
	}
	return out
}

// complement is c without its i-th chunk.
func complement[T any](c []T, chunks [][]T, i int) []T {
	start := 0
	for _, ch := range chunks[:i] {
		start += len(ch)
	}
	return append(append([]T(nil), c[:start]...), c[start+len(chunks[i]):]...)
}

package reduce

import "github.com/sparql-oracle/oracle/internal/rdf"

// ddmin is the minimising delta debugging algorithm over a list of quads:
// test(nil) first, then chunks, then complements, at doubling granularity.
func ddmin(c []rdf.Quad, test func([]rdf.Quad) bool) []rdf.Quad {
	if test(nil) {
		return nil
	}
	n := 2
	for len(c) >= 2 {
		chunks := split(c, n)
		if next, ok := firstPassing(chunks, test); ok {
			c, n = next, 2
			continue
		}
		if next, ok := firstPassing(complements(c, chunks), test); ok {
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

func firstPassing(cands [][]rdf.Quad, test func([]rdf.Quad) bool) ([]rdf.Quad, bool) {
	if len(cands) < 2 {
		return nil, false // a single chunk is the whole input
	}
	for _, s := range cands {
		if test(s) {
			return s, true
		}
	}
	return nil, false
}

// split cuts c into n nearly equal consecutive chunks.
func split(c []rdf.Quad, n int) [][]rdf.Quad {
	var out [][]rdf.Quad
	for i, start := 0, 0; i < n; i++ {
		end := start + (len(c)-start)/(n-i)
		out = append(out, c[start:end])
		start = end
	}
	return out
}

func complements(c []rdf.Quad, chunks [][]rdf.Quad) [][]rdf.Quad {
	var out [][]rdf.Quad
	start := 0
	for _, ch := range chunks {
		rest := append(append([]rdf.Quad(nil), c[:start]...), c[start+len(ch):]...)
		out = append(out, rest)
		start += len(ch)
	}
	return out
}

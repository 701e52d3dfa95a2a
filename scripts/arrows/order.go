package main

import (
	"fmt"
	"sort"
	"strings"
)

// report orders the files so that a file comes after the files it uses
// (dependencies first, strongly connected files ordered by the greedy
// heuristic of Eades, Lin and Smyth) and counts the arrows that point to
// a later file.
var allArrows bool

func report(dir string, edges map[[2]string]map[string]bool, verbose bool) {
	out := map[string][]string{}
	nodes := map[string]bool{}
	for k := range edges {
		out[k[0]] = append(out[k[0]], k[1])
		nodes[k[0]], nodes[k[1]] = true, true
	}
	var names []string
	for n := range nodes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		sort.Strings(out[n])
	}
	order := []string{}
	for _, scc := range sccs(names, out) { // Tarjan yields dependencies first
		order = append(order, els(scc, edges)...)
	}
	pos := map[string]int{}
	for i, n := range order {
		pos[n] = i
	}
	up := 0
	var ups []string
	for k, ids := range edges {
		if pos[k[1]] > pos[k[0]] || allArrows {
			if pos[k[1]] > pos[k[0]] {
				up++
			}
			var l []string
			for id := range ids {
				l = append(l, id)
			}
			sort.Strings(l)
			ups = append(ups, fmt.Sprintf("  %s -> %s (%s)", k[0], k[1], strings.Join(l, " ")))
		}
	}
	sort.Strings(ups)
	fmt.Printf("%s: %d files with arrows, %d arrows, %d upward\n", dir, len(names), len(edges), up)
	if verbose {
		fmt.Println("  order:", strings.Join(order, " "))
		fmt.Println(strings.Join(ups, "\n"))
	}
}

func sccs(names []string, out map[string][]string) [][]string {
	index, low, on := map[string]int{}, map[string]int{}, map[string]bool{}
	var stack []string
	var res [][]string
	i := 0
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = i, i
		i++
		stack = append(stack, v)
		on[v] = true
		for _, w := range out[v] {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var c []string
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				c = append(c, w)
				if w == v {
					break
				}
			}
			sort.Strings(c)
			res = append(res, c)
		}
	}
	for _, n := range names {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	return res
}

// els orders one strongly connected set, dependencies first: repeatedly
// take a file using nothing left (a sink), else one used by nothing left
// (a source, placed last), else the one whose uses outnumber its users
// least.
func els(scc []string, edges map[[2]string]map[string]bool) []string {
	left := map[string]bool{}
	for _, n := range scc {
		left[n] = true
	}
	deg := func(n string) (in, out int) {
		for m := range left {
			if m != n && edges[[2]string{n, m}] != nil {
				out++
			}
			if m != n && edges[[2]string{m, n}] != nil {
				in++
			}
		}
		return
	}
	var head, tail []string
	for len(left) > 0 {
		var keys []string
		for n := range left {
			keys = append(keys, n)
		}
		sort.Strings(keys)
		pick, best, where := "", 0, 0
	scan:
		for _, n := range keys {
			in, out := deg(n)
			switch {
			case out == 0:
				pick, where = n, 1
			case in == 0:
				pick, where = n, 2
			}
			if pick != "" {
				break scan
			}
		}
		if pick == "" {
			for _, n := range keys {
				in, out := deg(n)
				if pick == "" || out-in < best {
					pick, best = n, out-in
				}
			}
			where = 1
		}
		delete(left, pick)
		if where == 1 {
			head = append(head, pick)
		} else {
			tail = append([]string{pick}, tail...)
		}
	}
	return append(head, tail...)
}

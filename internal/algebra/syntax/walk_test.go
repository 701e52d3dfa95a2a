package syntax

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// countNodes counts, by reflection, every non-nil pointer to a node struct
// reachable from n: Inspect must visit exactly these.
func countNodes(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		n := countNodes(v.Elem())
		if _, ok := v.Interface().(Node); ok {
			n++
		}
		return n
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		return countNodes(v.Elem())
	case reflect.Slice:
		n := 0
		for i := 0; i < v.Len(); i++ {
			n += countNodes(v.Index(i))
		}
		return n
	case reflect.Struct:
		n := 0
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				n += countNodes(v.Field(i))
			}
		}
		return n
	}
	return 0
}

func TestInspectAndClone(t *testing.T) {
	files := allQueries(t)
	checked := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		q, err := Parse(string(src), Options{Base: "file://" + filepath.ToSlash(f)})
		if err != nil {
			continue
		}
		visited := 0
		Inspect(q, func(Node) bool { visited++; return true })
		if want := countNodes(reflect.ValueOf(q)); visited != want {
			t.Errorf("%s: Inspect visited %d nodes, tree has %d", f, visited, want)
		}
		c := Clone(q)
		if !Equal(q, c) || c.String() != q.String() {
			t.Errorf("%s: clone differs", f)
		}
		if c.Where != nil && c.Where == q.Where {
			t.Errorf("%s: clone shares nodes", f)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no queries checked")
	}
}

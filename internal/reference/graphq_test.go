package reference

import (
	"reflect"
	"testing"
)

func TestSliceChoices(t *testing.T) {
	cases := []struct {
		name          string
		tie           []int
		offset, limit int
		want          [][]int
		capped        bool
	}{
		{"no cut", []int{0, 1, 2}, 0, 2, [][]int{{0, 1}}, false},
		{"cut inside a class", []int{0, 1, 1, 1}, 0, 2, [][]int{{0, 1}, {0, 2}, {0, 3}}, false},
		{"offset cuts a class", []int{0, 0, 1}, 1, 2, [][]int{{1, 2}, {2, 0}}, false},
		{"window inside one class", []int{0, 0, 0}, 1, 1, [][]int{{1}, {0}, {2}}, false},
		{"past the end", []int{0, 0}, 5, 1, [][]int{nil}, false},
		{"too many choices", make([]int, 40), 0, 5, [][]int{{0, 1, 2, 3, 4}}, true},
	}
	for _, c := range cases {
		got, capped := sliceChoices(c.tie, c.offset, c.limit)
		if !reflect.DeepEqual(got, c.want) || capped != c.capped {
			t.Errorf("%s: sliceChoices = %v, %v; want %v, %v", c.name, got, capped, c.want, c.capped)
		}
	}
}

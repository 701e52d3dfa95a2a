package engine

import (
	"hash/maphash"
	"math/bits"

	"github.com/sparql-oracle/oracle/internal/rdf"
)

// dict interns terms: id i is terms[i] (0 is rdf.None). A term is kept as
// its value string (shared with the loaded dataset, never copied) and the
// index of its (kind, datatype, language) in tags, 24 bytes; the index
// from term to id is an open-addressing table of ids hashed on the value
// and tag, 4 bytes a slot at most 3/4 full. A map[rdf.Term]ID with a
// []rdf.Term beside it took about 130 bytes a term.
type dict struct {
	seed  maphash.Seed
	terms []cterm
	tags  []tag
	tagID map[tag]uint32
	table []ID // 0 is an empty slot; len is a power of two
}

type cterm struct {
	value string
	tag   uint32
}

// tag is what a term is besides its value.
type tag struct {
	kind     rdf.Kind
	datatype string
	lang     string
	dir      string // RDF 1.2 base direction (rdf:dirLangString)
}

func newDict() *dict {
	d := &dict{seed: maphash.MakeSeed(), tagID: map[tag]uint32{}}
	d.tagOf(rdf.None)
	d.terms = []cterm{{}}
	d.table = make([]ID, 1024)
	return d
}

func (d *dict) tagOf(t rdf.Term) uint32 {
	k := tag{t.Kind, t.Datatype, t.Lang, t.Dir}
	if k.kind == rdf.KindIRI && k.datatype == "" && k.lang == "" && k.dir == "" && len(d.tags) > 1 && d.tags[1] == k {
		return 1
	}
	if i, ok := d.tagID[k]; ok {
		return i
	}
	i := uint32(len(d.tags))
	d.tags = append(d.tags, k)
	d.tagID[k] = i
	return i
}

// size is the number of ids, rdf.None's included.
func (d *dict) size() int { return len(d.terms) }

// term decodes an id of the dictionary.
func (d *dict) term(id ID) rdf.Term {
	c := d.terms[id]
	k := d.tags[c.tag]
	return rdf.Term{Kind: k.kind, Value: c.value, Datatype: k.datatype, Lang: k.lang, Dir: k.dir}
}

func (d *dict) hash(value string, tg uint32) uint64 {
	return maphash.String(d.seed, value) ^ (uint64(tg) * 0x9e3779b97f4a7c15)
}

// slot finds t's slot: the id there, or 0 where it would go.
func (d *dict) slot(value string, tg uint32) (int, ID) {
	mask := len(d.table) - 1
	for i := int(d.hash(value, tg)) & mask; ; i = (i + 1) & mask {
		id := d.table[i]
		if id == 0 || (d.terms[id].tag == tg && d.terms[id].value == value) {
			return i, id
		}
	}
}

// lookup returns t's id, if t is in the dictionary.
func (d *dict) lookup(t rdf.Term) (ID, bool) {
	if t.IsZero() {
		return 0, false
	}
	k := tag{t.Kind, t.Datatype, t.Lang, t.Dir}
	tg, ok := d.tagID[k]
	if !ok {
		return 0, false
	}
	_, id := d.slot(t.Value, tg)
	return id, id != 0
}

// intern returns t's id, adding t if it is new.
func (d *dict) intern(t rdf.Term) ID {
	tg := d.tagOf(t)
	i, id := d.slot(t.Value, tg)
	if id != 0 {
		return id
	}
	id = ID(len(d.terms))
	d.terms = append(d.terms, cterm{t.Value, tg})
	d.table[i] = id
	if len(d.terms)*4 > len(d.table)*3 {
		d.rehash(len(d.table) * 2)
	}
	return id
}

func (d *dict) rehash(n int) {
	d.table = make([]ID, n)
	mask := n - 1
	for id := 1; id < len(d.terms); id++ {
		c := d.terms[id]
		i := int(d.hash(c.value, c.tag)) & mask
		for d.table[i] != 0 {
			i = (i + 1) & mask
		}
		d.table[i] = ID(id)
	}
}

// reserve makes room for n more terms without rehashing on the way.
func (d *dict) reserve(n int) {
	want := len(d.terms) + n
	if cap(d.terms) < want {
		grown := make([]cterm, len(d.terms), want)
		copy(grown, d.terms)
		d.terms = grown
	}
	if slots := 1 << bits.Len(uint(want*4/3)); slots > len(d.table) {
		d.rehash(slots)
	}
}

// trim drops the slack capacity left by reserve once loading is done.
func (d *dict) trim() {
	if cap(d.terms) > len(d.terms)+len(d.terms)/8 {
		d.terms = append([]cterm(nil), d.terms...)
	}
	if slots := 1 << bits.Len(uint(len(d.terms)*4/3)); slots < len(d.table) {
		d.rehash(slots)
	}
}

package syntax

// checkUpdate applies the static rules of an Update request that the grammar
// alone does not enforce (#sparqlGrammar notes, #grammarBNodes):
//   - QuadData (INSERT DATA, DELETE DATA) holds no variables;
//   - DELETE DATA, DELETE WHERE and a DeleteClause hold no blank nodes;
//   - a blank node label is not used in two WHERE clauses, nor in two INSERT
//     DATA operations, of one request (labels may repeat across templates);
//   - each WHERE clause obeys the query rules (check.go).
func checkUpdate(u *Update) *Error {
	uc := &updateChecker{where: map[string]bool{}, data: map[string]bool{}}
	for _, st := range u.Ops {
		uc.op(st.Op)
		if uc.err != nil {
			return uc.err
		}
	}
	return nil
}

type updateChecker struct {
	err   *Error
	where map[string]bool // labels used by earlier WHERE clauses
	data  map[string]bool // labels used by earlier INSERT DATA operations
}

func (uc *updateChecker) fail(e *Error) {
	if uc.err == nil {
		uc.err = e
	}
}

func (uc *updateChecker) op(op UpdateOp) {
	switch op := op.(type) {
	case *InsertData:
		uc.noVars(op.Quads, "INSERT DATA")
		uc.dataLabels(op.Quads)
	case *DeleteData:
		uc.noVars(op.Quads, "DELETE DATA")
		uc.noBlanks(op.Quads, "DELETE DATA")
	case *DeleteWhere:
		uc.noBlanks(op.Quads, "DELETE WHERE")
	case *Modify:
		uc.noBlanks(op.Delete, "a DELETE template")
		uc.whereClause(op.Where)
	}
}

// whereClause checks one WHERE clause with the query checker, seeded with
// the labels of earlier WHERE clauses under a basic graph pattern id no
// pattern of this clause has, so reusing one is an error at its position.
func (uc *updateChecker) whereClause(g *GroupPattern) {
	c := &checker{labels: map[string]int{}}
	for l := range uc.where {
		c.labels[l] = -1
	}
	c.pattern(g)
	uc.fail(c.err)
	for l := range c.labels {
		uc.where[l] = true
	}
}

// dataLabels checks INSERT DATA labels against earlier INSERT DATA operations.
func (uc *updateChecker) dataLabels(qs []*QuadBlock) {
	mine := map[string]bool{}
	quadNodes(qs, func(n GraphNode) {
		b, ok := n.(*BlankNode)
		if !ok || b.Label == "" {
			return
		}
		if uc.data[b.Label] {
			uc.fail(errorAt(b.Pos, "blank node label _:%s used in two INSERT DATA operations", b.Label))
		}
		mine[b.Label] = true
	})
	for l := range mine {
		uc.data[l] = true
	}
}

func (uc *updateChecker) noVars(qs []*QuadBlock, where string) {
	quadNodes(qs, func(n GraphNode) {
		if v, ok := n.(*Var); ok {
			uc.fail(errorAt(v.Pos, "variable ?%s in %s", v.Name, where))
		}
	})
}

func (uc *updateChecker) noBlanks(qs []*QuadBlock, where string) {
	quadNodes(qs, func(n GraphNode) {
		switch n := n.(type) {
		case *BlankNode:
			uc.fail(errorAt(n.Pos, "blank node in %s", where))
		case *BlankNodePropertyList:
			uc.fail(errorAt(n.Pos, "blank node in %s", where))
		case *Collection:
			if len(n.Items) > 0 {
				uc.fail(errorAt(n.Pos, "collection (blank nodes) in %s", where))
			}
		}
	})
}

// quadNodes calls f on every graph name, subject, variable predicate and
// object of the blocks, nested ones included, in source order.
func quadNodes(qs []*QuadBlock, f func(GraphNode)) {
	for _, q := range qs {
		if q.Graph != nil {
			f(q.Graph)
		}
		for _, t := range q.Triples {
			visitTriple(t, f)
		}
	}
}

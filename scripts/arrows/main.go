package main

import (
	"flag"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	verbose := flag.Bool("v", false, "list identifiers per arrow")
	flag.BoolVar(&allArrows, "all", false, "with -v, list every arrow")
	flag.Parse()
	for _, dir := range flag.Args() {
		run(dir, *verbose)
	}
}

func run(dir string, verbose bool) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		panic(err)
	}
	for _, p := range pkgs {
		var files []*ast.File
		for _, f := range p.Files {
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		pkg, err := conf.Check(p.Name, fset, files, info)
		if err != nil {
			panic(err)
		}
		edges := map[[2]string]map[string]bool{}
		for id, obj := range info.Uses {
			if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
				continue
			}
			if obj.Parent() != pkg.Scope() {
				f, isFunc := obj.(*types.Func)
				if !isFunc || f.Type().(*types.Signature).Recv() == nil {
					continue // locals, fields
				}
			}
			a := filepath.Base(fset.Position(id.Pos()).Filename)
			b := filepath.Base(fset.Position(obj.Pos()).Filename)
			if a == b {
				continue
			}
			k := [2]string{a, b}
			if edges[k] == nil {
				edges[k] = map[string]bool{}
			}
			edges[k][obj.Name()] = true
		}
		report(dir, edges, verbose)
	}
}

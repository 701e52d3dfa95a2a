module github.com/sparql-oracle/oracle

go 1.26.8

require (
	github.com/knakk/rdf v0.0.0-20190304171630-8521bf4c5042 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
)

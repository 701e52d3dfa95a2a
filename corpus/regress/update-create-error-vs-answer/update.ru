CREATE GRAPH <http://example.org/g>

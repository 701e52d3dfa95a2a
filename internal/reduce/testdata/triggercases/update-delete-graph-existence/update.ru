DELETE {
  GRAPH <http://example.org/g> {
    <http://example.org/a> <http://example.org/b> ?v1 .
  }
}
WHERE {
  ?v2 ?v3 ?v1 .
}

DELETE {
  ?v1 ?v2 ?v3 .
}
USING <http://example.org/g3>
WHERE {
  GRAPH ?v4 {
    ?v1 ?v2 ?v3 .
  }
}

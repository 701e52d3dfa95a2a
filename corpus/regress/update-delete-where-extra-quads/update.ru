DELETE WHERE {
  GRAPH ?v1 {
    ?v2 ?v3 ?v4 .
  }
}

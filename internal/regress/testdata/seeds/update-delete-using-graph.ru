# origin: W3C test dawg-delete-using-02a (sparql11/delete, approved 2012-09-25): the GRAPH clause does not override the USING clause (#deleteInsert, #defUSING); baselines/rdflib-update.tsv records RDFLib deleting quads the expected store keeps
PREFIX     : <http://example.org/> 
PREFIX foaf: <http://xmlns.com/foaf/0.1/> 
DELETE 
{
  ?s ?p ?o .
}
USING <http://example.org/g3>
WHERE 
{
  GRAPH <http://example.org/g2> { :a foaf:knows ?s .
                                  ?s ?p ?o }
}

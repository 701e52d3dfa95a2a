INSERT DATA {} ;
PREFIX ex: <http://example.org/>


INSERT DATA { <http://ex/a> <http://ex/p> 1 }

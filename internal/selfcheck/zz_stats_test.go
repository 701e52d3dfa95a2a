package selfcheck
import ("context";"testing";"os";"strings";"fmt";"github.com/sparql-oracle/oracle/internal/corpus";"github.com/sparql-oracle/oracle/internal/registry";"github.com/sparql-oracle/oracle/internal/oracle";"github.com/sparql-oracle/oracle/internal/results")
func TestZZStats(t *testing.T){ ref,_:=registry.New("reference"); kinds:=map[string]int{}
p:=corpus.DefaultProfile(); if j:=os.Getenv("PROF"); j!="" { var err error; p,err=corpus.LoadProfile(strings.NewReader(j)); if err!=nil {t.Fatal(err)}}
shown:=0
for s:=int64(0);s<2000;s++{ gc:=corpus.Generate(s,p); a,err:=ref.Eval(context.Background(),&oracle.Case{Query:gc.Query,Dataset:gc.Dataset()})
 k:="err"; if err==nil { switch a.Kind { case results.Bindings: if len(a.Rows)==0 {k="sel-empty"; if shown<int(s%2)*8 && os.Getenv("SHOW")!="" {shown++; fmt.Println(gc.Query+gc.NQuads())}} else if len(a.Rows)<5 {k="sel-1-4"} else {k="sel-5+"}; case results.Boolean: k="ask-"; if a.Boolean {k+="true"} else {k+="false"}; case results.Graph: if len(a.Triples)==0 {k="graph-empty"} else {k="graph-nonempty"}}} else {k="err:"+err.Error()[:20]}
 kinds[k]++}
t.Log(kinds)}

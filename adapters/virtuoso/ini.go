package virtuoso

import (
	"fmt"
	"path/filepath"
)

// iniFile is the instance's virtuoso.ini. Against the Debian default it:
// binds both ports to 127.0.0.1; keeps every file in dir; drops [Zero Config]
// (no mDNS announcement), [Replication] and [Plugins]; raises
// ResultSetMaxRows, which otherwise truncates answers silently at 10000
// rows; and bounds a query's run time (an overrun answers partially with
// X-SQL-State, which the adapter reports as a timeout).
//
// File built-ins (file_to_string and the like) may read only DirsAllowed:
// an empty folder of its own ("files"), not the database folder with its
// password file. Network built-ins are closed by the network namespace the
// server runs in (relay.go).
func iniFile(dir string, sqlPort, httpPort int) string {
	f := func(name string) string { return filepath.Join(dir, name) }
	return fmt.Sprintf(`[Database]
DatabaseFile = %s
ErrorLogFile = %s
LockFile = %s
TransactionFile = %s
xa_persistent_file = %s
ErrorLogLevel = 7
FileExtend = 200
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = %s
TransactionFile = %s

[Parameters]
ServerPort = 127.0.0.1:%d
DisableUnixSocket = 1
DisableTcpSocket = 0
CaseMode = 2
DirsAllowed = %s
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
MaxQueryMem = 500M
CheckpointInterval = 60
AllowOSCalls = 0

[HTTPServer]
ServerPort = 127.0.0.1:%d
ServerRoot = %s
ServerThreads = 8
MaxClientConnections = 8
Charset = UTF-8
EnabledDavVSP = 0
HTTPProxyEnabled = 0

[SPARQL]
ResultSetMaxRows = 10000000
MaxQueryCostEstimationTime = 100000
MaxQueryExecutionTime = 60
`, f("virtuoso.db"), f("virtuoso.log"), f("virtuoso.lck"), f("virtuoso.trx"), f("virtuoso.pxa"),
		f("virtuoso-temp.db"), f("virtuoso-temp.trx"), sqlPort, f("files"), httpPort, f("vsp"))
}

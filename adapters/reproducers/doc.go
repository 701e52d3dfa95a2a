// Package reproducers holds one test, over every adapter: the reports'
// "Reproduce" blocks are safe to run. It builds query and update reports
// from the hostile cases in testdata/hostile.json (shell metacharacters,
// quotes, lines equal to heredoc terminators, line breaks in literals and
// base IRIs, IRIs with the punctuation IRIs allow), with every adapter's
// engine wrong, and runs each engine's block with bash where the engine
// commands are recorders (adaptertest.RunRecorded). A block passes when it
// created no file it is not meant to write (a payload's touch of $CANARY
// or of the folder shows) and its commands received the case's query or
// request, data and base byte for byte.
//
// The quoting itself lives in internal/oracle (shell.go, literal.go).
//
// How to change it: to cover a new adapter, add its engine to engines() and, if its script
// writes files of its own, to writes; to cover a new attack, add a case to
// testdata/hostile.json.
package reproducers

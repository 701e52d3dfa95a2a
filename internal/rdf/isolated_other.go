//go:build !linux

package rdf

import "syscall"

// defaultPoolSize: without Pdeathsig, a worker would outlive a crashed
// parent while hung in the parser (an idle one reads EOF and exits), so no
// worker is kept between loads by default (SetLoaderPool turns the pool on).
const defaultPoolSize = 0

func childProcAttr() *syscall.SysProcAttr { return nil }

package jena

import (
	"os"
	"path/filepath"
	"strings"
)

// JavaHomeFile, beside a sidecar jar, names the JDK build.sh built it with
// (jdk.sh picked one new enough: Java 21 for Jena 6, 17 for Jena 5).
const JavaHomeFile = "java-home"

// java is the java to run the jar in folder dir with: that of the JDK
// named in its java-home file, else $JAVA_HOME's, else java from PATH
// (a jar built by hand). Jena 6 fails to start on Java 17 with an
// UnsupportedClassVersionError: the version check then says unavailable.
func java(dir string) string {
	if data, err := os.ReadFile(filepath.Join(dir, JavaHomeFile)); err == nil {
		bin := filepath.Join(strings.TrimSpace(string(data)), "bin", "java")
		if _, err := os.Stat(bin); err == nil {
			return bin
		}
	}
	if home := os.Getenv("JAVA_HOME"); home != "" {
		return filepath.Join(home, "bin", "java")
	}
	return "java"
}

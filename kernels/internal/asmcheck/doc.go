// Package asmcheck holds the test that keeps legacy-SSE instructions out
// of the module's amd64 assembly; it has no code of its own.
package asmcheck

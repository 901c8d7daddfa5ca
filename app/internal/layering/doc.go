// Package layering holds the test of Bandscope's package layering (in the
// spirit of the standard library's go/build deps_test.go); it has no code
// of its own.
package layering

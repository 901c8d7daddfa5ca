// Package synth makes the synthetic clips of Bandscope's reference corpus:
// the same patterns, formulas and noise generator as the corpus generator
// (gen.py), so tests and benchmarks can regenerate any clip exactly instead
// of storing it.
package synth

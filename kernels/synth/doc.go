// Package synth makes the synthetic clips of Bandscope's reference corpus:
// the same patterns, formulas and noise generator as the corpus generator
// (gen.py), so tests and benchmarks can regenerate any clip exactly instead
// of storing it. Beside them, scenes (Scene) put banded patches of known
// place and time on a textured or flat background: the clips the banding
// regions' tests find events in.
package synth

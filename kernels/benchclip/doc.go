// Package benchclip supplies the clips Bandscope's kernel benchmarks and the
// bench command score: the real reference/distorted pairs of testdata/clips
// (source and decoded encode, 1080p, repeated pixel for pixel for 4K),
// kernels/synth patterns, and the per-child CPU time and peak memory the
// bench command reports, so that libvmaf is timed on exactly the same bytes.
package benchclip

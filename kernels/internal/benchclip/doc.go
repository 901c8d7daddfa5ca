// Package benchclip supplies the pictures Bandscope's kernel benchmarks and
// the bench command score: a real x264 encode (the 1080p gradient clip of
// testdata/clips, doubled pixel for pixel for 4K) and engine/synth patterns,
// so that libvmaf can be timed on exactly the same bytes.
package benchclip

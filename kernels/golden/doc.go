// Package golden loads Bandscope's reference corpus for tests: libvmaf's
// per-frame outputs under testdata/golden and the clips they were made from,
// regenerated with kernels/synth or unpacked from testdata/clips.
package golden

// Package engine ties Bandscope together without any user interface: it
// opens a reference and a distorted clip, builds the requested features
// (CAMBI, integer ADM) on the requested backend, scores frames one at a time
// (keeping every intermediate map, for the inspector) or a whole clip (for
// `bandscope score`), and pools and writes the results in libvmaf's formats.
//
// The layering, which internal/depstest checks: engine/yuv, engine/feature
// and engine/synth import nothing of Bandscope's above them; kernels/* and
// gpu import only those (besides the standard library, the x/ libraries,
// cpuid and WebGPU), never the engine; the engine imports no user
// interface; only ui and app import Fyne, and app reaches the backends
// (gpu included) through the engine.
package engine

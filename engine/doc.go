// Package engine ties Bandscope together without any user interface: it
// opens a reference and a distorted clip, builds the requested features
// (CAMBI, integer ADM) on the requested backend, scores frames one at a time
// (keeping every intermediate map, for the inspector) or a whole clip (for
// `bandscope score`), and pools and writes the results in libvmaf's formats.
//
// The layering, which app/internal/layering checks, runs downward only:
// app -> ui -> engine -> gpu -> kernels. The ground floor under the kernels
// (kernels/yuv pictures, kernels/feature option tables, kernels/synth
// clips) imports nothing of Bandscope's; the kernels and gpu never import
// the engine; the engine imports no user interface; only ui and app import
// Fyne, and app reaches the backends (gpu included) through the engine.
package engine

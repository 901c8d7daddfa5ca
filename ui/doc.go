// Package ui is Bandscope's inspector: a Fyne window that shows where CAMBI
// and ADM see banding in one frame of a clip, on the CPU or a GPU backend,
// two backends side by side, and scores over a whole clip; with one or two
// VMAF models picked, what each model input costs the score, on a frame
// (with the maps of the costliest input's feature) and over the clip.
//
// The package is a thin layer over package engine: pictures, feature
// options and each feature's per-frame result come through the engine
// (FrameResult.Features, engine.ResultOf), and which feature wrote a
// metric is the engine registry's answer (engine.MetricFeature); no kernel
// package is imported. Every engine call runs in
// a goroutine with a cancellable context (see worker); its result comes back
// to the UI goroutine through fyne.Do and nowhere else, so the window never
// waits on the engine. Pure helpers (colour maps, map differences, exports,
// raw-file name parsing, summaries, libvmaf log and .gray heatmap parsers)
// carry no Fyne state and are tested without a window; the parsers are
// fuzzed. docs/inspector.md describes every view, key and export.
//
// Compare mode compares two runs of a clip: two backends, two encodes of one
// reference, or two option sets (runs.go, runsview.go).
package ui

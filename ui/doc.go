// Package ui is Bandscope's inspector: a Fyne window that shows where CAMBI
// and ADM see banding in one frame of a clip, on the CPU or a GPU backend,
// two backends side by side, and scores over a whole clip; with one or two
// VMAF models picked, what each model input costs the score, on a frame
// (with the maps of the costliest input's feature) and over the clip.
// docs/inspector.md describes every view, key and export.
//
// The package is a thin layer over package engine: pictures, feature
// options and each feature's per-frame result come through the engine
// (FrameResult.Features, engine.ResultOf), and which feature wrote a
// metric is the engine registry's answer (engine.MetricFeature); no kernel
// package is imported. What needs no window lives in the engine, where the
// command line can use it too: reading libvmaf logs and CAMBI's .gray dumps
// (engine/logs), whole-clip statistics, worst frames and the banding
// comparison of two runs (engine/summary), a frame's maps with their
// colour-scale tops and differences, the stages of two backends compared
// bit for bit and the maps behind a model input (engine/inspect).
//
// The window (inspector) is made of parts with one job each: runPair is
// what runs A and B are (the clips, options, models and backends) and the
// engine requests they make; logBook holds the logs read beside the clip;
// jobs are the workers; statusLine is the last row; and each view is a
// type of its own with its widgets and its engine work (the Scores view's
// whole-clip runs, the summary panel's worst-frame exports, the run bar's
// choice of run B, the banding view's events found over the clip with
// engine/regions: its timeline, outlines and tables). Every engine call
// runs in a goroutine with a cancellable context (see worker); its result
// comes back to the UI goroutine through fyne.Do and nowhere else, so the
// window never waits on the engine. A frame is scored in two parts: what
// the view on screen needs (engine.Session.FramePart, the framer's job),
// drawn at once, then the rest behind it (Session.Complete, the
// completer's); playback asks for the first part alone, two frames ahead
// of the one shown (the prefetcher's jobs, lookahead), each step asked for
// its measured lead before the frame is due (play.go). Dialogs are modal
// (showDialog): Esc closes the top one and the window takes no key
// meanwhile. The settings live in a file of the inspector's own, written
// atomically (prefs.go). Helpers that carry no Fyne state (colour maps,
// palettes, raw-file name parsing, run B's preference) are tested without
// a window; the parsers are fuzzed.
//
// Compare mode compares two runs of a clip: two backends, two encodes of one
// reference, or two option sets (runb.go, comparemode.go, runsview.go).
package ui

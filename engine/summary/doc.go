// Package summary reads whole-clip scores as a person asks about them: each
// metric's mean, minimum, maximum, libvmaf's harmonic mean where it means
// something (not for a signed series) and the mean of its worst 1% of
// frames (Summarise), its worst frames (Worst), a model's score with what each of
// its inputs costs over the clip (ModelSeries), which of two runs bands
// more and where (CompareBanding), and several runs side by side in JSON
// or CSV with their summaries (WriteJSON, WriteCSV). It works on per-frame
// metrics, whoever computed them: a run of the engine, or a libvmaf log.
package summary

// Package logs reads what other tools wrote about a clip: libvmaf's
// per-frame logs (its command line's --json, --xml and --csv, and ffmpeg's
// libvmaf filter, which writes through the same library with
// log_fmt=json|xml|csv) and CAMBI's .gray heatmap dumps (heatmaps_path).
// A log's frames are bound to a clip's by frame number, and a frame of a
// log is checked against Bandscope's values bit for bit (CheckFrame,
// Heatmap.Check). The parsers take any bytes: they are fuzzed.
package logs

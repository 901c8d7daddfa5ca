package main

// inspectorName is the inspector's binary: the same main package built
// with Fyne (make build writes it next to bandscope). The CLI is built
// without it (-tags nogui) because every process pays for the packages it
// links in before main runs: with Fyne's, `bandscope version` takes about
// 13 ms and 24 MB, without them 5-6 ms and 8 MB (2-core AVX-512 Xeon),
// which a short run (60 frames of motion at 1080p: 60-80 ms) feels.
const inspectorName = "bandscope-inspector"

// inspectorEnv marks a process that a CLI started as the inspector: a
// binary without the inspector that finds it set (even empty) was itself
// started as bandscope-inspector, and says so rather than start itself
// again. The inspector clears it (gui.go).
const inspectorEnv = "BANDSCOPE_INSPECTOR_EXEC"

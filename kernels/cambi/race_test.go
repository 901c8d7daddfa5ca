//go:build race

package cambi

// raceEnabled shortens the corpus tests under the race detector, which runs
// the scalar kernels ten times slower; the full corpus runs without it.
const raceEnabled = true

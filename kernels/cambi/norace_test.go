//go:build !race

package cambi

const raceEnabled = false

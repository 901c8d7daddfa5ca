//go:build !race

package adm

const raceEnabled = false

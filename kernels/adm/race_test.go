//go:build race

package adm

const raceEnabled = true

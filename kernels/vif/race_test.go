//go:build race

package vif

const raceEnabled = true

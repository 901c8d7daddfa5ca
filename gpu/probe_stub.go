//go:build !cgo || js

package gpu

// Probe reports that this build has no GPU backend.
func Probe(d *Device) error { return errNoCgo }

// CheckAdapter reports that this build has no GPU backend.
func CheckAdapter(selector string) (Limits, error) { return Limits{}, errNoCgo }

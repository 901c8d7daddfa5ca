//go:build !cgo || js

package gpu

// Limits are zero: without cgo no device can be opened.
func (d *Device) Limits() Limits { return Limits{} }

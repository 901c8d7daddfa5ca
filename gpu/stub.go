//go:build !cgo || js

package gpu

import "errors"

var errNoCgo = errors.New("gpu: this build of Bandscope has no GPU backend (it was built without cgo)")

// Device is an opened adapter; without cgo none can be opened.
type Device struct{}

// Adapters reports that this build has no GPU backend.
func Adapters() ([]AdapterInfo, error) { return nil, errNoCgo }

// Open reports that this build has no GPU backend.
func Open(selector string) (*Device, error) { return nil, errNoCgo }

// Info describes the opened adapter.
func (d *Device) Info() AdapterInfo { return AdapterInfo{} }

// Release does nothing.
func (d *Device) Release() error { return nil }

// QuietLogs does nothing: without cgo there is no GPU library to log.
func QuietLogs() {}

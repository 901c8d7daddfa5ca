//go:build !cgo || js

package gpu

import "time"

// ProfileEnv names the environment variable that asks a Device to time
// its passes; without cgo there is no Device.
const ProfileEnv = "BANDSCOPE_GPU_PROFILE"

// PassTime is the device time of one kind of step.
type PassTime struct {
	Name  string
	Calls int
	Total time.Duration
}

// Profile reports that this build has no GPU backend.
func (d *Device) Profile() ([]PassTime, string) { return nil, errNoCgo.Error() }

// ResetProfile does nothing: there is no device.
func (d *Device) ResetProfile() {}

// FormatProfile is empty: there is no device.
func FormatProfile(pts []PassTime) string { return "" }

// ProfileWanted is false: there is no device to time.
func ProfileWanted() bool { return false }

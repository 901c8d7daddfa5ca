//go:build !cgo || js

package gpu

import "github.com/bandscope/bandscope/kernels/speed"

// SpeedOptions tune the host half of the GPU SpEED scorer.
type SpeedOptions = speed.Options

// NewSpeed reports that this build has no GPU backend.
func NewSpeed(d *Device, cfg *speed.Config) (speed.Scorer, error) { return nil, errNoCgo }

// NewSpeedOptions reports that this build has no GPU backend.
func NewSpeedOptions(d *Device, cfg *speed.Config, o SpeedOptions) (speed.Scorer, error) {
	return nil, errNoCgo
}

//go:build !cgo || js

package gpu

import "github.com/bandscope/bandscope/kernels/vif"

// NewVIF reports that this build has no GPU backend.
func NewVIF(d *Device, cfg *vif.Config) (vif.Scorer, error) { return nil, errNoCgo }

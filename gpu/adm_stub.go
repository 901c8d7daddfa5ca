//go:build !cgo || js

package gpu

import "github.com/bandscope/bandscope/kernels/adm"

// NewADM reports that this build has no GPU backend.
func NewADM(d *Device, cfg *adm.Config) (adm.Scorer, error) { return nil, errNoCgo }

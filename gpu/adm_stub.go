//go:build !cgo || js

package gpu

import (
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
)

// NewADM reports that this build has no GPU backend.
func NewADM(d *Device, cfg *adm.Config) (adm.Scorer, error) { return nil, errNoCgo }

// NewCAMBI reports that this build has no GPU backend.
func NewCAMBI(d *Device, cfg *cambi.Config) (cambi.Scorer, error) { return nil, errNoCgo }

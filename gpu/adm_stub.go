//go:build !cgo || js

package gpu

import (
	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// NewADM reports that this build has no GPU backend.
func NewADM(d *Device, cfg *adm.Config) (adm.Scorer, error) { return nil, errNoCgo }

// NewCAMBI reports that this build has no GPU backend.
func NewCAMBI(d *Device, cfg *cambi.Config) (cambi.Scorer, error) { return nil, errNoCgo }

// MotionSAD is integer motion's pair SAD on a device; without cgo none
// can be made.
type MotionSAD struct{}

// NewMotionSAD reports that this build has no GPU backend.
func NewMotionSAD(d *Device, cfg *motion.Config) (*MotionSAD, error) { return nil, errNoCgo }

// SAD reports that this build has no GPU backend.
func (m *MotionSAD) SAD(prev, cur yuv.Plane, diff []int32) (uint64, error) { return 0, errNoCgo }

// Close does nothing.
func (m *MotionSAD) Close() error { return nil }

//go:build cgo && !js

package gpu

import (
	"log/slog"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// requestLimits turns the adapter's limits into the device request.
// wgpu-native's two extra limits are left undefined (its defaults): the
// bindings read them uninitialised from the adapter, and a zero is not
// "none": wgpu's D3D12 backend sizes its only buffer descriptor heap from
// maxNonSamplerBindings, so a device asked for 0 there cannot bind a
// buffer. Bandscope uses no push constants.
func requestLimits(adapter wgpu.Limits) wgpu.Limits {
	l := adapter
	l.MaxPushConstantSize = wgpu.LimitU32Undefined
	l.MaxNonSamplerBindings = wgpu.LimitU32Undefined
	return l
}

func limitsOf(l wgpu.Limits) Limits {
	return Limits{
		MaxBufferSize:                     l.MaxBufferSize,
		MaxStorageBufferBindingSize:       l.MaxStorageBufferBindingSize,
		MaxComputeWorkgroupsPerDimension:  l.MaxComputeWorkgroupsPerDimension,
		MaxStorageBuffersPerShaderStage:   l.MaxStorageBuffersPerShaderStage,
		MaxComputeInvocationsPerWorkgroup: l.MaxComputeInvocationsPerWorkgroup,
		MaxComputeWorkgroupStorageSize:    l.MaxComputeWorkgroupStorageSize,
	}
}

// Limits are the limits the device was granted.
func (d *Device) Limits() Limits { return limitsOf(d.limits) }

// logGranted logs the granted limits at debug level.
func (d *Device) logGranted() {
	slog.Debug("gpu: device opened", "adapter", d.info.Name, "backend", d.info.Backend, "limits", d.Limits().String())
}

// checkBuffer is the one check every allocation passes (newBuffer).
func (d *Device) checkBuffer(label string, size uint64, usage wgpu.BufferUsage) error {
	return checkBufferSize(d.Limits(), d.info.Name, label, size, usage&wgpu.BufferUsageStorage != 0)
}

// checkDispatches is the one check every submission's dispatches pass
// (submit), before anything is recorded.
func (d *Device) checkDispatches(steps []step) error {
	l := d.Limits()
	for _, s := range steps {
		if s.k != nil {
			if err := checkDispatchSize(l, d.info.Name, s.k.name, s.x, s.y, s.z); err != nil {
				return err
			}
		}
	}
	return nil
}

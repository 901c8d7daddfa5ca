package gpu

import (
	"fmt"
	"strconv"
)

// Limits are the device limits Bandscope's buffers and dispatches are
// checked against: those granted when the device was opened (WebGPU grants
// exactly what is requested, and Open requests the adapter's own limits).
type Limits struct {
	MaxBufferSize                     uint64 // one buffer, in bytes
	MaxStorageBufferBindingSize       uint64 // one storage binding, in bytes
	MaxComputeWorkgroupsPerDimension  uint32 // x, y and z of one dispatch
	MaxStorageBuffersPerShaderStage   uint32
	MaxComputeInvocationsPerWorkgroup uint32
	MaxComputeWorkgroupStorageSize    uint32 // bytes of var<workgroup>
}

// String is one line of `bandscope devices`.
func (l Limits) String() string {
	return fmt.Sprintf("buffer %s, storage binding %s, workgroups/dim %d, storage buffers/stage %d, invocations/workgroup %d, workgroup memory %s",
		mib(l.MaxBufferSize), mib(l.MaxStorageBufferBindingSize), l.MaxComputeWorkgroupsPerDimension,
		l.MaxStorageBuffersPerShaderStage, l.MaxComputeInvocationsPerWorkgroup, mib(uint64(l.MaxComputeWorkgroupStorageSize)))
}

func mib(n uint64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatUint(n>>20, 10) + " MiB"
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatUint(n>>10, 10) + " KiB"
	}
	return strconv.FormatUint(n, 10) + " B"
}

// LimitError reports a buffer or a dispatch larger than the device allows.
// It is returned before anything reaches the device: WebGPU would otherwise
// report a validation error late, or a driver lose the device.
type LimitError struct {
	Device string // the adapter's name
	What   string // the buffer's label, or the kernel's name
	Limit  string // the WebGPU limit's name (maxBufferSize...)
	Need   uint64
	Max    uint64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("gpu: %s needs %d, more than %s allows (%s = %d); try a smaller picture, or the CPU backend",
		e.What, e.Need, e.Device, e.Limit, e.Max)
}

// checkBufferSize checks one allocation of size bytes against the limits;
// storage says it is bound as a storage buffer.
func checkBufferSize(l Limits, device, label string, size uint64, storage bool) error {
	if size > l.MaxBufferSize {
		return &LimitError{Device: device, What: label + " (bytes)", Limit: "maxBufferSize", Need: size, Max: l.MaxBufferSize}
	}
	if storage && size > l.MaxStorageBufferBindingSize {
		return &LimitError{Device: device, What: label + " (bytes)", Limit: "maxStorageBufferBindingSize", Need: size, Max: l.MaxStorageBufferBindingSize}
	}
	return nil
}

// checkDispatchSize checks one dispatch's workgroup counts.
func checkDispatchSize(l Limits, device, kernel string, x, y, z uint32) error {
	for _, n := range [3]uint32{x, y, z} {
		if n > l.MaxComputeWorkgroupsPerDimension {
			return &LimitError{Device: device, What: kernel + " (workgroups per dimension)", Limit: "maxComputeWorkgroupsPerDimension",
				Need: uint64(n), Max: uint64(l.MaxComputeWorkgroupsPerDimension)}
		}
	}
	return nil
}

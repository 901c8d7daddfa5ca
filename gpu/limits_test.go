//go:build cgo && !js

package gpu

import (
	"errors"
	"strings"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// TestRequestLimits: wgpu-native's extra limits are requested undefined
// (its defaults), never 0: wgpu's D3D12 backend sizes its buffer descriptor
// heap from maxNonSamplerBindings.
func TestRequestLimits(t *testing.T) {
	l := requestLimits(wgpu.Limits{MaxPushConstantSize: 0xdeadbeef, MaxNonSamplerBindings: 0, MaxBufferSize: 1 << 30})
	if l.MaxPushConstantSize != wgpu.LimitU32Undefined || l.MaxNonSamplerBindings != wgpu.LimitU32Undefined {
		t.Errorf("native limits requested %#x, %#x; want undefined", l.MaxPushConstantSize, l.MaxNonSamplerBindings)
	}
	if l.MaxBufferSize != 1<<30 {
		t.Errorf("MaxBufferSize %d, want the adapter's", l.MaxBufferSize)
	}
}

func TestCheckSizes(t *testing.T) {
	l := Limits{MaxBufferSize: 1000, MaxStorageBufferBindingSize: 500, MaxComputeWorkgroupsPerDimension: 65535}
	for _, tc := range []struct {
		size    uint64
		storage bool
		limit   string
	}{
		{500, true, ""}, {501, true, "maxStorageBufferBindingSize"}, {501, false, ""},
		{1000, false, ""}, {1001, false, "maxBufferSize"}, {1001, true, "maxBufferSize"},
	} {
		err := checkBufferSize(l, "dev", "buf", tc.size, tc.storage)
		var le *LimitError
		if (tc.limit == "") != (err == nil) || err != nil && (!errors.As(err, &le) || le.Limit != tc.limit) {
			t.Errorf("buffer %d storage %v: %v, want limit %q", tc.size, tc.storage, err, tc.limit)
		}
	}
	if err := checkDispatchSize(l, "dev", "k", 65535, 1, 65535); err != nil {
		t.Error(err)
	}
	if err := checkDispatchSize(l, "dev", "k", 1, 65536, 1); err == nil || !strings.Contains(err.Error(), "maxComputeWorkgroupsPerDimension = 65535") {
		t.Errorf("dispatch over the limit: %v", err)
	}
}

// TestDeviceLimits: the granted limits are readable, a buffer or dispatch
// over them is refused with a LimitError before reaching the device, and the
// device keeps working afterwards.
func TestDeviceLimits(t *testing.T) {
	for _, d := range openAll(t) {
		l := d.Limits()
		t.Logf("%s: %s", d.Info().Name, l)
		if l.MaxBufferSize == 0 || l.MaxStorageBufferBindingSize == 0 || l.MaxComputeWorkgroupsPerDimension == 0 {
			t.Fatalf("limits not recorded: %+v", l)
		}
		var le *LimitError
		if _, err := d.newBuffer("huge", l.MaxBufferSize+4, wgpu.BufferUsageCopyDst); !errors.As(err, &le) || le.Limit != "maxBufferSize" {
			t.Errorf("buffer over maxBufferSize: %v", err)
		}
		if l.MaxStorageBufferBindingSize < l.MaxBufferSize {
			if _, err := d.newBuffer("huge storage", l.MaxStorageBufferBindingSize+4, storageUsage); !errors.As(err, &le) || le.Limit != "maxStorageBufferBindingSize" {
				t.Errorf("storage buffer over maxStorageBufferBindingSize: %v", err)
			}
		}
		src, in := probeShader(probeCases)
		k, err := d.newKernel("probe", src, "main")
		if err != nil {
			t.Fatal(err)
		}
		_, err = d.oneShot(k, l.MaxComputeWorkgroupsPerDimension+1, 1, nil, shotBuf{data: wordBytes(in)}, shotBuf{size: 4 * uint64(len(probeCases))})
		k.release()
		if !errors.As(err, &le) || le.Limit != "maxComputeWorkgroupsPerDimension" {
			t.Errorf("dispatch over maxComputeWorkgroupsPerDimension: %v", err)
		}
		if err := Probe(d); err != nil {
			t.Errorf("after the refusals: %v", err)
		}
	}
}

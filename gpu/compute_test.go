//go:build cgo && !js

package gpu

import (
	"strings"
	"testing"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// TestKernelGroupErrors: a group whose second module does not compile, or
// names an entry point it lacks, fails naming that module, and the device
// still compiles the group once it is right.
func TestKernelGroupErrors(t *testing.T) {
	const ok = `@group(0) @binding(0) var<uniform> p: vec4<u32>;
@group(0) @binding(1) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(1) fn a() { b[0] = p.x; }
`
	types := []wgpu.BufferBindingType{wgpu.BufferBindingTypeStorage}
	for _, d := range openAll(t) {
		for _, c := range []struct {
			second groupSource
			want   string
		}{
			{groupSource{"broken.wgsl", "fn (", []string{"a"}}, "compiling broken.wgsl"},
			{groupSource{"second.wgsl", ok, []string{"missing"}}, "compiling second.wgsl (missing)"},
		} {
			ks, layout, err := d.newKernelGroupOf([]groupSource{{"first.wgsl", ok, []string{"a"}}, c.second}, types)
			if err == nil || !strings.Contains(err.Error(), c.want) || ks != nil || layout != nil {
				t.Errorf("%s: kernels %v, layout %v, error %v; want an error naming %q and nothing returned", c.second.name, ks, layout, err, c.want)
			}
		}
		ks, layout, err := d.newKernelGroupOf([]groupSource{{"first.wgsl", ok, []string{"a"}}, {"second.wgsl", ok, []string{"a"}}}, types)
		if err != nil || len(ks) != 2 {
			t.Fatalf("a right group: %d kernels, %v", len(ks), err)
		}
		for _, k := range ks {
			k.release()
		}
		layout.Release()
		if _, _, err := d.newKernelGroupOf(nil, types); err == nil {
			t.Error("an empty group compiled")
		}
	}
}

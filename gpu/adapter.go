package gpu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// AdapterInfo describes one WebGPU adapter as wgpu-native reports it.
type AdapterInfo struct {
	Index   int    // position in Adapters(); stable for one driver setup
	Name    string // the device ("NVIDIA GeForce RTX 4090", "llvmpipe (LLVM 15.0.6, 256 bits)")
	Driver  string // driver description ("Mesa 22.3.6 (LLVM 15.0.6)")
	Vendor  string
	Backend string // vulkan, metal, d3d12
	Type    string // discrete, integrated, cpu, unknown
	Int64   bool   // the adapter offers 64-bit integers in shaders
}

// String is one line of `bandscope devices`.
func (a AdapterInfo) String() string {
	s := fmt.Sprintf("gpu:%d  %s  [%s, %s]", a.Index, a.Name, a.Type, a.Backend)
	if a.Driver != "" {
		s += "  driver: " + a.Driver
	}
	return s
}

// rank orders adapters for "best": discrete before integrated before the
// rest, CPU implementations last.
func (a AdapterInfo) rank() int {
	switch a.Type {
	case "discrete":
		return 0
	case "integrated":
		return 1
	case "cpu":
		return 3
	}
	return 2
}

// ErrNoSuchAdapter is wrapped when a selector names an adapter the host
// does not have (gpu:7 on a host with one): the selector is wrong.
var ErrNoSuchAdapter = errors.New("no such adapter")

type noSuchAdapter string

func (e noSuchAdapter) Error() string        { return string(e) }
func (e noSuchAdapter) Is(target error) bool { return target == ErrNoSuchAdapter }

// ErrNoAdapter is returned when the host has no usable WebGPU adapter.
var ErrNoAdapter = errors.New("gpu: no WebGPU adapter found (install a Vulkan, Metal or D3D12 driver; on Linux without a GPU, Mesa's lavapipe: apt-get install mesa-vulkan-drivers libvulkan1)")

// ParseSelector reads a backend selector: "gpu" (the best adapter), "gpu:N"
// (adapter N of Adapters) or "gpu:NAME" (the first adapter whose name
// contains NAME, case-insensitively). It returns index -1 for "best".
func ParseSelector(s string) (index int, name string, err error) {
	rest, ok := strings.CutPrefix(s, "gpu")
	if !ok {
		return 0, "", fmt.Errorf("gpu: backend %q: want gpu, gpu:N or gpu:NAME", s)
	}
	if rest == "" {
		return -1, "", nil
	}
	rest, ok = strings.CutPrefix(rest, ":")
	if !ok || rest == "" {
		return 0, "", fmt.Errorf("gpu: backend %q: want gpu, gpu:N or gpu:NAME", s)
	}
	if n, err := strconv.Atoi(rest); err == nil {
		if n < 0 {
			return 0, "", fmt.Errorf("gpu: backend %q: adapter index must not be negative", s)
		}
		return n, "", nil
	}
	return -1, rest, nil
}

// choose picks the adapter a selector names from the list.
func choose(list []AdapterInfo, selector string) (AdapterInfo, error) {
	index, name, err := ParseSelector(selector)
	if err != nil {
		return AdapterInfo{}, err
	}
	if len(list) == 0 {
		return AdapterInfo{}, ErrNoAdapter
	}
	switch {
	case name != "":
		for _, a := range list {
			if strings.Contains(strings.ToLower(a.Name), strings.ToLower(name)) {
				return a, nil
			}
		}
		return AdapterInfo{}, noSuchAdapter(fmt.Sprintf("gpu: no adapter named like %q (see bandscope devices)", name))
	case index >= 0:
		if index >= len(list) {
			return AdapterInfo{}, noSuchAdapter(fmt.Sprintf("gpu: adapter gpu:%d does not exist; this host has %d (gpu:0..gpu:%d)", index, len(list), len(list)-1))
		}
		return list[index], nil
	}
	best := list[0]
	for _, a := range list[1:] {
		if a.rank() < best.rank() {
			best = a
		}
	}
	return best, nil
}

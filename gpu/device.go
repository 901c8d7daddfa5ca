//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// Vulkan, Metal and D3D12: the backends whose compute shaders Bandscope
// supports (wgpu's GL backend is left out: its compute support is partial and
// it would list the same devices twice).
const primaryBackends = wgpu.InstanceBackend(1<<0 | 1<<2 | 1<<3)

func init() {
	// wgpu-native logs warnings about missing window-system extensions on
	// headless hosts; only errors are worth a user's attention.
	wgpu.SetLogLevel(wgpu.LogLevelError)
}

// QuietLogs stops wgpu-native's own log lines on stderr: a command whose
// errors are one line each gets wgpu's failures as errors instead.
func QuietLogs() { wgpu.SetLogLevel(wgpu.LogLevelOff) }

// Device is an opened adapter with its device and queue. Open it once, share
// it between scorers, Release it when done. It is safe for concurrent use.
type Device struct {
	info    AdapterInfo
	adapter *wgpu.Adapter
	dev     *wgpu.Device
	queue   *wgpu.Queue
	limits  wgpu.Limits

	mu       sync.Mutex // serialises submissions and readbacks
	released bool

	prof    *profiler // timing every pass (Profile), or nil
	profWhy string    // why prof is nil

	written atomic.Uint64 // bytes the host wrote into buffers (BytesWritten)
	waits   waitClock     // how long some goroutine waited for the device (Waited)
}

// waitClock adds up the time during which at least one goroutine waits for
// the device: several features' device halves wait side by side, and their
// waits overlap.
type waitClock struct {
	mu      sync.Mutex
	waiters int
	since   time.Time     // when the current overlap began
	total   time.Duration // the overlaps that ended
}

func (c *waitClock) begin() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.waiters == 0 {
		c.since = time.Now()
	}
	c.waiters++
}

func (c *waitClock) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.waiters--; c.waiters == 0 {
		c.total += time.Since(c.since)
	}
}

// waited is the total so far, an overlap in progress included.
func (c *waitClock) waited() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.waiters > 0 {
		return c.total + time.Since(c.since)
	}
	return c.total
}

// instanceMu serialises adapter enumeration and device creation.
var instanceMu sync.Mutex

// guard turns a panic of the bindings (they panic on validation errors) into
// an error, so that none reaches a user.
func guard(err *error, what string) {
	if r := recover(); r != nil {
		if e, ok := r.(error); ok {
			*err = fmt.Errorf("gpu: %s: %w", what, e)
		} else {
			*err = fmt.Errorf("gpu: %s: %v", what, r)
		}
	}
}

func adapterInfo(i int, a *wgpu.Adapter) AdapterInfo {
	gi := a.GetInfo()
	typ := "unknown"
	switch gi.AdapterType {
	case wgpu.AdapterTypeDiscreteGPU:
		typ = "discrete"
	case wgpu.AdapterTypeIntegratedGPU:
		typ = "integrated"
	case wgpu.AdapterTypeCPU:
		typ = "cpu"
	}
	backend := gi.BackendType.String()
	switch gi.BackendType {
	case wgpu.BackendTypeVulkan:
		backend = "vulkan"
	case wgpu.BackendTypeMetal:
		backend = "metal"
	case wgpu.BackendTypeD3D12:
		backend = "d3d12"
	}
	return AdapterInfo{Index: i, Name: gi.Device, Driver: gi.Description, Vendor: gi.Vendor,
		Backend: backend, Type: typ, Int64: a.HasFeature(wgpu.NativeFeatureShaderInt64)}
}

// The process keeps one instance for its lifetime: creating a second one
// after releasing the first crashes inside wgpu-native now and then (seen on
// lavapipe), and an instance costs nothing while idle.
var (
	instanceOnce sync.Once
	instanceVal  *wgpu.Instance
	instanceErr  error
)

func instance() (*wgpu.Instance, error) {
	instanceOnce.Do(func() {
		ensureRuntimeDir()
		defer guard(&instanceErr, "creating the WebGPU instance")
		instanceVal = wgpu.CreateInstance(&wgpu.InstanceDescriptor{Backends: primaryBackends})
	})
	return instanceVal, instanceErr
}

// ensureRuntimeDir gives Vulkan drivers a private XDG_RUNTIME_DIR when the
// session has none (servers, CI, containers): Mesa otherwise prints an
// error line on every run, which reads like a failure in a tool's output.
func ensureRuntimeDir() {
	if os.Getenv("XDG_RUNTIME_DIR") != "" {
		return
	}
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("bandscope-runtime-%d", os.Getuid()))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		return // not ours to use
	}
	os.Setenv("XDG_RUNTIME_DIR", dir)
}

// enumerate lists the adapters of the instance; the caller releases them.
func enumerate() (inst *wgpu.Instance, ads []*wgpu.Adapter, infos []AdapterInfo, err error) {
	if inst, err = instance(); err != nil {
		return nil, nil, nil, err
	}
	instanceMu.Lock()
	defer instanceMu.Unlock()
	defer guard(&err, "listing adapters")
	ads = inst.EnumerateAdapters(&wgpu.InstanceEnumerateAdapterOptons{Backends: primaryBackends})
	for i, a := range ads {
		infos = append(infos, adapterInfo(i, a))
	}
	return inst, ads, infos, nil
}

// Adapters lists the WebGPU adapters of this host, in the order gpu:N names
// them. An empty list is not an error.
func Adapters() ([]AdapterInfo, error) {
	_, ads, infos, err := enumerate()
	for _, a := range ads {
		a.Release()
	}
	return infos, err
}

// Open opens the adapter a selector names ("gpu", "gpu:N", "gpu:NAME").
func Open(selector string) (d *Device, err error) {
	_, ads, infos, err := enumerate()
	if err != nil {
		return nil, err
	}
	chosen, err := choose(infos, selector)
	if err != nil {
		for _, a := range ads {
			a.Release()
		}
		return nil, err
	}
	for i, a := range ads {
		if i != chosen.Index {
			a.Release()
		}
	}
	adapter := ads[chosen.Index]
	d = &Device{info: chosen, adapter: adapter}
	defer func() {
		// d may be nil here: a failed return clears it.
		if err != nil {
			adapter.Release()
		}
	}()
	defer guard(&err, "opening "+chosen.Name)
	// No DeviceLostCallback: the bindings put a Go pointer inside a C
	// struct for it, which cgo's pointer check rejects. A lost device shows
	// up instead as a failed mapping or a failed submission, which submit
	// reports as an error.
	//
	// Ask for the adapter's own limits: the defaults cap storage buffers at
	// 128 MiB, which the c-value histograms of large pictures exceed.
	// The bindings leave wgpu-native's extra limits partly uninitialised
	// (garbage on some calls); requestLimits leaves them undefined.
	limits := requestLimits(d.adapter.GetLimits())
	// Timing passes (Profile) needs timestamp queries, asked for only
	// when wanted.
	var features []wgpu.FeatureName
	d.profWhy = "not asked for (" + ProfileEnv + "=1 times every pass)"
	if wantProfile() {
		if ok, why := profileSupport(d.adapter); ok {
			features = profileFeatures
		} else {
			d.profWhy = why
		}
	}
	dev, err := func() (*wgpu.Device, error) {
		instanceMu.Lock()
		defer instanceMu.Unlock()
		return d.adapter.RequestDevice(&wgpu.DeviceDescriptor{Label: "bandscope", RequiredFeatures: features, RequiredLimits: &limits})
	}()
	if err != nil {
		return nil, fmt.Errorf("gpu: opening %s: %w", chosen.Name, err)
	}
	d.dev = dev
	d.queue = dev.GetQueue()
	// Device.GetLimits trips cgo's pointer check in these bindings; the
	// device has exactly the limits it was asked for.
	d.limits = limits
	d.logGranted()
	if features != nil {
		if err := d.startProfile(); err != nil {
			d.profWhy = err.Error()
		} else {
			d.profWhy = ""
		}
	}
	return d, nil
}

// Info describes the opened adapter.
func (d *Device) Info() AdapterInfo { return d.info }

// check reports a released device. A lost one shows up as a failed
// submission or mapping (see Open).
// usable refuses to build a scorer (what: its constructor) on a device
// that is not open or was released, or without a configuration.
func (d *Device) usable(what string, hasConfig bool) error {
	if d == nil || d.dev == nil {
		return fmt.Errorf("gpu: %s needs an opened Device", what)
	}
	if !hasConfig {
		return fmt.Errorf("gpu: %s needs a configuration", what)
	}
	return d.check()
}

func (d *Device) check() error {
	if d.released {
		return errors.New("gpu: device used after Release")
	}
	return nil
}

// Release frees the device. Scorers made on it must be closed first.
func (d *Device) Release() (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.released {
		return nil
	}
	defer guard(&err, "releasing device")
	d.released = true
	if d.prof != nil {
		d.prof.release()
	}
	d.queue.Release()
	d.dev.Release()
	d.adapter.Release()
	return nil
}

//go:build cgo && !js

package gpu

/*
#include <stdint.h>

// wgpu-native's wgpuCommandEncoderWriteTimestamp (native feature
// TimestampQueryInsideEncoders), which the Go bindings do not wrap; the
// handles are opaque pointers.
extern void wgpuCommandEncoderWriteTimestamp(void *commandEncoder, void *querySet, uint32_t queryIndex);
*/
import "C"

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// ProfileEnv, when true (1, true) while a Device is opened, makes it time
// every pass on the device with timestamp queries, where the adapter has
// them (Device.Profile).
const ProfileEnv = "BANDSCOPE_GPU_PROFILE"

// profileFeatures are what timing passes needs: timestamp queries, written
// between passes by the command encoder.
var profileFeatures = []wgpu.FeatureName{wgpu.FeatureNameTimestampQuery, wgpu.NativeFeatureTimestampQueryInsideEncoders}

// profileSlots is how many steps of one submission are timed (two
// queries each, within wgpu's 8192 a query set); later steps are counted
// in Profile's "untimed" line.
//
// Times are the resolved timestamps' differences taken as nanoseconds.
// wgpu-native (v27) has no query for an adapter's tick length; NVIDIA's,
// Apple's and lavapipe's ticks are nanoseconds. On an adapter whose ticks
// are longer the shares and the order of the table still hold.
const profileSlots = 2048

// PassTime is the device time of one kind of step over the profile:
// a kernel (its WGSL file and entry point), a copy or a clear.
type PassTime struct {
	Name  string
	Calls int
	Total time.Duration
}

// profiler times a Device's steps: a query set, the buffer it resolves
// into and the staging buffer read back, and the totals.
type profiler struct {
	qs       *wgpu.QuerySet
	resolve  *wgpu.Buffer
	staging  *wgpu.Buffer
	totals   map[string]*PassTime
	untimed  int
	failures int
}

// ProfileWanted reports whether ProfileEnv asks for a profile.
func ProfileWanted() bool { return wantProfile() }

// wantProfile reports whether ProfileEnv asks for a profile (1, true...:
// strconv.ParseBool's true).
func wantProfile() bool {
	v, err := strconv.ParseBool(os.Getenv(ProfileEnv))
	return err == nil && v
}

// profileSupport says whether adapter a can time passes, and if not why.
func profileSupport(a *wgpu.Adapter) (bool, string) {
	for _, f := range profileFeatures {
		if !a.HasFeature(f) {
			return false, fmt.Sprintf("the adapter lacks %s", f)
		}
	}
	return true, ""
}

// startProfile makes d's profiler (the device was opened with
// profileFeatures). The caller holds no lock: d is not shared yet.
func (d *Device) startProfile() (err error) {
	defer guard(&err, "starting the profile")
	qs, err := d.dev.TryCreateQuerySet(&wgpu.QuerySetDescriptor{Label: "profile", Type: wgpu.QueryTypeTimestamp, Count: 2 * profileSlots})
	if err != nil {
		return err
	}
	p := &profiler{qs: qs, totals: map[string]*PassTime{}}
	if p.resolve, err = d.dev.TryCreateBuffer(&wgpu.BufferDescriptor{Label: "profile resolve", Size: 16 * profileSlots,
		Usage: wgpu.BufferUsageQueryResolve | wgpu.BufferUsageCopySrc}); err != nil {
		qs.Release()
		return err
	}
	if p.staging, err = d.dev.TryCreateBuffer(&wgpu.BufferDescriptor{Label: "profile staging", Size: 16 * profileSlots,
		Usage: wgpu.BufferUsageMapRead | wgpu.BufferUsageCopyDst}); err != nil {
		p.resolve.Release()
		qs.Release()
		return err
	}
	d.prof = p
	return nil
}

// handle is the C handle a bindings object wraps: its first field (the
// bindings' CommandEncoder and QuerySet, v1.0.0, begin with it).
func handle[T any](obj *T) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(obj)) }

// stamp writes timestamp query i between passes.
func (p *profiler) stamp(enc *wgpu.CommandEncoder, i int) {
	C.wgpuCommandEncoderWriteTimestamp(handle(enc), handle(p.qs), C.uint32_t(i))
}

// stepName is what Profile calls a step.
func stepName(s step) string {
	switch {
	case s.label != "":
		return s.label
	case s.k != nil:
		return s.k.name
	case s.clear:
		return "clear"
	case s.dst != nil:
		return "copy on the device"
	default:
		return "copy for readback"
	}
}

// finishRecording resolves the timed steps' queries and copies them to
// the staging buffer; it returns how many steps were timed.
func (p *profiler) finishRecording(enc *wgpu.CommandEncoder, steps int) (int, error) {
	n := min(steps, profileSlots)
	p.untimed += steps - n
	if n == 0 {
		return 0, nil
	}
	if err := enc.TryResolveQuerySet(p.qs, 0, uint32(2*n), p.resolve, 0); err != nil {
		return 0, err
	}
	return n, enc.TryCopyBufferToBuffer(p.resolve, 0, p.staging, 0, uint64(16*n))
}

// collect reads the timestamps of the first n steps back (after the
// submission has run) and adds each step's time to its name's total. The
// caller holds d.mu.
func (d *Device) collect(steps []step, n int) {
	p := d.prof
	if n == 0 {
		return
	}
	var status atomic.Int32
	if err := p.staging.TryMapAsync(wgpu.MapModeRead, 0, uint64(16*n), func(s wgpu.MapAsyncStatus) { status.Store(int32(s)) }); err != nil {
		p.failures++
		return
	}
	// Every poll runs under d.mu while a profile is taken (waitFor), so
	// this one runs the callback; the loop is a guard.
	for start := time.Now(); status.Load() == 0 && time.Since(start) < callbackWait; {
		d.wait()
	}
	if wgpu.MapAsyncStatus(status.Load()) != wgpu.MapAsyncStatusSuccess {
		p.failures++
		return
	}
	b := p.staging.GetMappedRange(0, uint(16*n))
	for i, s := range steps[:n] {
		if s.k != nil && (s.x == 0 || s.y == 0 || s.z == 0) {
			continue // recorded as nothing
		}
		t0 := binary.LittleEndian.Uint64(b[16*i:])
		t1 := binary.LittleEndian.Uint64(b[16*i+8:])
		name := stepName(s)
		pt := p.totals[name]
		if pt == nil {
			pt = &PassTime{Name: name}
			p.totals[name] = pt
		}
		pt.Calls++
		if t1 > t0 {
			pt.Total += time.Duration(t1 - t0)
		}
	}
	if err := p.staging.TryUnmap(); err != nil {
		p.failures++
	}
}

// Profile returns the device time of every kind of step since Open or the
// last ResetProfile, most time first, when the Device times passes
// (ProfileEnv set when it was opened, on an adapter with timestamp
// queries); otherwise nil and why not. Timed steps run one pass each,
// which may add a little time between them, never other bits.
func (d *Device) Profile() ([]PassTime, string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.prof == nil {
		return nil, d.profWhy
	}
	var out []PassTime
	for _, pt := range d.prof.totals {
		out = append(out, *pt)
	}
	slices.SortFunc(out, func(a, b PassTime) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(a.Name, b.Name))
	})
	why := ""
	if d.prof.untimed > 0 || d.prof.failures > 0 {
		why = fmt.Sprintf("%d steps untimed (over %d in a submission), %d readbacks failed", d.prof.untimed, profileSlots, d.prof.failures)
	}
	return out, why
}

// ResetProfile clears Profile's totals.
func (d *Device) ResetProfile() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.prof != nil {
		d.prof.totals = map[string]*PassTime{}
		d.prof.untimed, d.prof.failures = 0, 0
	}
}

// FormatProfile is Profile as a table: each step's calls, total and mean
// time and share of the device time.
func FormatProfile(pts []PassTime) string {
	var total time.Duration
	for _, p := range pts {
		total += p.Total
	}
	s := fmt.Sprintf("%-44s %8s %12s %10s %6s\n", "step", "calls", "total", "mean", "share")
	for _, p := range pts {
		share := 0.0
		if total > 0 {
			share = 100 * float64(p.Total) / float64(total)
		}
		s += fmt.Sprintf("%-44s %8d %12s %10s %5.1f%%\n", p.Name, p.Calls, p.Total.Round(time.Microsecond),
			(p.Total / time.Duration(max(p.Calls, 1))).Round(100*time.Nanosecond), share)
	}
	return s
}

func (p *profiler) release() {
	p.staging.Release()
	p.resolve.Release()
	p.qs.Release()
}

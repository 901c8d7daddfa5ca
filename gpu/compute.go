//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oliverbestmann/webgpu/wgpu"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// kernel is one compute entry point of one WGSL file.
type kernel struct {
	name   string
	pipe   *wgpu.ComputePipeline
	layout *wgpu.BindGroupLayout
	shared bool // layout owned by the kernel group (newKernelGroup)
}

// newKernel compiles the entry point of a WGSL source.
func (d *Device) newKernel(name, src, entry string) (k *kernel, err error) {
	defer guard(&err, "compiling "+name)
	mod, err := d.dev.TryCreateShaderModule(&wgpu.ShaderModuleDescriptor{
		Label: name, WGSLSource: &wgpu.ShaderSourceWGSL{Code: src}})
	if err != nil {
		return nil, fmt.Errorf("gpu: compiling %s: %w", name, err)
	}
	defer mod.Release()
	pipe, err := d.dev.TryCreateComputePipeline(&wgpu.ComputePipelineDescriptor{
		Label: name + ":" + entry, Compute: wgpu.ProgrammableStageDescriptor{Module: mod, EntryPoint: entry}})
	if err != nil {
		return nil, fmt.Errorf("gpu: compiling %s (%s): %w", name, entry, err)
	}
	return &kernel{name: name + ":" + entry, pipe: pipe, layout: pipe.GetBindGroupLayout(0)}, nil
}

func (k *kernel) release() {
	if !k.shared {
		k.layout.Release()
	}
	k.pipe.Release()
}

// newKernelGroup compiles several entry points of one WGSL source with one
// explicit layout (a uniform at binding 0, then the given buffer types), so
// that one bind group serves all of them even where an entry point leaves a
// binding unused. The returned layout is released by the caller after the
// kernels.
func (d *Device) newKernelGroup(name, src string, entries []string, types []wgpu.BufferBindingType) (ks []*kernel, layout *wgpu.BindGroupLayout, err error) {
	return d.newKernelGroupOf([]groupSource{{name, src, entries}}, types)
}

// groupSource is one WGSL module of a kernel group and the entry points
// compiled from it.
type groupSource struct {
	name, src string
	entries   []string
}

// newKernelGroupOf is newKernelGroup over several modules sharing the one
// layout, in order: a module may view a buffer as another type than its
// neighbours do (cambi_pool_find.wgsl reads as plain words the histogram
// cambi_pool.wgsl counts with atomics). On any error, a panic recovered
// included, everything compiled so far is released.
func (d *Device) newKernelGroupOf(srcs []groupSource, types []wgpu.BufferBindingType) (ks []*kernel, layout *wgpu.BindGroupLayout, err error) {
	if len(srcs) == 0 {
		return nil, nil, errors.New("gpu: a kernel group needs a shader")
	}
	name := srcs[0].name
	defer func() { // after guard, which turns a panic into err
		if err != nil {
			for _, k := range ks {
				k.release()
			}
			if layout != nil {
				layout.Release()
			}
			ks, layout = nil, nil
		}
	}()
	defer guard(&err, "compiling "+name)
	le := []wgpu.BindGroupLayoutEntry{{Binding: 0, Visibility: wgpu.ShaderStageCompute,
		Buffer: wgpu.BufferBindingLayout{Type: wgpu.BufferBindingTypeUniform}}}
	for i, t := range types {
		le = append(le, wgpu.BindGroupLayoutEntry{Binding: uint32(i + 1), Visibility: wgpu.ShaderStageCompute,
			Buffer: wgpu.BufferBindingLayout{Type: t}})
	}
	if layout, err = d.dev.TryCreateBindGroupLayout(&wgpu.BindGroupLayoutDescriptor{Label: name, Entries: le}); err != nil {
		return ks, nil, fmt.Errorf("gpu: compiling %s: %w", name, err)
	}
	pl, err := d.dev.TryCreatePipelineLayout(&wgpu.PipelineLayoutDescriptor{Label: name, BindGroupLayouts: []*wgpu.BindGroupLayout{layout}})
	if err != nil {
		return ks, layout, fmt.Errorf("gpu: compiling %s: %w", name, err)
	}
	defer pl.Release()
	for _, g := range srcs {
		if err = d.addKernels(&ks, g, pl, layout); err != nil {
			return ks, layout, err
		}
	}
	return ks, layout, nil
}

// addKernels compiles g's entry points with the pipeline layout pl (whose
// bind group layout is layout) and appends them to ks.
func (d *Device) addKernels(ks *[]*kernel, g groupSource, pl *wgpu.PipelineLayout, layout *wgpu.BindGroupLayout) error {
	mod, err := d.dev.TryCreateShaderModule(&wgpu.ShaderModuleDescriptor{
		Label: g.name, WGSLSource: &wgpu.ShaderSourceWGSL{Code: g.src}})
	if err != nil {
		return fmt.Errorf("gpu: compiling %s: %w", g.name, err)
	}
	defer mod.Release()
	for _, e := range g.entries {
		pipe, err := d.dev.TryCreateComputePipeline(&wgpu.ComputePipelineDescriptor{
			Label: g.name + ":" + e, Layout: pl, Compute: wgpu.ProgrammableStageDescriptor{Module: mod, EntryPoint: e}})
		if err != nil {
			return fmt.Errorf("gpu: compiling %s (%s): %w", g.name, e, err)
		}
		*ks = append(*ks, &kernel{name: g.name + ":" + e, pipe: pipe, layout: layout, shared: true})
	}
	return nil
}

// storage usage: read and written by shaders, filled by uploads, copied out.
const storageUsage = wgpu.BufferUsageStorage | wgpu.BufferUsageCopyDst | wgpu.BufferUsageCopySrc

// newBuffer allocates a zeroed buffer of at least size bytes (rounded up to
// a multiple of 4, and at least 4: WebGPU rejects empty bindings).
func (d *Device) newBuffer(label string, size uint64, usage wgpu.BufferUsage) (b *wgpu.Buffer, err error) {
	defer guard(&err, "allocating "+label)
	size = max(4, (size+3)&^3)
	if err := d.checkBuffer(label, size, usage); err != nil {
		return nil, err
	}
	b, err = d.dev.TryCreateBuffer(&wgpu.BufferDescriptor{Label: label, Size: size, Usage: usage})
	if err != nil {
		return nil, fmt.Errorf("gpu: allocating %s (%d bytes): %w", label, size, err)
	}
	return b, nil
}

// newUniform makes a uniform buffer holding params (padded to 16 bytes).
func (d *Device) newUniform(label string, params []uint32) (*wgpu.Buffer, error) {
	words := append([]uint32(nil), params...)
	for len(words)%4 != 0 {
		words = append(words, 0)
	}
	b, err := d.newBuffer(label, uint64(4*len(words)), wgpu.BufferUsageUniform|wgpu.BufferUsageCopyDst)
	if err != nil {
		return nil, err
	}
	return b, d.write(b, 0, wgpu.ToBytes(words))
}

// write uploads data (its length rounded down... never: callers pad) at off.
// It holds the device's lock like submit: a run's motion uploads from the
// collector while the worker scores the next frame, and each call's error
// scope must not interleave with another's.
func (d *Device) write(b *wgpu.Buffer, off uint64, data []byte) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	defer guard(&err, "uploading")
	if len(data)%4 != 0 {
		data = append(append([]byte(nil), data...), make([]byte, 4-len(data)%4)...)
	}
	d.written.Add(uint64(len(data)))
	return d.queue.TryWriteBuffer(b, off, data)
}

// wait blocks until the device has run everything submitted (and mapped
// what was asked), counting the time in Waited. The caller holds d.mu.
func (d *Device) wait() {
	d.waits.begin()
	defer d.waits.end()
	d.dev.Poll(true, nil)
}

// Waited is how long the host has waited for the device since Open,
// counting once a time when several goroutines wait at once (a frame's
// features wait side by side): the device's share of a run's wall time
// (its passes, plus each submission's round trip). The rest of a GPU run's
// time per frame is host work (decoding, uploading, encoding, finishing
// the scores), which no GPU makes faster: benchmarks report both.
func (d *Device) Waited() time.Duration { return d.waits.waited() }

// BytesWritten is how many bytes the host has written into the device's
// buffers since Open: pictures, uniforms, tables. Tests count a frame's
// uploads with it (a Frame uploads each plane once, whatever the number of
// scorers reading it).
func (d *Device) BytesWritten() uint64 { return d.written.Load() }

// bind makes the bind group of a kernel: buffers bound at 0, 1, 2...
func (d *Device) bind(k *kernel, bufs ...*wgpu.Buffer) (g *wgpu.BindGroup, err error) {
	defer guard(&err, "binding "+k.name)
	entries := make([]wgpu.BindGroupEntry, len(bufs))
	for i, b := range bufs {
		entries[i] = wgpu.BindGroupEntry{Binding: uint32(i), Buffer: b, Size: wgpu.WholeSize}
	}
	g, err = d.dev.TryCreateBindGroup(&wgpu.BindGroupDescriptor{Label: k.name, Layout: k.layout, Entries: entries})
	if err != nil {
		return nil, fmt.Errorf("gpu: binding %s: %w", k.name, err)
	}
	return g, nil
}

// step is one recorded operation of a submission: a dispatch, a copy from
// a device buffer into the readback staging buffer (or, with dst, into
// another device buffer), or, with clear, zeroing dst.
type step struct {
	k       *kernel
	group   *wgpu.BindGroup
	x, y, z uint32

	src          *wgpu.Buffer // copy when set
	srcOff, size uint64
	dstOff       uint64
	dst          *wgpu.Buffer // device-to-device copy (or clear) when set
	clear        bool

	label string // what a profile calls a step that is none of these
}

// copyStep copies size bytes (rounded up to whole words: every buffer is)
// from the start of src to the start of dst on the device.
func copyStep(src, dst *wgpu.Buffer, size uint64) step {
	return step{src: src, dst: dst, size: (size + 3) &^ 3}
}

// groups is how many workgroups of size n cover count invocations.
func groups(count, n int) uint32 { return uint32((count + n - 1) / n) }

// submit records the steps in one command buffer, runs it and waits; when
// staging is set, the copies land in it and it is mapped for reading, and
// read is called with its bytes before it is unmapped.
func (d *Device) submit(steps []step, staging *wgpu.Buffer, read func([]byte)) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.check(); err != nil {
		return err
	}
	if err := d.checkDispatches(steps); err != nil {
		return err
	}
	defer guard(&err, "running shaders")
	enc, err := d.dev.TryCreateCommandEncoder(nil)
	if err != nil {
		return fmt.Errorf("gpu: %w", err)
	}
	defer enc.Release()
	if err := d.record(&encoding{enc: enc, staging: staging}, steps); err != nil {
		return err
	}
	if d.prof != nil {
		var timedSteps int
		if timedSteps, err = d.prof.finishRecording(enc, len(steps)); err != nil {
			return fmt.Errorf("gpu: profiling: %w", err)
		}
		defer func() {
			if err == nil {
				d.collect(steps, timedSteps)
			}
		}()
	}
	cmd, err := enc.TryFinish(nil)
	if err != nil {
		return fmt.Errorf("gpu: %w", err)
	}
	defer cmd.Release()
	idx := uint64(d.queue.Submit(cmd))
	if staging == nil {
		d.waitFor(idx, nil)
		return d.check()
	}
	return d.readBack(idx, staging, read)
}

// encoding is a command buffer being encoded: dispatches go into a
// compute pass, opened at the first and closed before a copy.
type encoding struct {
	enc     *wgpu.CommandEncoder
	pass    *wgpu.ComputePassEncoder
	staging *wgpu.Buffer
}

// endPass closes the open compute pass, if any.
func (r *encoding) endPass() error {
	if r.pass == nil {
		return nil
	}
	err := r.pass.TryEnd()
	r.pass.Release()
	r.pass = nil
	if err != nil {
		return fmt.Errorf("gpu: %w", err)
	}
	return nil
}

// step records one step: a dispatch (none for an empty grid), a clear, a
// copy on the device or a copy into the staging buffer.
func (r *encoding) step(s step) error {
	if s.k != nil {
		if r.pass == nil {
			r.pass = r.enc.BeginComputePass(nil)
		}
		if s.x == 0 || s.y == 0 || s.z == 0 {
			return nil
		}
		r.pass.SetPipeline(s.k.pipe)
		r.pass.SetBindGroup(0, s.group, nil)
		r.pass.DispatchWorkgroups(s.x, s.y, s.z)
		return nil
	}
	if err := r.endPass(); err != nil {
		return err
	}
	switch {
	case s.clear:
		if err := r.enc.TryClearBuffer(s.dst, s.dstOff, s.size); err != nil {
			return fmt.Errorf("gpu: clearing: %w", err)
		}
	case s.dst != nil:
		if err := r.enc.TryCopyBufferToBuffer(s.src, s.srcOff, s.dst, s.dstOff, s.size); err != nil {
			return fmt.Errorf("gpu: copying on the device: %w", err)
		}
	default:
		if err := r.enc.TryCopyBufferToBuffer(s.src, s.srcOff, r.staging, s.dstOff, s.size); err != nil {
			return fmt.Errorf("gpu: copying results: %w", err)
		}
	}
	return nil
}

// record records every step; when profiling, each timed step in a pass of
// its own, between two timestamps.
func (d *Device) record(r *encoding, steps []step) error {
	for i, s := range steps {
		timed := d.prof != nil && i < profileSlots
		if timed {
			if err := r.endPass(); err != nil {
				return err
			}
			d.prof.stamp(r.enc, 2*i)
		}
		if err := r.step(s); err != nil {
			return err
		}
		if timed {
			if err := r.endPass(); err != nil {
				return err
			}
			d.prof.stamp(r.enc, 2*i+1)
		}
	}
	return r.endPass()
}

// readBack waits for submission idx, maps the staging buffer, hands its
// bytes to read and unmaps it.
func (d *Device) readBack(idx uint64, staging *wgpu.Buffer, read func([]byte)) error {
	size := staging.GetSize()
	var status atomic.Int32 // 0 until the mapping's callback has run
	if err := staging.TryMapAsync(wgpu.MapModeRead, 0, size, func(s wgpu.MapAsyncStatus) { status.Store(int32(s)) }); err != nil {
		return fmt.Errorf("gpu: reading results: %w", err)
	}
	d.waitFor(idx, &status)
	if err := d.check(); err != nil {
		return err
	}
	if s := wgpu.MapAsyncStatus(status.Load()); s != wgpu.MapAsyncStatusSuccess {
		return fmt.Errorf("gpu: reading results: mapping failed (%s)", s)
	}
	read(staging.GetMappedRange(0, uint(size)))
	return staging.TryUnmap()
}

// waitFor waits for submission idx to have run and, when mapped is not
// nil, for its mapping's callback (which any goroutine's poll may run).
// The caller holds d.mu; waitFor lets go of it while it waits, so that
// other goroutines record, submit and upload meanwhile (a run's reader
// stages the next frame while the device scores this one). Polling needs
// no lock: it takes no error scope, and wgpu-native's device is safe to
// use from several threads.
func (d *Device) waitFor(idx uint64, mapped *atomic.Int32) {
	if d.prof == nil {
		// A profile shares one query set and staging buffer between
		// submissions, and its readback expects its own poll to run its
		// callback: with a profile every poll stays under d.mu.
		d.mu.Unlock()
		defer d.mu.Lock()
	}
	start := time.Now()
	d.waits.begin()
	defer d.waits.end()
	d.dev.Poll(true, &idx)
	for mapped != nil && mapped.Load() == 0 && time.Since(start) < callbackWait {
		// Another goroutine's poll may be running the callback now.
		d.dev.Poll(true, nil)
		if mapped.Load() == 0 {
			runtime.Gosched()
		}
	}
}

// callbackWait bounds how long a wait polls for a mapping callback that
// another goroutine's poll may have picked up: long enough for any
// scheduler, short of a hang.
const callbackWait = 10 * time.Second

// asU32 views a byte slice as uint32 words (the mapped range is aligned).
func asU32(b []byte) []uint32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// recorder is what a scorer's recorded passes own: the device, and every
// buffer and bind group it made (released together by releaseAll).
type recorder struct {
	d       *Device
	buffers []*wgpu.Buffer
	groups  []*wgpu.BindGroup
}

// buffer makes a storage buffer the recorder owns.
func (r *recorder) buffer(label string, size uint64) (*wgpu.Buffer, error) {
	b, err := r.d.newBuffer(label, size, storageUsage)
	if err == nil {
		r.buffers = append(r.buffers, b)
	}
	return b, err
}

// lumaInputs makes the packed-luma input buffers of a full-reference
// scorer's two pictures (reference, distorted) of w x h samples, each with
// its validation word, and the dispatches of validate that find a sample
// over bitDepth's range (none at 16 bits, where every sample is in range).
func (r *recorder) lumaInputs(validate *kernel, label string, w, h, bitDepth int) (in, bad [2]*wgpu.Buffer, steps []step, err error) {
	for i := range in {
		if in[i], err = r.buffer(label+" input", uint64(2*w*h)); err != nil {
			return in, bad, nil, err
		}
		if bad[i], err = r.buffer(label+" validation", 4); err != nil {
			return in, bad, nil, err
		}
		if bitDepth < 16 {
			st, err := r.bindStep(validate, []uint32{uint32(w), uint32(h), uint32(w), 1<<bitDepth - 1}, in[i], bad[i])
			if err != nil {
				return in, bad, nil, err
			}
			st.x, st.y = groups(w, 8), groups(h, 8)
			steps = append(steps, st)
		}
	}
	return in, bad, steps, nil
}

// Readback layout of a full-reference scorer (ADM, VIF): the two
// validation words, then the accumulators, then (with maps) each scale's
// map planes.
const (
	pairBadOff = 0
	pairAccOff = 8
)

// pairReadback ends a full-reference scorer's two dispatch lists with the
// copies into a staging buffer it makes: the validation words and the
// accumulators for both, each scale's maps (mapBytes[sc] of maps[sc]; 0 for
// a skipped scale, whose offset stays 0) for the maps list alone.
func (r *recorder) pairReadback(label string, bad [2]*wgpu.Buffer, acc *wgpu.Buffer, accBytes uint64,
	maps []*wgpu.Buffer, mapBytes []uint64, score, withMaps []step) (scoreSteps, mapSteps []step, mapOff []uint64, staging *wgpu.Buffer, err error) {
	copies := []step{
		{src: bad[0], size: 4, dstOff: pairBadOff},
		{src: bad[1], size: 4, dstOff: pairBadOff + 4},
		{src: acc, size: accBytes, dstOff: pairAccOff},
	}
	scoreSteps = append(score, copies...)
	mapSteps = append(withMaps, copies...)
	mapOff = make([]uint64, len(maps))
	off := pairAccOff + accBytes
	for sc, m := range maps {
		if mapBytes[sc] == 0 {
			continue
		}
		mapOff[sc] = off
		mapSteps = append(mapSteps, step{src: m, size: mapBytes[sc], dstOff: off})
		off += mapBytes[sc]
	}
	if staging, err = r.d.newBuffer(label+" readback", off, wgpu.BufferUsageMapRead|wgpu.BufferUsageCopyDst); err != nil {
		return nil, nil, nil, nil, err
	}
	r.buffers = append(r.buffers, staging)
	return scoreSteps, mapSteps, mapOff, staging, nil
}

// bindStep binds a kernel to a uniform of params and the buffers into a
// step with no workgroups yet (the caller sets them).
func (r *recorder) bindStep(k *kernel, params []uint32, bufs ...*wgpu.Buffer) (step, error) {
	u, err := r.d.newUniform(k.name, params)
	if err != nil {
		return step{}, err
	}
	r.buffers = append(r.buffers, u)
	g, err := r.d.bind(k, append([]*wgpu.Buffer{u}, bufs...)...)
	if err != nil {
		return step{}, err
	}
	r.groups = append(r.groups, g)
	return step{k: k, group: g, z: 1}, nil
}

// releaseAll releases a scorer's bind groups, then the buffers they bind.
func releaseAll(groups []*wgpu.BindGroup, buffers []*wgpu.Buffer) {
	for _, g := range groups {
		g.Release()
	}
	for _, b := range buffers {
		b.Release()
	}
}

// tightRows is p's first w x h samples with the rows back to back, as the
// shaders read an uploaded plane: p.Pix itself when it has no stride
// padding, else a copy into *scratch (allocated once, kept for the next
// frame).
func tightRows(p yuv.Plane, w, h int, scratch *[]uint16) []uint16 {
	if p.Stride == w {
		return p.Pix[:w*h]
	}
	if len(*scratch) < w*h {
		*scratch = make([]uint16, w*h)
	}
	t := (*scratch)[:w*h]
	for y := 0; y < h; y++ {
		copy(t[y*w:(y+1)*w], p.Pix[y*p.Stride:y*p.Stride+w])
	}
	return t
}

//go:build cgo && !js

package gpu

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oliverbestmann/webgpu/wgpu"
)

// A stage is one plane's upload buffer on the host's side of the bus
// (MapWrite|CopySrc), kept mapped between uploads. Frame.Upload fills the
// stages of a frame's planes on every core at once, then the device
// copies them into the planes' buffers. Queue.WriteBuffer, which it
// replaces, copies on one thread: at 4K 10-bit that copy (about 50 MB a
// frame for a model's two lumas and four chroma planes) was the largest
// host cost on a GPU run's critical path.
type stage struct {
	buf  *wgpu.Buffer
	size uint64       // bytes, a multiple of 4
	st   atomic.Int32 // stageMapped, stageMapping or stageFailed
	err  atomic.Value // the mapping's status when it failed
}

const (
	stageMapped int32 = iota
	stageMapping
	stageFailed
)

// stageBytes is the size of the stage for size bytes: whole words, one at
// least.
func stageBytes(size uint64) uint64 { return max(4, (size+3)&^3) }

// newStage allocates a stage of size bytes (rounded up to whole words),
// mapped for writing.
func (d *Device) newStage(label string, size uint64) (s *stage, err error) {
	size = stageBytes(size)
	if err := d.checkBuffer(label, size, wgpu.BufferUsageMapWrite|wgpu.BufferUsageCopySrc); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	defer guard(&err, "allocating "+label)
	b, err := d.dev.TryCreateBuffer(&wgpu.BufferDescriptor{Label: label, Size: size,
		Usage: wgpu.BufferUsageMapWrite | wgpu.BufferUsageCopySrc, MappedAtCreation: true})
	if err != nil {
		return nil, fmt.Errorf("gpu: allocating %s (%d bytes): %w", label, size, err)
	}
	return &stage{buf: b, size: size}, nil
}

// stagedPlane is one plane of an upload: its samples, its stage and the
// buffer the device copies the stage into.
type stagedPlane struct {
	src []uint16
	st  *stage
	dst *wgpu.Buffer
}

// fillStages writes each plane's samples into its stage (the host half of
// an upload: Frame.Prepare): the stages' mapped ranges are filled on up to
// workers goroutines. copyStages is the device half (Frame.Commit): one
// submission copies them (ordered before any later submission that reads
// the buffers), and the stages are mapped again for the next upload (the
// mapping completes on a later poll; the next fill waits for it if it has
// not).
func (d *Device) fillStages(planes []stagedPlane, workers int) error {
	ranges, err := d.mappedRanges(planes)
	if err != nil {
		return err
	}
	fillParallel(planes, ranges, workers)
	return nil
}

// mappedRanges waits for every stage's mapping and returns the mapped
// bytes.
func (d *Device) mappedRanges(planes []stagedPlane) (ranges [][]byte, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.check(); err != nil {
		return nil, err
	}
	defer guard(&err, "mapping the upload buffers")
	for _, p := range planes {
		// A stage is mapped again right after its copy is submitted; the
		// mapping completes once the copy has run, on the next poll (each
		// submission's wait polls). Poll until it has.
		for start := time.Now(); p.st.st.Load() == stageMapping; {
			if time.Since(start) > callbackWait {
				return nil, errors.New("gpu: an upload buffer's mapping did not complete")
			}
			d.wait()
			if p.st.st.Load() == stageMapping {
				runtime.Gosched() // another goroutine's poll may be running the callback
			}
		}
		if p.st.st.Load() == stageFailed {
			return nil, fmt.Errorf("gpu: mapping an upload buffer failed (%v)", p.st.err.Load())
		}
		if uint64(2*len(p.src)) > p.st.size {
			return nil, fmt.Errorf("gpu: %d samples for an upload buffer of %d bytes", len(p.src), p.st.size)
		}
		r := p.st.buf.GetMappedRange(0, uint(p.st.size))
		if len(r) == 0 || unsafe.SliceData(r) == nil {
			return nil, errors.New("gpu: an upload buffer has no mapped range")
		}
		ranges = append(ranges, r)
	}
	return ranges, nil
}

// fillParallel copies every plane's samples into its mapped range (a
// little-endian []uint16's bytes: the layout the shaders read), and zeroes
// the padding to a whole word, in chunks spread over up to workers
// goroutines (0: the cores, at most 8).
func fillParallel(planes []stagedPlane, ranges [][]byte, workers int) {
	const chunk = 1 << 20 // bytes: large enough to amortise a goroutine
	type piece struct {
		dst, src []byte
	}
	var pieces []piece
	for i, p := range planes {
		src := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(p.src))), 2*len(p.src))
		dst := ranges[i]
		clear(dst[len(src):])
		for off := 0; off < len(src); off += chunk {
			end := min(off+chunk, len(src))
			pieces = append(pieces, piece{dst[off:end], src[off:end]})
		}
	}
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), 8)
	}
	workers = min(workers, len(pieces))
	if workers <= 1 {
		for _, pc := range pieces {
			copy(pc.dst, pc.src)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(pieces); i = int(next.Add(1) - 1) {
				copy(pieces[i].dst, pieces[i].src)
			}
		}()
	}
	wg.Wait()
}

// copyStages unmaps the stages, submits their copies into the planes'
// buffers, and maps the stages again.
func (d *Device) copyStages(planes []stagedPlane) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.check(); err != nil {
		return err
	}
	defer guard(&err, "uploading")
	for _, p := range planes {
		if err := p.st.buf.TryUnmap(); err != nil {
			p.st.st.Store(stageFailed)
			return fmt.Errorf("gpu: uploading: %w", err)
		}
		// Until mapped again: a failure below leaves it unusable.
		p.st.st.Store(stageFailed)
	}
	enc, err := d.dev.TryCreateCommandEncoder(nil)
	if err != nil {
		return fmt.Errorf("gpu: uploading: %w", err)
	}
	defer enc.Release()
	if d.prof != nil {
		d.prof.stamp(enc, 0)
	}
	for _, p := range planes {
		n := (uint64(2*len(p.src)) + 3) &^ 3
		if err := enc.TryCopyBufferToBuffer(p.st.buf, 0, p.dst, 0, n); err != nil {
			return fmt.Errorf("gpu: uploading: %w", err)
		}
		d.written.Add(n)
	}
	timed := 0
	if d.prof != nil {
		d.prof.stamp(enc, 1)
		if timed, err = d.prof.finishRecording(enc, 1); err != nil {
			return fmt.Errorf("gpu: profiling: %w", err)
		}
	}
	cmd, err := enc.TryFinish(nil)
	if err != nil {
		return fmt.Errorf("gpu: uploading: %w", err)
	}
	defer cmd.Release()
	d.queue.Submit(cmd)
	if timed > 0 {
		// Profiling waits for the copies, which a run otherwise overlaps
		// with the host's next work.
		d.collect([]step{{label: "upload (host to device)"}}, timed)
	}
	for _, p := range planes {
		st := p.st
		st.st.Store(stageMapping)
		if err := st.buf.TryMapAsync(wgpu.MapModeWrite, 0, st.size, func(s wgpu.MapAsyncStatus) {
			if s == wgpu.MapAsyncStatusSuccess {
				st.st.Store(stageMapped)
				return
			}
			st.err.Store(s.String())
			st.st.Store(stageFailed)
		}); err != nil {
			st.st.Store(stageFailed)
			return fmt.Errorf("gpu: uploading: %w", err)
		}
	}
	return nil
}

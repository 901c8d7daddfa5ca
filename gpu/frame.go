//go:build cgo && !js

package gpu

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/bandscope/bandscope/kernels/yuv"
	"github.com/oliverbestmann/webgpu/wgpu"
)

//go:embed frame_repack.wgsl
var wgslFrameRepack string

// Frame is one frame's pictures on the device: each plane Upload is asked
// for written once, in the layout every scorer's first pass reads (the
// samples of the plane's rows back to back, two 16-bit samples a word,
// little-endian: the layout of a []uint16). Scorers read it with their
// ScoreFrame methods, copying what they need into their own buffers on the
// device (or repacking it there: SpEED's chroma area), so a frame costs one
// upload per plane whatever the number of features. The reference and the
// distorted picture share their buffers when they are one picture.
//
// A Frame is reused from frame to frame (its buffers are reallocated only
// when the format changes). It keeps the host pictures of the last Upload
// until the next one, so that a scorer can word an out-of-range sample's
// error as the CPU does; the caller must not change them in between.
// Close it before releasing the device.
type Frame struct {
	d      *Device
	mu     sync.Mutex
	pics   [2]*yuv.Picture // reference, distorted (one picture when equal)
	planes [2]Planes
	bufs   [2][3]frameBuf
	closed bool
	view   bool // RefView's: the buffers are another Frame's
	// checked: the last upload's pictures were checked against their bit
	// depth by the caller (UploadChecked), so scorers that check samples
	// on the host (motion) skip it. The others check on the device.
	checked bool
	workers int // SetUploadWorkers

	// stages[k][i][pl]: stage set k of picture i's plane pl. Set 0 is
	// Upload's; Prepare fills sets 1 and up, so that a run's reader can
	// stage the next frames while the device still reads this one.
	stages [StageSets][2][3]*stage
	// staged[k] is the last Prepared of stage set k not yet committed
	// (Commit refuses any other: its stages hold another frame now).
	staged [StageSets]*Prepared
}

// StageSets is how many sets of stage buffers a Frame has: set 0 for
// Upload, the others for Prepare (a run's reader, this many less one
// frames ahead of Commit at most).
const StageSets = 3

// frameBuf is one plane's buffer and size.
type frameBuf struct {
	buf  *wgpu.Buffer
	w, h int
}

// release frees the plane's buffer.
func (fb *frameBuf) release() {
	if fb.buf != nil {
		fb.buf.Release()
	}
	*fb = frameBuf{}
}

// NewFrame makes an empty Frame on d.
func (d *Device) NewFrame() (*Frame, error) {
	if err := d.usable("NewFrame", true); err != nil {
		return nil, err
	}
	return &Frame{d: d}, nil
}

// Upload writes the selected planes of ref and dist (the same picture
// once, with the union of both selections, when ref == dist).
func (f *Frame) Upload(ref, dist *yuv.Picture, refPlanes, distPlanes Planes) error {
	return f.upload(ref, dist, refPlanes, distPlanes, false)
}

// UploadChecked is Upload for pictures whose every sample the caller has
// checked against the picture's bit depth (the engine's clip readers
// refuse any other): scorers then skip their host-side range checks, which
// at 4K cost milliseconds a frame on the host's critical path.
func (f *Frame) UploadChecked(ref, dist *yuv.Picture, refPlanes, distPlanes Planes) error {
	return f.upload(ref, dist, refPlanes, distPlanes, true)
}

func (f *Frame) upload(ref, dist *yuv.Picture, refPlanes, distPlanes Planes, checked bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, err := f.stageLocked(0, ref, dist, refPlanes, distPlanes, checked)
	if err != nil {
		return err
	}
	if err := f.d.fillStages(p.staged, f.workers); err != nil {
		return err
	}
	return f.commitLocked(p)
}

// Prepared is a frame's samples staged by Prepare, for Commit.
type Prepared struct {
	f       *Frame
	set     int
	pics    [2]*yuv.Picture
	planes  [2]Planes
	checked bool
	staged  []stagedPlane // dst is set by Commit
	where   [][2]int      // each staged plane's picture and plane
}

// Prepare is the host half of UploadChecked (checked: the caller has
// checked the samples) or Upload: it copies the planes into stage set
// set (1 to StageSets-1) on the host's side of the bus, without touching
// what the device reads, so that it may run while the device scores the
// frame before. Commit then hands them to the device. The caller keeps
// each set to one frame at a time: a set is Prepared again only after its
// Prepared was committed (or dropped). It waits for the set's last copy
// to have run.
func (f *Frame) Prepare(set int, ref, dist *yuv.Picture, refPlanes, distPlanes Planes, checked bool) (*Prepared, error) {
	if set < 1 || set >= StageSets {
		return nil, fmt.Errorf("gpu: Frame.Prepare: stage set %d (want 1 to %d)", set, StageSets-1)
	}
	f.mu.Lock()
	p, err := f.stageLocked(set, ref, dist, refPlanes, distPlanes, checked)
	f.staged[set] = p // nil after an error: the set's stages are in doubt
	workers := f.workers
	f.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if err := f.d.fillStages(p.staged, workers); err != nil {
		f.mu.Lock()
		if f.staged[set] == p {
			f.staged[set] = nil
		}
		f.mu.Unlock()
		return nil, err
	}
	return p, nil
}

// Commit makes a Prepared frame the Frame's: the device copies its stages
// into the buffers every scorer reads (in the queue's order: after every
// submission made before, before every one after). It is what Upload does
// once the samples are staged.
func (f *Frame) Commit(p *Prepared) error {
	if p == nil || p.f != f {
		return errors.New("gpu: Frame.Commit of another Frame's Prepared")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.staged[p.set] != p {
		return errors.New("gpu: Frame.Commit of a Prepared already committed, or whose stage set was prepared again")
	}
	f.staged[p.set] = nil
	return f.commitLocked(p)
}

// stageLocked lists the planes an upload of ref and dist writes and makes
// sure stage set k holds a stage of the right size for each. The caller
// holds f.mu.
func (f *Frame) stageLocked(k int, ref, dist *yuv.Picture, refPlanes, distPlanes Planes, checked bool) (*Prepared, error) {
	if f.closed {
		return nil, errors.New("gpu: Frame used after Close")
	}
	if f.view {
		return nil, errors.New("gpu: Upload to a Frame's RefView")
	}
	if ref == nil || dist == nil {
		return nil, errors.New("gpu: Frame.Upload needs two pictures")
	}
	p := &Prepared{f: f, set: k, pics: [2]*yuv.Picture{ref, dist}, planes: [2]Planes{refPlanes, distPlanes}, checked: checked}
	if ref == dist {
		p.planes = [2]Planes{refPlanes | distPlanes, refPlanes | distPlanes}
	}
	for i, pic := range p.pics {
		planes := p.planes[i]
		for pl := 0; pl < 3; pl++ {
			want := pl == 0 && planes&Luma != 0 || pl > 0 && planes&Chroma != 0 && pl < pic.Chroma.Planes()
			if !want {
				continue
			}
			if i == 1 && dist == ref {
				continue // ref's buffers serve both (buf)
			}
			w, h := pic.PlaneSize(pl)
			if len(pic.Planes[pl]) < w*h {
				return nil, fmt.Errorf("gpu: Frame.Upload: plane %d has %d samples, want %d", pl, len(pic.Planes[pl]), w*h)
			}
			st := &f.stages[k][i][pl]
			if *st == nil || (*st).size != stageBytes(uint64(2*w*h)) || (*st).st.Load() == stageFailed {
				if *st != nil {
					(*st).buf.Release()
					*st = nil
				}
				ns, err := f.d.newStage(fmt.Sprintf("frame picture %d plane %d upload %d", i, pl, k), uint64(2*w*h))
				if err != nil {
					return nil, err
				}
				*st = ns
			}
			p.staged = append(p.staged, stagedPlane{src: pic.Planes[pl][:w*h], st: *st})
			p.where = append(p.where, [2]int{i, pl})
		}
	}
	return p, nil
}

// commitLocked allocates the planes' buffers where the format changed and
// copies p's stages into them. The caller holds f.mu.
func (f *Frame) commitLocked(p *Prepared) error {
	if f.closed {
		return errors.New("gpu: Frame used after Close")
	}
	f.pics = p.pics
	f.planes = p.planes
	f.checked = false // until every plane is written
	for n, at := range p.where {
		i, pl := at[0], at[1]
		w, h := p.pics[i].PlaneSize(pl)
		fb := &f.bufs[i][pl]
		if fb.buf == nil || fb.w != w || fb.h != h {
			fb.release()
			b, err := f.d.newBuffer(fmt.Sprintf("frame picture %d plane %d", i, pl), uint64(2*w*h), storageUsage)
			if err != nil {
				return err
			}
			*fb = frameBuf{buf: b, w: w, h: h}
		}
		p.staged[n].dst = fb.buf
	}
	if err := f.d.copyStages(p.staged); err != nil {
		return err
	}
	f.checked = p.checked
	return nil
}

// SetUploadWorkers bounds the goroutines an upload copies samples on (0,
// the default: the cores, at most 8): a run's --threads.
func (f *Frame) SetUploadWorkers(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.workers = n
}

// samplesChecked reports whether the last upload's pictures were checked
// by the caller (UploadChecked).
func (f *Frame) samplesChecked() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.checked
}

// buf is picture i's (0 reference, 1 distorted) plane pl as uploaded, with
// the host picture it came from.
func (f *Frame) buf(i, pl int) (frameBuf, *yuv.Picture, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return frameBuf{}, nil, errors.New("gpu: Frame used after Close")
	}
	pic := f.pics[i]
	if pic == nil {
		return frameBuf{}, nil, errors.New("gpu: nothing uploaded to the Frame")
	}
	need := Luma
	if pl > 0 {
		need = Chroma
	}
	if f.planes[i]&need == 0 || pl >= pic.Chroma.Planes() {
		return frameBuf{}, nil, fmt.Errorf("gpu: plane %d was not uploaded to the Frame", pl)
	}
	if i == 1 && f.pics[1] == f.pics[0] {
		i = 0
	}
	return f.bufs[i][pl], pic, nil
}

// pic is picture i of the last Upload.
func (f *Frame) pic(i int) (*yuv.Picture, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pics[i] == nil {
		return nil, errors.New("gpu: nothing uploaded to the Frame")
	}
	return f.pics[i], nil
}

// luma is picture i's luma, checked against the size a scorer was built
// for (the CPU scorers' words when it differs: check).
func (f *Frame) luma(i, w, h int, check func(yuv.Plane) error) (frameBuf, *yuv.Picture, error) {
	fb, pic, err := f.buf(i, 0)
	if err != nil {
		return fb, nil, err
	}
	if fb.w != w || fb.h != h {
		if err := check(pic.Luma()); err != nil {
			return fb, nil, err
		}
		return fb, nil, fmt.Errorf("gpu: a %dx%d picture, want %dx%d", fb.w, fb.h, w, h)
	}
	return fb, pic, nil
}

// RefView is a Frame whose two pictures are both f's reference, on f's
// buffers: the reference scored against itself (the engine's perfect
// copy for --explain) from the upload f already made, nothing written.
// It is valid until f's next Upload; it cannot be uploaded to, and
// closing it leaves f's buffers alone.
func (f *Frame) RefView() *Frame {
	f.mu.Lock()
	defer f.mu.Unlock()
	v := &Frame{d: f.d, view: true, closed: f.closed}
	v.pics = [2]*yuv.Picture{f.pics[0], f.pics[0]}
	v.checked = f.checked
	v.planes = [2]Planes{f.planes[0], f.planes[0]}
	v.bufs[0] = f.bufs[0] // with ref == dist, f's union is there too
	return v
}

// Holds reports whether the last Upload wrote (at least) these planes of
// the reference and of the distorted picture.
func (f *Frame) Holds(ref, dist Planes) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.pics[0] != nil && f.planes[0]&ref == ref && f.planes[1]&dist == dist
}

// Close frees the Frame's buffers.
func (f *Frame) Close() (err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil
	}
	f.closed = true
	if f.view {
		return nil
	}
	defer guard(&err, "closing a Frame")
	for i := range f.bufs {
		for pl := range f.bufs[i] {
			f.bufs[i][pl].release()
		}
	}
	for k := range f.stages {
		for i := range f.stages[k] {
			for pl, st := range f.stages[k][i] {
				if st != nil {
					st.buf.Release()
					f.stages[k][i][pl] = nil
				}
			}
		}
	}
	f.pics = [2]*yuv.Picture{}
	return nil
}

// constWords is a buffer holding words, for per-frame resets on the device
// (a copy from it, not an upload).
func (r *recorder) constWords(label string, words ...uint32) (*wgpu.Buffer, error) {
	b, err := r.buffer(label, uint64(4*len(words)))
	if err != nil {
		return nil, err
	}
	return b, r.d.write(b, 0, wgpu.ToBytes(words))
}

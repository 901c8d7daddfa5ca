//go:build cgo && !js

package gpu

import (
	"fmt"
	"sync"
	"testing"

	"github.com/bandscope/bandscope/kernels/adm"
	"github.com/bandscope/bandscope/kernels/cambi"
	"github.com/bandscope/bandscope/kernels/motion"
	"github.com/bandscope/bandscope/kernels/speed"
	"github.com/bandscope/bandscope/kernels/vif"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// framePictures draws frame t of a case: chroma as speedPictures (cells
// that survive SpEED's decimation), luma a drifting gradient with noise
// against its banded copy (smooth bands on two thirds), so that every feature scores
// clearly off a perfect copy and motion moves.
func framePictures(w, h int, chroma yuv.Chroma, depth, t int) (ref, dist *yuv.Picture) {
	tc := speedCase{w: w, h: h, chroma: chroma, depth: depth}
	ref, dist = speedPictures(&tc, t)
	maxv := 1<<depth - 1
	band := max(depth-5, 1)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			g := (x + 2*t + y/2) * maxv / (w + h/2 + 2*t)
			n := int(speedMix(uint64(t)<<40|uint64(i))%uint64(maxv/24+1)) - maxv/48
			r := min(max(g+n, 0), maxv)
			d := min(max(g>>band<<band+n/2, 0), maxv)
			if y < 2*h/3 {
				// Banding CAMBI sees: one 10-bit code a step, 7 samples wide.
				base := 70 << max(depth-10, 0) >> max(10-depth, 0)
				d = min((base+((x+y+t)/7)%120)<<max(depth-10, 0), maxv)
			}
			ref.Planes[0][i], dist.Planes[0][i] = uint16(r), uint16(d)
		}
	}
	return ref, dist
}

// frameScorers are the scorers a shared Frame feeds, each with a Score on
// planes or pictures and a ScoreFrame, and a check that its result is not
// a perfect copy's.
type frameScorer struct {
	name   string
	score  func(frame int, ref, dist *yuv.Picture, maps bool) (any, error)
	sframe func(frame int, f *Frame, maps bool) (any, error)
	same   func(t *testing.T, want, got any, maps bool)
	off    func(r any) bool
	close  func() error
}

func newFrameScorers(t *testing.T, d *Device, w, h int, chroma yuv.Chroma, depth int) []frameScorer {
	t.Helper()
	var out []frameScorer
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	ac, err := adm.NewConfig(adm.NewOptions(), w, h, depth)
	must(err)
	as, err := NewADM(d, ac)
	must(err)
	out = append(out, frameScorer{name: "adm",
		score: func(n int, r, x *yuv.Picture, m bool) (any, error) { return as.Score(n, r.Luma(), x.Luma(), m) },
		sframe: func(n int, f *Frame, m bool) (any, error) {
			return as.(interface {
				ScoreFrame(int, *Frame, bool) (*adm.FrameResult, error)
			}).ScoreFrame(n, f, m)
		},
		same:  func(t *testing.T, a, b any, m bool) { sameADM(t, a.(*adm.FrameResult), b.(*adm.FrameResult), m) },
		off:   func(r any) bool { return r.(*adm.FrameResult).ADM2 < 0.99 },
		close: as.Close})
	vc, err := vif.NewConfig(vif.NewOptions(), w, h, depth)
	must(err)
	vs, err := NewVIF(d, vc)
	must(err)
	out = append(out, frameScorer{name: "vif",
		score: func(n int, r, x *yuv.Picture, m bool) (any, error) { return vs.Score(n, r.Luma(), x.Luma(), m) },
		sframe: func(n int, f *Frame, m bool) (any, error) {
			return vs.(interface {
				ScoreFrame(int, *Frame, bool) (*vif.FrameResult, error)
			}).ScoreFrame(n, f, m)
		},
		same:  func(t *testing.T, a, b any, m bool) { sameVIF(t, a.(*vif.FrameResult), b.(*vif.FrameResult), m) },
		off:   func(r any) bool { return r.(*vif.FrameResult).Scale[0] < 0.9 },
		close: vs.Close})
	for _, full := range []bool{false, true} {
		o := cambi.NewOptions()
		if full {
			must(o.Set("full_ref", "true"))
		}
		cc, err := cambi.NewConfig(o, w, h, depth)
		must(err)
		cs, err := NewCAMBI(d, cc)
		must(err)
		out = append(out, frameScorer{name: fmt.Sprintf("cambi full_ref=%v", full),
			score: func(n int, r, x *yuv.Picture, m bool) (any, error) { return cs.Score(n, r.Luma(), x.Luma(), m) },
			sframe: func(n int, f *Frame, m bool) (any, error) {
				return cs.(interface {
					ScoreFrame(int, *Frame, bool) (*cambi.FrameResult, error)
				}).ScoreFrame(n, f, m)
			},
			same:  func(t *testing.T, a, b any, m bool) { sameFrame(t, a.(*cambi.FrameResult), b.(*cambi.FrameResult)) },
			off:   func(r any) bool { return r.(*cambi.FrameResult).CAMBI > 0 },
			close: cs.Close})
	}
	sc, err := speed.NewConfig(speed.NewOptions(), yuv.Format{Width: w, Height: h, Chroma: chroma, BitDepth: depth})
	must(err)
	ss, err := NewSpeed(d, sc)
	must(err)
	out = append(out, frameScorer{name: "speed_chroma",
		score: func(n int, r, x *yuv.Picture, m bool) (any, error) { return ss.Score(n, r, x, m) },
		sframe: func(n int, f *Frame, m bool) (any, error) {
			return ss.(interface {
				ScoreFrame(int, *Frame, bool) (*speed.FrameResult, error)
			}).ScoreFrame(n, f, m)
		},
		same:  func(t *testing.T, a, b any, m bool) { sameSpeed(t, a.(*speed.FrameResult), b.(*speed.FrameResult), m) },
		off:   func(r any) bool { return r.(*speed.FrameResult).UV > 0 },
		close: ss.Close})
	t.Cleanup(func() {
		for _, s := range out {
			s.close()
		}
	})
	return out
}

// newTestFrame is a Frame on d, closed when the test ends (before the
// scorers newFrameScorers made earlier in the test: cleanups run last
// first).
func newTestFrame(t *testing.T, d *Device) *Frame {
	t.Helper()
	f, err := d.NewFrame()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestFrameParity: scoring from a shared Frame (each plane uploaded once)
// gives every field of every scorer's result with the bits of the
// plane-based Score, maps included, at odd sizes, 8 to 16 bits and three
// chroma layouts, on content that scores clearly off a perfect copy (each
// scorer asserts it first); the reference against itself too, from one
// picture uploaded once and from a RefView of the pair's upload. After a Frame's first use, scoring from it writes
// nothing to the device: the only uploads are Upload's, one per plane.
// Motion's ring fed from Frames (MotionFrames) gives NewMotion's raw SADs.
func TestFrameParity(t *testing.T) {
	devs := openAll(t)
	type fcase struct {
		w, h   int
		chroma yuv.Chroma
		depth  int
	}
	cases := []fcase{{337, 329, yuv.C420, 8}, {337, 175, yuv.C422, 10}, {217, 175, yuv.C444, 16}}
	for _, d := range devs {
		for _, tc := range cases {
			name := fmt.Sprintf("%s/%dx%d %s %d-bit", d.Info().Name, tc.w, tc.h, tc.chroma, tc.depth)
			t.Run(name, func(t *testing.T) {
				scorers := newFrameScorers(t, d, tc.w, tc.h, tc.chroma, tc.depth)
				f := newTestFrame(t, d)
				mc, err := motion.NewConfig(motion.NewOptions(), tc.w, tc.h, tc.depth)
				if err != nil {
					t.Fatal(err)
				}
				mf, err := NewMotionFrames(d, mc)
				if err != nil {
					t.Fatal(err)
				}
				defer mf.Close()
				mref, err := NewMotionSAD(d, mc)
				if err != nil {
					t.Fatal(err)
				}
				defer mref.Close()
				var prevRef, lastDist *yuv.Picture
				for n := 0; n < 2; n++ {
					ref, dist := framePictures(tc.w, tc.h, tc.chroma, tc.depth, n)
					// Each pair: the pictures, and whether they are scored
					// from a RefView of the last Upload (nothing uploaded).
					type pairCase struct {
						ref, dist *yuv.Picture
						view      bool
					}
					pairs := []pairCase{{ref, dist, false}}
					if n == 0 {
						pairs = append(pairs, pairCase{ref, ref, true}, pairCase{ref, ref, false})
					}
					for pi, pair := range pairs {
						maps := n == 1
						before := d.BytesWritten()
						src := f
						var planeBytes uint64
						if pair.view {
							src = f.RefView()
						} else {
							if err := f.Upload(pair.ref, pair.dist, Luma|Chroma, Luma|Chroma); err != nil {
								t.Fatal(err)
							}
							for pl := 0; pl < tc.chroma.Planes(); pl++ {
								pw, ph := ref.PlaneSize(pl)
								per := uint64(2*pw*ph+3) &^ 3
								if pair.ref != pair.dist {
									per *= 2
								}
								planeBytes += per
							}
						}
						if got := d.BytesWritten() - before; got != planeBytes {
							t.Errorf("frame %d pair %d: Upload wrote %d bytes, want %d (each plane once)", n, pi, got, planeBytes)
						}
						for _, s := range scorers {
							got, err := s.sframe(n, src, maps)
							if err != nil {
								t.Fatalf("%s ScoreFrame: %v", s.name, err)
							}
							want, err := s.score(n, pair.ref, pair.dist, maps)
							if err != nil {
								t.Fatalf("%s Score: %v", s.name, err)
							}
							if pi == 0 && !s.off(want) {
								t.Fatalf("%s frame %d: the content scores as a perfect copy: %+v", s.name, n, want)
							}
							s.same(t, want, got, maps)
						}
					}
					// Motion: the ring takes frame n's reference from the Frame.
					if err := f.Upload(ref, dist, Luma, 0); err != nil {
						t.Fatal(err)
					}
					before := d.BytesWritten()
					raw, err := mf.Push(n, f)
					if err != nil {
						t.Fatal(err)
					}
					if w := d.BytesWritten() - before; w != 0 {
						t.Errorf("motion frame %d wrote %d bytes to the device", n, w)
					}
					var want uint64
					if n >= mc.MinIndex() {
						if want, err = mref.SAD(prevRef.Luma(), ref.Luma(), nil); err != nil {
							t.Fatal(err)
						}
						if want == 0 {
							t.Fatalf("motion frame %d: no motion in the content", n)
						}
					}
					if raw != want {
						t.Errorf("motion frame %d: raw SAD %d from the Frame, want %d", n, raw, want)
					}
					prevRef, lastDist = ref, dist
				}
				// Scoring from the Frame once more writes nothing.
				if err := f.Upload(prevRef, lastDist, Luma, Luma); err != nil {
					t.Fatal(err)
				}
				before := d.BytesWritten()
				for _, s := range scorers {
					if s.name == "speed_chroma" {
						continue // the last Upload was luma alone
					}
					if _, err := s.sframe(2, f, false); err != nil {
						t.Fatal(err)
					}
				}
				if w := d.BytesWritten() - before; w != 0 {
					t.Errorf("scoring from a Frame wrote %d bytes to the device", w)
				}
			})
		}
	}
}

// TestFrameUploadChecked: motion, the one scorer that checks samples on
// the host, refuses a sample above the bit depth from a plain Upload with
// the CPU's error, and trusts UploadChecked's caller (the engine, whose
// clip readers refuse such samples); a RefView keeps its Frame's word.
// Several uploads in a row also exercise the stages' remapping.
func TestFrameUploadChecked(t *testing.T) {
	const w, h, depth = 45, 23, 10
	for _, d := range openAll(t) {
		t.Run(d.Info().Name, func(t *testing.T) {
			cfg, err := motion.NewConfig(motionOpts(t), w, h, depth)
			if err != nil {
				t.Fatal(err)
			}
			m, err := NewMotionFrames(d, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			f := newTestFrame(t, d)
			for n := 0; n < 4; n++ {
				ref, dist := framePictures(w, h, yuv.C420, depth, n)
				if err := f.UploadChecked(ref, dist, Luma, Luma); err != nil {
					t.Fatal(err)
				}
				if !f.samplesChecked() || !f.RefView().samplesChecked() {
					t.Fatal("UploadChecked's pictures are not marked checked")
				}
				if _, err := m.Push(n, f); err != nil {
					t.Fatalf("frame %d: %v", n, err)
				}
			}
			ref, dist := framePictures(w, h, yuv.C420, depth, 4)
			ref.Planes[0][3*w+5] = 1 << depth
			if err := f.Upload(ref, dist, Luma, Luma); err != nil {
				t.Fatal(err)
			}
			if f.samplesChecked() {
				t.Fatal("Upload's pictures are marked checked")
			}
			want := motion.CheckSamples(ref.Luma(), depth)
			if _, err := m.Push(4, f); want == nil || err == nil || err.Error() != want.Error() {
				t.Fatalf("a sample out of range: %v, want %v", err, want)
			}
		})
	}
}

// TestFramePrepare: a frame staged with Prepare while the Frame holds
// another changes nothing the scorers read until Commit, and after Commit
// every scorer gives the bits of the same frame uploaded with Upload;
// stage sets alternate as a run's reader uses them, two frames ahead.
func TestFramePrepare(t *testing.T) {
	const w, h, depth = 337, 329, 10
	for _, d := range openAll(t) {
		t.Run(d.Info().Name, func(t *testing.T) {
			scorers := newFrameScorers(t, d, w, h, yuv.C420, depth)
			up, f := newTestFrame(t, d), newTestFrame(t, d)
			const frames = 4
			want := make([][]any, frames)
			for n := range frames {
				ref, dist := framePictures(w, h, yuv.C420, depth, n)
				if err := up.Upload(ref, dist, Luma|Chroma, Luma|Chroma); err != nil {
					t.Fatal(err)
				}
				for _, s := range scorers {
					r, err := s.sframe(n, up, false)
					if err != nil {
						t.Fatal(err)
					}
					if !s.off(r) {
						t.Fatalf("%s frame %d: the content scores as a perfect copy", s.name, n)
					}
					want[n] = append(want[n], r)
				}
			}
			prepare := func(n int) *Prepared {
				ref, dist := framePictures(w, h, yuv.C420, depth, n)
				p, err := f.Prepare(1+n%(StageSets-1), ref, dist, Luma|Chroma, Luma|Chroma, true)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			next := []*Prepared{prepare(0), prepare(1)}
			for n := range frames {
				if err := f.Commit(next[0]); err != nil {
					t.Fatal(err)
				}
				next = next[1:]
				// The reader stages frame n+2 before frame n is scored.
				if n+2 < frames {
					next = append(next, prepare(n+2))
				}
				for i, s := range scorers {
					r, err := s.sframe(n, f, false)
					if err != nil {
						t.Fatal(err)
					}
					s.same(t, want[n][i], r, false)
				}
			}
			if _, err := f.Prepare(0, nil, nil, Luma, Luma, true); err == nil {
				t.Error("Prepare took stage set 0 (Upload's)")
			}
			// A Prepared is committed once, and only while its set still
			// holds it.
			a := prepare(1)
			if err := f.Commit(a); err != nil {
				t.Fatal(err)
			}
			if err := f.Commit(a); err == nil {
				t.Error("a Prepared committed twice")
			}
			old, cur := prepare(1), prepare(3) // both stage set 2
			if err := f.Commit(old); err == nil {
				t.Error("committed a Prepared whose stage set was prepared again")
			}
			if err := f.Commit(cur); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSharedDevice: several goroutines drive one Device at once (two
// sessions in one process, Session.Frame beside a run), each with its own
// scorers and Frame, staging with Prepare and Commit or uploading with
// Upload: a wait lets go of the device's lock, so one goroutine's poll
// may run another's callbacks. Every call succeeds with Upload's bits.
func TestSharedDevice(t *testing.T) {
	for _, d := range openAll(t) {
		t.Run(d.Info().Name, func(t *testing.T) { sharedDevice(t, d, 4) })
	}
}

// sharedDevice runs TestSharedDevice's check on d, iters frames a
// goroutine.
func sharedDevice(t *testing.T, d *Device, iters int) {
	const w, h, depth, frames, workers = 216, 216, 8, 3, 3
	type job struct {
		scorers []frameScorer
		f       *Frame
	}
	jobs := make([]job, workers)
	for i := range jobs {
		jobs[i] = job{newFrameScorers(t, d, w, h, yuv.C420, depth), newTestFrame(t, d)}
	}
	want := make([][]any, frames)
	for n := range frames {
		ref, dist := framePictures(w, h, yuv.C420, depth, n)
		if err := jobs[0].f.Upload(ref, dist, Luma|Chroma, Luma|Chroma); err != nil {
			t.Fatal(err)
		}
		for _, s := range jobs[0].scorers {
			r, err := s.sframe(n, jobs[0].f, false)
			if err != nil {
				t.Fatal(err)
			}
			want[n] = append(want[n], r)
		}
	}
	var wg sync.WaitGroup
	for i := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := jobs[i]
			for it := range iters {
				n := (it + i) % frames
				ref, dist := framePictures(w, h, yuv.C420, depth, n)
				var err error
				if i%2 == 0 {
					var p *Prepared
					if p, err = j.f.Prepare(1+it%(StageSets-1), ref, dist, Luma|Chroma, Luma|Chroma, true); err == nil {
						err = j.f.Commit(p)
					}
				} else {
					err = j.f.Upload(ref, dist, Luma|Chroma, Luma|Chroma)
				}
				if err != nil {
					t.Errorf("goroutine %d frame %d: %v", i, it, err)
					continue
				}
				for k, s := range j.scorers {
					r, err := s.sframe(n, j.f, false)
					if err != nil {
						t.Errorf("goroutine %d frame %d %s: %v", i, it, s.name, err)
						continue
					}
					s.same(t, want[n][k], r, false)
				}
			}
		}()
	}
	wg.Wait()
}

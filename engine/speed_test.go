package engine

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
	"github.com/bandscope/bandscope/kernels/synth"
	"github.com/bandscope/bandscope/kernels/yuv"
)

// speedClip writes a reference and a distorted raw clip whose chroma
// SpEED scores well away from 0: coarse random cells (so they survive the
// decimation by 16) with fine noise, the distorted clip quantising the
// cells and re-noising. (kernels/synth's chroma is flat.)
func speedClip(t *testing.T, dir string, f yuv.Format, frames int) (ref, dist string, raw clip.RawOptions) {
	t.Helper()
	mix := func(x uint64) uint64 {
		x ^= x >> 31
		x *= 0x9E3779B97F4A7C15
		x ^= x >> 29
		x *= 0xBF58476D1CE4E5B9
		return x ^ x>>32
	}
	var rb, db []byte
	sh := f.BitDepth - 8
	maxv := 1<<f.BitDepth - 1
	for n := 0; n < frames; n++ {
		r, d := yuv.NewPicture(f), yuv.NewPicture(f)
		for p := 0; p < 3; p++ {
			w, h := f.PlaneSize(p)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					i := y*w + x
					if p == 0 {
						r.Planes[0][i] = uint16((16 + (x+y+n)%200) << sh)
						d.Planes[0][i] = r.Planes[0][i]
						continue
					}
					cell := mix(uint64(p)<<56 | uint64(n)<<48 | uint64(y/13)<<24 | uint64(x/11))
					key := uint64(p)<<56 | uint64(n)<<48 | uint64(i) | 1<<47
					coarse := int(cell%121) - 60
					rv := (128+coarse+int(mix(key)%21)-10)<<sh | int(mix(key^0xabc)%(1<<sh))
					dv := (128+coarse/20*20+int(mix(key^0x555)%31)-15)<<sh | int(mix(key^0x123)%(1<<sh))
					r.Planes[p][i] = uint16(min(max(rv, 0), maxv))
					d.Planes[p][i] = uint16(min(max(dv, 0), maxv))
				}
			}
		}
		rb, db = synth.AppendRaw(rb, r), synth.AppendRaw(db, d)
	}
	ref, dist = filepath.Join(dir, "ref.yuv"), filepath.Join(dir, "dist.yuv")
	if err := os.WriteFile(ref, rb, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dist, db, 0o644); err != nil {
		t.Fatal(err)
	}
	return ref, dist, clip.RawOptions{Width: f.Width, Height: f.Height, Chroma: f.Chroma, ChromaSet: true, BitDepth: f.BitDepth}
}

// TestSpeedBackends: speed_chroma on every GPU backend gives the CPU's
// bits for every metric of every frame, and the results say it ran on the
// GPU; Session.Frame's maps agree too (compare mode).
func TestSpeedBackends(t *testing.T) {
	var gpus []string
	for _, b := range Backends() {
		if b.Kind == "gpu" {
			gpus = append(gpus, b.ID)
		}
	}
	if len(gpus) == 0 {
		t.Skip("no GPU adapter on this host")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		f    yuv.Format
		opts []feature.KV
	}{
		{yuv.Format{Width: 643, Height: 487, Chroma: yuv.C420, BitDepth: 10}, nil},
		{yuv.Format{Width: 401, Height: 301, Chroma: yuv.C444, BitDepth: 8},
			[]feature.KV{{Key: "speed_prescale", Value: "0.7"}, {Key: "speed_prescale_method", Value: "bicubic"}}},
	} {
		ref, dist, raw := speedClip(t, dir, tc.f, 3)
		spec := []feature.Spec{{Name: "speed_chroma", Opts: tc.opts}}
		want := runOne(t, Request{Reference: ref, Distorted: dist, Raw: raw, Features: spec, Backend: "cpu"})
		if len(want.Frames) != 3 || len(want.Names) != 3 {
			t.Fatalf("cpu: %d frames, names %v", len(want.Frames), want.Names)
		}
		for _, m := range want.Frames[0] {
			if m.Value == 0 || math.IsNaN(m.Value) {
				t.Fatalf("cpu %s = %v: the clip does not exercise SpEED", m.Name, m.Value)
			}
		}
		for _, id := range gpus {
			got := runOne(t, Request{Reference: ref, Distorted: dist, Raw: raw, Features: spec, Backend: id})
			if len(got.Placement) != 1 || got.Placement[0] != (Placement{"speed_chroma", id}) {
				t.Errorf("%s: placement %v, want speed_chroma on %s", id, got.Placement, id)
			}
			if len(got.Frames) != len(want.Frames) {
				t.Fatalf("%s: %d frames, want %d", id, len(got.Frames), len(want.Frames))
			}
			for n := range want.Frames {
				for i, m := range want.Frames[n] {
					g := got.Frames[n][i]
					if g.Name != m.Name || math.Float64bits(g.Value) != math.Float64bits(m.Value) {
						t.Errorf("%s frame %d: %s = %.17g, want %s = %.17g", id, n, g.Name, g.Value, m.Name, m.Value)
					}
				}
			}
			// Compare mode: the inspector's maps, GPU against the CPU.
			s, err := Open(context.Background(), Request{Reference: ref, Distorted: dist, Raw: raw, Features: spec, Backend: "cpu", Compare: id})
			if err != nil {
				t.Fatal(err)
			}
			fr, err := s.Frame(context.Background(), 1)
			s.Close()
			if err != nil {
				t.Fatal(err)
			}
			if resultOf[*SpeedResult](fr) == nil || fr.Compare == nil || resultOf[*SpeedResult](fr.Compare) == nil {
				t.Fatalf("%s: no SpEED results in compare mode", id)
			}
			for p := 0; p < 2; p++ {
				w, g := resultOf[*SpeedResult](fr).Planes[p], resultOf[*SpeedResult](fr.Compare).Planes[p]
				if w == nil || g == nil {
					t.Fatalf("%s: plane %d has no maps", id, p)
				}
				for _, c := range []struct {
					name      string
					want, got []float32
				}{
					{"reference local", w.RefLocal, g.RefLocal}, {"distorted local", w.DisLocal, g.DisLocal},
					{"contribution", w.Contribution, g.Contribution},
					{"reference entropy", w.Ref.Entropy, g.Ref.Entropy}, {"distorted variance", w.Dis.Variance, g.Dis.Variance},
				} {
					if len(c.want) == 0 || len(c.want) != len(c.got) {
						t.Fatalf("%s plane %d %s: %d values, want %d", id, p, c.name, len(c.got), len(c.want))
					}
					for i := range c.want {
						if math.Float32bits(c.want[i]) != math.Float32bits(c.got[i]) {
							t.Errorf("%s plane %d %s [%d] = %v, want %v", id, p, c.name, i, c.got[i], c.want[i])
							break
						}
					}
				}
			}
		}
	}
}

//go:build cgo && !js

package gpu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bandscope/bandscope/kernels/yuv"
)

// TestProfile: a Device opened with ProfileEnv set times every pass with
// timestamp queries (where the adapter has them) and every scorer fed
// from a Frame gives the same bits as on the Device opened without it;
// the profile names the kernels that ran and the upload, with calls and
// time.
func TestProfile(t *testing.T) {
	plain := openAll(t)
	const w, h, depth = 337, 329, 10
	for _, pd := range plain {
		t.Run(pd.Info().Name, func(t *testing.T) {
			t.Setenv(ProfileEnv, "1")
			d, err := Open(fmt.Sprintf("gpu:%d", pd.Info().Index))
			if err != nil {
				t.Fatal(err)
			}
			// Released after every scorer and Frame the test's cleanups
			// close (registered first, run last).
			t.Cleanup(func() { d.Release() })
			if _, why := d.Profile(); d.prof == nil {
				t.Skipf("no profile on %s: %s", d.Info().Name, why)
			}
			want := newFrameScorers(t, pd, w, h, yuv.C420, depth)
			got := newFrameScorers(t, d, w, h, yuv.C420, depth)
			fw, fg := newTestFrame(t, pd), newTestFrame(t, d)
			for n := 0; n < 2; n++ {
				ref, dist := framePictures(w, h, yuv.C420, depth, n)
				if err := fw.Upload(ref, dist, Luma|Chroma, Luma|Chroma); err != nil {
					t.Fatal(err)
				}
				if err := fg.Upload(ref, dist, Luma|Chroma, Luma|Chroma); err != nil {
					t.Fatal(err)
				}
				for i := range want {
					a, err := want[i].sframe(n, fw, n == 1)
					if err != nil {
						t.Fatal(err)
					}
					if !want[i].off(a) {
						t.Fatalf("%s: the content scores as a perfect copy", want[i].name)
					}
					b, err := got[i].sframe(n, fg, n == 1)
					if err != nil {
						t.Fatal(err)
					}
					want[i].same(t, a, b, n == 1)
				}
			}
			pts, why := d.Profile()
			if why != "" {
				t.Errorf("profile: %s", why)
			}
			seen := map[string]bool{}
			for _, p := range pts {
				if p.Calls <= 0 {
					t.Errorf("%s: %d calls", p.Name, p.Calls)
				}
				seen[strings.SplitN(p.Name, "_", 2)[0]] = true
				seen[p.Name] = true
			}
			for _, name := range []string{"adm", "vif", "cambi", "speed", "upload (host to device)"} {
				if !seen[name] {
					t.Errorf("no %q step in the profile:\n%s", name, FormatProfile(pts))
				}
			}
			if pts[0].Total <= 0 {
				t.Errorf("no device time measured:\n%s", FormatProfile(pts))
			}
			t.Logf("\n%s", FormatProfile(pts))
			// Several goroutines on the profiled device: a profile keeps
			// every poll under the device's lock, and no readback fails.
			d.ResetProfile()
			sharedDevice(t, d, 2)
			if pts, why := d.Profile(); len(pts) == 0 || why != "" {
				t.Errorf("profile of concurrent scorers: %d steps, %q", len(pts), why)
			}
			d.ResetProfile()
			if pts, _ := d.Profile(); len(pts) != 0 {
				t.Errorf("%d steps after ResetProfile", len(pts))
			}
		})
	}
}

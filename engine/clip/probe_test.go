package clip

import (
	"testing"
)

// packetTests is the table for the packet list parser; it seeds FuzzPackets.
var packetTests = []struct {
	in   string
	pts  []int64
	keys []int
	err  string
}{
	{"0,K_\n1536,__\n512,__\n1024,__\n3072,K_\n", []int64{0, 512, 1024, 1536, 3072}, []int{0, 4}, ""},
	{"-1024,K_D\n0,__\n1024,K__\n", []int64{0, 1024}, []int{1}, ""},
	{"0,K__\r\n40,___\r\n", []int64{0, 40}, []int{0}, ""},
	{"", nil, nil, "no video packets"},
	{"N/A,K_\n", nil, nil, `packet without a timestamp ("N/A,K_")`},
	{"0,K_\n0,__\n", nil, nil, "two packets share timestamp 0"},
	{"9223372036854775808,K_\n", nil, nil, `packet without a timestamp ("9223372036854775808,K_")`},
}

func TestParsePackets(t *testing.T) {
	for _, tc := range packetTests {
		ix, err := parsePackets([]byte(tc.in))
		if got := errText(err, "\x00"); tc.err != "" || err != nil {
			if got != tc.err {
				t.Errorf("%q: %s, want %s", tc.in, got, tc.err)
			}
			continue
		}
		if len(ix.pts) != len(tc.pts) {
			t.Fatalf("%q: %v", tc.in, ix.pts)
		}
		var keys []int
		for i := range ix.pts {
			if ix.pts[i] != tc.pts[i] {
				t.Errorf("%q: pts %v, want %v", tc.in, ix.pts, tc.pts)
			}
			if ix.key[i] {
				keys = append(keys, i)
			}
		}
		if len(keys) != len(tc.keys) {
			t.Errorf("%q: keys %v, want %v", tc.in, keys, tc.keys)
		}
	}
}

// FuzzPackets: any ffprobe output gives an index sorted with no repeats,
// or an error; keyframeBefore stays in range.
func FuzzPackets(f *testing.F) {
	for _, tc := range packetTests {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := parsePackets(b)
		if err != nil {
			return
		}
		for i := range ix.pts {
			if i > 0 && ix.pts[i] <= ix.pts[i-1] {
				t.Fatalf("not strictly increasing: %v", ix.pts)
			}
			if k := ix.keyframeBefore(i); k < 0 || k > i {
				t.Fatalf("keyframeBefore(%d) = %d", i, k)
			}
		}
	})
}

// FuzzDecodeFormat: any pixel format name maps to a valid format or an error.
func FuzzDecodeFormat(f *testing.F) {
	for _, s := range []string{"yuv420p", "yuvj420p", "yuv420p10le", "p010le", "gray16be", "rgb24", "", "yuva444p12be", "p416le"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, c, d, err := decodeFormat(s)
		if err != nil {
			return
		}
		if out == "" || d < 8 || d > 16 || c.Planes() == 0 {
			t.Fatalf("%q: %q %v %d", s, out, c, d)
		}
		// The output is itself planar and maps to itself.
		out2, c2, d2, err := decodeFormat(out)
		if err != nil || out2 != out || c2 != c || d2 != d {
			t.Fatalf("%q -> %q -> %q %v", s, out, out2, err)
		}
	})
}

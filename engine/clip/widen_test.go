package clip

import (
	"encoding/binary"
	"testing"
)

// TestWiden checks the word-at-a-time widening against a sample at a time
// at every length up to 70 and unaligned starts.
func TestWiden(t *testing.T) {
	for n := 0; n <= 70; n++ {
		for off := 0; off < 3; off++ {
			src := make([]byte, 2*n+off)[off:]
			for i := range src {
				src[i] = byte(i*97 + n)
			}
			dst := make([]uint16, n+1)[1:]
			widen8(dst, src[:n])
			for j := range dst {
				if dst[j] != uint16(src[j]) {
					t.Fatalf("widen8 n %d off %d [%d] = %d, want %d", n, off, j, dst[j], src[j])
				}
			}
			widen16(dst, src)
			for j := range dst {
				if v := binary.LittleEndian.Uint16(src[2*j:]); dst[j] != v {
					t.Fatalf("widen16 n %d off %d [%d] = %d, want %d", n, off, j, dst[j], v)
				}
			}
		}
	}
}

//go:build !amd64 || purego

package clip

func widen8Vec(dst []uint16, src []byte) int { return 0 }

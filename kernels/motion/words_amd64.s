//go:build !purego

#include "textflag.h"

// The AVX2 kernels of the word path (words.go).

// func vpassWAVX2(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32
//
// vpassWordAVX2 into int16 words: the two halves VPMADDWD leaves (columns
// 0-3 and 8-11, 4-7 and 12-15) are packed back in column order by
// VPACKSSDW (both work within 128-bit lanes). The pack saturates: dst
// holds the values only when the returned OR of |dst[j]| is below 2^15.
// n is a multiple of 16.
TEXT ·vpassWAVX2(SB), NOSPLIT, $0-116
	MOVL $0x3E840DF3, R13 // 3571 | 16004<<16
	VMOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL coef+96(FP), R13
	VMOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $1, R13
	VMOVQ R13, X12
	VPBROADCASTW X12, Y12
	VMOVQ shift+104(FP), X14
	VPXOR Y15, Y15, Y15

	MOVQ dst+0(FP), DI
	MOVQ p0+8(FP), AX
	MOVQ p1+16(FP), BX
	MOVQ p2+24(FP), CX
	MOVQ p3+32(FP), DX
	MOVQ p4+40(FP), SI
	MOVQ c0+48(FP), R8
	MOVQ c1+56(FP), R9
	MOVQ c2+64(FP), R10
	MOVQ c3+72(FP), R11
	MOVQ c4+80(FP), R12
	MOVQ n+88(FP), R14
	XORQ R13, R13

vwloop:
	CMPQ R13, R14
	JGE  vwdone
	VMOVDQU (AX)(R13*2), Y0
	VPSUBW  (R8)(R13*2), Y0, Y0
	VMOVDQU (SI)(R13*2), Y4
	VPSUBW  (R12)(R13*2), Y4, Y4
	VPADDW  Y4, Y0, Y0             // d0+d4
	VMOVDQU (BX)(R13*2), Y1
	VPSUBW  (R9)(R13*2), Y1, Y1
	VMOVDQU (DX)(R13*2), Y3
	VPSUBW  (R11)(R13*2), Y3, Y3
	VPADDW  Y3, Y1, Y1             // d1+d3
	VMOVDQU (CX)(R13*2), Y2
	VPSUBW  (R10)(R13*2), Y2, Y2   // d2
	VPUNPCKLWD Y1, Y0, Y3
	VPUNPCKHWD Y1, Y0, Y4
	VPUNPCKLWD Y12, Y2, Y5
	VPUNPCKHWD Y12, Y2, Y6
	VPMADDWD Y10, Y3, Y3
	VPMADDWD Y10, Y4, Y4
	VPMADDWD Y11, Y5, Y5
	VPMADDWD Y11, Y6, Y6
	VPADDD   Y5, Y3, Y3
	VPADDD   Y6, Y4, Y4
	VPSRAD   X14, Y3, Y3
	VPSRAD   X14, Y4, Y4
	VPACKSSDW Y4, Y3, Y0
	VMOVDQU  Y0, (DI)(R13*2)
	VPABSD   Y3, Y3
	VPABSD   Y4, Y4
	VPOR     Y3, Y15, Y15
	VPOR     Y4, Y15, Y15
	ADDQ     $16, R13
	JMP      vwloop

vwdone:
	VEXTRACTI128 $1, Y15, X0
	VPOR         X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPOR         X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPOR         X0, X15, X15
	VMOVQ         X15, AX
	MOVL         AX, ret+112(FP)
	VZEROUPPER
	RET

// func vpass8WAVX2(dst *int16, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint8, n int) uint32
//
// vpassWAVX2 on packed 8-bit rows (zero-extended to words as they are
// loaded), at 8 bits: rounding 2^7, shift 8. n is a multiple of 16.
TEXT ·vpass8WAVX2(SB), NOSPLIT, $0-100
	MOVL $0x3E840DF3, R13 // 3571 | 16004<<16
	VMOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL $0x00806712, R13 // 26386 | 128<<16
	VMOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $1, R13
	VMOVQ R13, X12
	VPBROADCASTW X12, Y12
	VPXOR Y15, Y15, Y15

	MOVQ dst+0(FP), DI
	MOVQ p0+8(FP), AX
	MOVQ p1+16(FP), BX
	MOVQ p2+24(FP), CX
	MOVQ p3+32(FP), DX
	MOVQ p4+40(FP), SI
	MOVQ c0+48(FP), R8
	MOVQ c1+56(FP), R9
	MOVQ c2+64(FP), R10
	MOVQ c3+72(FP), R11
	MOVQ c4+80(FP), R12
	MOVQ n+88(FP), R14
	XORQ R13, R13

v8wloop:
	CMPQ R13, R14
	JGE  v8wdone
	VPMOVZXBW (AX)(R13*1), Y0
	VPMOVZXBW (R8)(R13*1), Y5
	VPSUBW    Y5, Y0, Y0
	VPMOVZXBW (SI)(R13*1), Y4
	VPMOVZXBW (R12)(R13*1), Y5
	VPSUBW    Y5, Y4, Y4
	VPADDW    Y4, Y0, Y0           // d0+d4
	VPMOVZXBW (BX)(R13*1), Y1
	VPMOVZXBW (R9)(R13*1), Y5
	VPSUBW    Y5, Y1, Y1
	VPMOVZXBW (DX)(R13*1), Y3
	VPMOVZXBW (R11)(R13*1), Y5
	VPSUBW    Y5, Y3, Y3
	VPADDW    Y3, Y1, Y1           // d1+d3
	VPMOVZXBW (CX)(R13*1), Y2
	VPMOVZXBW (R10)(R13*1), Y5
	VPSUBW    Y5, Y2, Y2           // d2
	VPUNPCKLWD Y1, Y0, Y3
	VPUNPCKHWD Y1, Y0, Y4
	VPUNPCKLWD Y12, Y2, Y5
	VPUNPCKHWD Y12, Y2, Y6
	VPMADDWD Y10, Y3, Y3
	VPMADDWD Y10, Y4, Y4
	VPMADDWD Y11, Y5, Y5
	VPMADDWD Y11, Y6, Y6
	VPADDD   Y5, Y3, Y3
	VPADDD   Y6, Y4, Y4
	VPSRAD   $8, Y3, Y3
	VPSRAD   $8, Y4, Y4
	VPACKSSDW Y4, Y3, Y0
	VMOVDQU  Y0, (DI)(R13*2)
	VPABSD   Y3, Y3
	VPABSD   Y4, Y4
	VPOR     Y3, Y15, Y15
	VPOR     Y4, Y15, Y15
	ADDQ     $16, R13
	JMP      v8wloop

v8wdone:
	VEXTRACTI128 $1, Y15, X0
	VPOR         X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPOR         X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPOR         X0, X15, X15
	VMOVQ         X15, AX
	MOVL         AX, ret+96(FP)
	VZEROUPPER
	RET

// func hsumWAVX2(row *int16, n int) uint32
//
// The uint32 sum of |(3571*(r[j-2]+r[j+2]) + 16004*(r[j-1]+r[j+1]) +
// 26386*r[j] + 2^15) >> 16| for j in [2, n+2), n a multiple of 16, on
// words below 2^15 in magnitude (the int32 sums cannot overflow). Without
// a shuffle: VPMADDWD on the row loaded at word b pairs r[b+2k] with
// r[b+2k+1], so taps (t0, t1), (t2, t3), (t4, 0) on loads at b, b+2 and
// b+4 give the outputs j = b+2k+2 (even lanes of the block) and on loads
// at b+1, b+3, b+5 those at j = b+2k+3; only the sum is wanted, so their
// order does not matter. Reads words [0, n+5).
TEXT ·hsumWAVX2(SB), NOSPLIT, $0-20
	MOVL $0x3E840DF3, AX // 3571 | 16004<<16
	VMOVQ AX, X10
	VPBROADCASTD X10, Y10
	MOVL $0x3E846712, AX // 26386 | 16004<<16
	VMOVQ AX, X11
	VPBROADCASTD X11, Y11
	MOVL $3571, AX
	VMOVQ AX, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, AX
	VMOVQ AX, X13
	VPBROADCASTD X13, Y13
	VPXOR Y15, Y15, Y15

	MOVQ row+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ BX, BX

hwloop:
	CMPQ     BX, CX
	JGE      hwdone
	VPMADDWD (SI)(BX*2), Y10, Y0
	VPMADDWD 4(SI)(BX*2), Y11, Y1
	VPMADDWD 8(SI)(BX*2), Y12, Y2
	VPMADDWD 2(SI)(BX*2), Y10, Y3
	VPMADDWD 6(SI)(BX*2), Y11, Y4
	VPMADDWD 10(SI)(BX*2), Y12, Y5
	VPADDD   Y1, Y0, Y0
	VPADDD   Y13, Y2, Y2
	VPADDD   Y2, Y0, Y0
	VPADDD   Y4, Y3, Y3
	VPADDD   Y13, Y5, Y5
	VPADDD   Y5, Y3, Y3
	VPSRAD   $16, Y0, Y0
	VPSRAD   $16, Y3, Y3
	VPABSD   Y0, Y0
	VPABSD   Y3, Y3
	VPADDD   Y0, Y15, Y15
	VPADDD   Y3, Y15, Y15
	ADDQ     $16, BX
	JMP      hwloop

hwdone:
	VEXTRACTI128 $1, Y15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPADDD       X0, X15, X15
	VMOVQ         X15, AX
	MOVL         AX, ret+16(FP)
	VZEROUPPER
	RET

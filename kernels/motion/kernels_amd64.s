//go:build !purego

#include "textflag.h"

// func vpassAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, round int64, shift uint64) uint32
//
// dst[j] = (3571*(d0+d4) + 16004*(d1+d3) + 26386*d2 + round) >> shift for
// j in [0, n), dk = pk[j] - ck[j], n a multiple of 8; returns the OR of
// |dst[j]|. Samples of at most 15 bits keep every sum inside int32.
TEXT ·vpassAVX2(SB), NOSPLIT, $0-116
	MOVL $3571, R13
	VMOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, R13
	VMOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, R13
	VMOVQ R13, X12
	VPBROADCASTD X12, Y12
	MOVQ round+96(FP), R13
	VMOVQ R13, X13
	VPBROADCASTD X13, Y13
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

vloop:
	CMPQ R13, R14
	JGE  vdone
	VPMOVZXWD (AX)(R13*2), Y0
	VPMOVZXWD (R8)(R13*2), Y5
	VPSUBD    Y5, Y0, Y0
	VPMOVZXWD (BX)(R13*2), Y1
	VPMOVZXWD (R9)(R13*2), Y6
	VPSUBD    Y6, Y1, Y1
	VPMOVZXWD (CX)(R13*2), Y2
	VPMOVZXWD (R10)(R13*2), Y7
	VPSUBD    Y7, Y2, Y2
	VPMOVZXWD (DX)(R13*2), Y3
	VPMOVZXWD (R11)(R13*2), Y8
	VPSUBD    Y8, Y3, Y3
	VPMOVZXWD (SI)(R13*2), Y4
	VPMOVZXWD (R12)(R13*2), Y9
	VPSUBD    Y9, Y4, Y4
	VPADDD    Y4, Y0, Y0
	VPADDD    Y3, Y1, Y1
	VPMULLD   Y10, Y0, Y0
	VPMULLD   Y11, Y1, Y1
	VPMULLD   Y12, Y2, Y2
	VPADDD    Y1, Y0, Y0
	VPADDD    Y2, Y0, Y0
	VPADDD    Y13, Y0, Y0
	VPSRAD    X14, Y0, Y0
	VMOVDQU   Y0, (DI)(R13*4)
	VPABSD    Y0, Y0
	VPOR      Y0, Y15, Y15
	ADDQ      $8, R13
	JMP       vloop

vdone:
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

// func hpassAVX2(out, row *int32, n int) uint32
//
// out (unless nil: only the sum is wanted) gets out[i] = (3571*(r[i]+r[i+4]) + 16004*(r[i+1]+r[i+3]) + 26386*r[i+2] +
// 2^15) >> 16 for i in [0, n), n a multiple of 8, and the uint32 sum of
// |out[i]|. |r| <= 65535 keeps each product inside int32; their sum may
// not fit, so each product is split into its high and low 16 bits: the
// result is the sum of the high parts plus (the low parts + 2^15) >> 16.
TEXT ·hpassAVX2(SB), NOSPLIT, $0-28
	MOVL $3571, AX
	VMOVQ AX, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, AX
	VMOVQ AX, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, AX
	VMOVQ AX, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, AX
	VMOVQ AX, X13
	VPBROADCASTD X13, Y13
	MOVL $65535, AX
	VMOVQ AX, X9
	VPBROADCASTD X9, Y9
	VPXOR Y15, Y15, Y15

	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ BX, BX

hloop:
	CMPQ    BX, CX
	JGE     hdone
	VMOVDQU (SI)(BX*4), Y0
	VMOVDQU 4(SI)(BX*4), Y1
	VMOVDQU 8(SI)(BX*4), Y2
	VMOVDQU 12(SI)(BX*4), Y3
	VMOVDQU 16(SI)(BX*4), Y4
	VPADDD  Y4, Y0, Y0
	VPADDD  Y3, Y1, Y1
	VPMULLD Y10, Y0, Y0
	VPMULLD Y11, Y1, Y1
	VPMULLD Y12, Y2, Y2
	VPSRAD  $16, Y0, Y3
	VPSRAD  $16, Y1, Y4
	VPSRAD  $16, Y2, Y5
	VPADDD  Y4, Y3, Y3
	VPADDD  Y5, Y3, Y3
	VPAND   Y9, Y0, Y0
	VPAND   Y9, Y1, Y1
	VPAND   Y9, Y2, Y2
	VPADDD  Y1, Y0, Y0
	VPADDD  Y2, Y0, Y0
	VPADDD  Y13, Y0, Y0
	VPSRLD  $16, Y0, Y0
	VPADDD  Y3, Y0, Y0
	TESTQ   DI, DI
	JEQ     hnostore
	VMOVDQU Y0, (DI)(BX*4)

hnostore:
	VPABSD  Y0, Y0
	VPADDD  Y0, Y15, Y15
	ADDQ    $8, BX
	JMP     hloop

hdone:
	VEXTRACTI128 $1, Y15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPADDD       X0, X15, X15
	VMOVQ         X15, AX
	MOVL         AX, ret+24(FP)
	VZEROUPPER
	RET

// func vpass16AVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int) uint32
//
// vpassAVX2 for 16-bit samples (shift 16, rounding 2^15): each product
// still fits int32 but their sum may not, so, as in hpassAVX2, each is
// split into its high and low 16 bits.
TEXT ·vpass16AVX2(SB), NOSPLIT, $0-100
	MOVL $3571, R13
	VMOVQ R13, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, R13
	VMOVQ R13, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, R13
	VMOVQ R13, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, R13
	VMOVQ R13, X13
	VPBROADCASTD X13, Y13
	MOVL $65535, R13
	VMOVQ R13, X14
	VPBROADCASTD X14, Y14
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

v16loop:
	CMPQ R13, R14
	JGE  v16done
	VPMOVZXWD (AX)(R13*2), Y0
	VPMOVZXWD (R8)(R13*2), Y5
	VPSUBD    Y5, Y0, Y0
	VPMOVZXWD (BX)(R13*2), Y1
	VPMOVZXWD (R9)(R13*2), Y6
	VPSUBD    Y6, Y1, Y1
	VPMOVZXWD (CX)(R13*2), Y2
	VPMOVZXWD (R10)(R13*2), Y7
	VPSUBD    Y7, Y2, Y2
	VPMOVZXWD (DX)(R13*2), Y3
	VPMOVZXWD (R11)(R13*2), Y8
	VPSUBD    Y8, Y3, Y3
	VPMOVZXWD (SI)(R13*2), Y4
	VPMOVZXWD (R12)(R13*2), Y9
	VPSUBD    Y9, Y4, Y4
	VPADDD    Y4, Y0, Y0
	VPADDD    Y3, Y1, Y1
	VPMULLD   Y10, Y0, Y0
	VPMULLD   Y11, Y1, Y1
	VPMULLD   Y12, Y2, Y2
	VPSRAD    $16, Y0, Y3
	VPSRAD    $16, Y1, Y4
	VPSRAD    $16, Y2, Y5
	VPADDD    Y4, Y3, Y3
	VPADDD    Y5, Y3, Y3
	VPAND     Y14, Y0, Y0
	VPAND     Y14, Y1, Y1
	VPAND     Y14, Y2, Y2
	VPADDD    Y1, Y0, Y0
	VPADDD    Y2, Y0, Y0
	VPADDD    Y13, Y0, Y0
	VPSRLD    $16, Y0, Y0
	VPADDD    Y3, Y0, Y0
	VMOVDQU   Y0, (DI)(R13*4)
	VPABSD    Y0, Y0
	VPOR      Y0, Y15, Y15
	ADDQ      $8, R13
	JMP       v16loop

v16done:
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

// func vpassWordAVX2(dst *int32, p0, p1, p2, p3, p4, c0, c1, c2, c3, c4 *uint16, n int, coef uint32, shift uint64) uint32
//
// vpassAVX2 for samples of at most 14 bits, 16 columns a step in 16-bit
// lanes: each difference pk-ck and the pair sums d0+d4, d1+d3 fit int16
// (|d0+d4| <= 2*(2^14-1)), so VPMADDWD on the interleaved pairs
// (d0+d4, d1+d3) x (3571, 16004) and (d2, 1) x (26386, round) gives the
// int32 sum exactly; coef is 26386 | round<<16. n is a multiple of 16;
// returns the OR of |dst[j]| (0: an all-zero row; < 2^15: every value
// within int16, which hpassSmallAVX2 needs).
TEXT ·vpassWordAVX2(SB), NOSPLIT, $0-116
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

wloop:
	CMPQ R13, R14
	JGE  wdone
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
	VPUNPCKLWD Y1, Y0, Y3          // (d0+d4, d1+d3) of columns 0-3, 8-11
	VPUNPCKHWD Y1, Y0, Y4          // columns 4-7, 12-15
	VPUNPCKLWD Y12, Y2, Y5         // (d2, 1)
	VPUNPCKHWD Y12, Y2, Y6
	VPMADDWD Y10, Y3, Y3
	VPMADDWD Y10, Y4, Y4
	VPMADDWD Y11, Y5, Y5
	VPMADDWD Y11, Y6, Y6
	VPADDD   Y5, Y3, Y3
	VPADDD   Y6, Y4, Y4
	VPSRAD   X14, Y3, Y3
	VPSRAD   X14, Y4, Y4
	VPERM2I128 $0x20, Y4, Y3, Y0   // columns 0-7
	VPERM2I128 $0x31, Y4, Y3, Y1   // columns 8-15
	VMOVDQU  Y0, (DI)(R13*4)
	VMOVDQU  Y1, 32(DI)(R13*4)
	VPABSD   Y0, Y0
	VPABSD   Y1, Y1
	VPOR     Y0, Y15, Y15
	VPOR     Y1, Y15, Y15
	ADDQ     $16, R13
	JMP      wloop

wdone:
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

// func hpassSmallAVX2(out, row *int32, n int) uint32
//
// hpassAVX2 for rows whose values all lie within [-32767, 32767]: the
// whole sum, rounding included, stays within int32 (65536*32767 + 2^15 <
// 2^31), so it needs no split. out may be nil (only the sum is wanted).
TEXT ·hpassSmallAVX2(SB), NOSPLIT, $0-28
	MOVL $3571, AX
	VMOVQ AX, X10
	VPBROADCASTD X10, Y10
	MOVL $16004, AX
	VMOVQ AX, X11
	VPBROADCASTD X11, Y11
	MOVL $26386, AX
	VMOVQ AX, X12
	VPBROADCASTD X12, Y12
	MOVL $32768, AX
	VMOVQ AX, X13
	VPBROADCASTD X13, Y13
	VPXOR Y15, Y15, Y15

	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ BX, BX
	TESTQ DI, DI
	JEQ  sloop

soloop:
	CMPQ    BX, CX
	JGE     sdone
	VMOVDQU (SI)(BX*4), Y0
	VPADDD  16(SI)(BX*4), Y0, Y0
	VMOVDQU 4(SI)(BX*4), Y1
	VPADDD  12(SI)(BX*4), Y1, Y1
	VPMULLD Y10, Y0, Y0
	VPMULLD Y11, Y1, Y1
	VPMULLD 8(SI)(BX*4), Y12, Y2
	VPADDD  Y1, Y0, Y0
	VPADDD  Y13, Y2, Y2
	VPADDD  Y2, Y0, Y0
	VPSRAD  $16, Y0, Y0
	VMOVDQU Y0, (DI)(BX*4)
	VPABSD  Y0, Y0
	VPADDD  Y0, Y15, Y15
	ADDQ    $8, BX
	JMP     soloop

sloop:
	CMPQ    BX, CX
	JGE     sdone
	VMOVDQU (SI)(BX*4), Y0
	VPADDD  16(SI)(BX*4), Y0, Y0
	VMOVDQU 4(SI)(BX*4), Y1
	VPADDD  12(SI)(BX*4), Y1, Y1
	VPMULLD Y10, Y0, Y0
	VPMULLD Y11, Y1, Y1
	VPMULLD 8(SI)(BX*4), Y12, Y2
	VPADDD  Y1, Y0, Y0
	VPADDD  Y13, Y2, Y2
	VPADDD  Y2, Y0, Y0
	VPSRAD  $16, Y0, Y0
	VPABSD  Y0, Y0
	VPADDD  Y0, Y15, Y15
	ADDQ    $8, BX
	JMP     sloop

sdone:
	VEXTRACTI128 $1, Y15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0x4E, X15, X0
	VPADDD       X0, X15, X15
	VPSHUFD      $0xB1, X15, X0
	VPADDD       X0, X15, X15
	VMOVQ         X15, AX
	MOVL         AX, ret+24(FP)
	VZEROUPPER
	RET


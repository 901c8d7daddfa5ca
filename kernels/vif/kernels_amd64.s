//go:build !purego

#include "textflag.h"

// Gathers the low dword of each qword: [0, 2, 4, 6] into the low 128 bits.
DATA lowDwords<>+0(SB)/4, $0
DATA lowDwords<>+4(SB)/4, $2
DATA lowDwords<>+8(SB)/4, $4
DATA lowDwords<>+12(SB)/4, $6
DATA lowDwords<>+16(SB)/4, $0
DATA lowDwords<>+20(SB)/4, $2
DATA lowDwords<>+24(SB)/4, $4
DATA lowDwords<>+28(SB)/4, $6
GLOBL lowDwords<>(SB), RODATA|NOPTR, $32

// func statVAVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, taps, n int, muAdd, muShift, sqAdd, sqShift uint64)
// For j in [0, n), n a multiple of 8, over the taps rows ref[k], dis[k]:
// mu1[j] = (sum f*r + muAdd) >> muShift, mu2 likewise, rr[j] = (sum
// (f*r)*r + sqAdd) >> sqShift, dd and rd likewise. Every sum is exact in
// 64-bit lanes (f*r < 2^32 feeds the second VPMULUDQ); the results fit 32
// bits (the caller's shifts guarantee it), so the low dwords are stored.
TEXT ·statVAVX2(SB), NOSPLIT, $0-112
	MOVQ ref+40(FP), R11
	MOVQ dis+48(FP), R12
	MOVQ filt+56(FP), R13
	MOVQ taps+64(FP), R14
	MOVQ n+72(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JLE vdone

vloop:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	XORQ BX, BX

vtap:
	MOVQ (R11)(BX*8), DX
	MOVQ (R12)(BX*8), R10
	VPBROADCASTD (R13)(BX*4), Y15
	// columns 0-3: mu1 Y0, mu2 Y1, rr Y2, dd Y3, rd Y4
	VPMOVZXWQ (DX)(AX*2), Y10
	VPMOVZXWQ (R10)(AX*2), Y11
	VPMULUDQ Y15, Y10, Y12
	VPMULUDQ Y15, Y11, Y13
	VPADDQ Y12, Y0, Y0
	VPADDQ Y13, Y1, Y1
	VPMULUDQ Y10, Y12, Y14
	VPADDQ Y14, Y2, Y2
	VPMULUDQ Y11, Y13, Y14
	VPADDQ Y14, Y3, Y3
	VPMULUDQ Y11, Y12, Y14
	VPADDQ Y14, Y4, Y4
	// columns 4-7: Y5-Y9
	VPMOVZXWQ 8(DX)(AX*2), Y10
	VPMOVZXWQ 8(R10)(AX*2), Y11
	VPMULUDQ Y15, Y10, Y12
	VPMULUDQ Y15, Y11, Y13
	VPADDQ Y12, Y5, Y5
	VPADDQ Y13, Y6, Y6
	VPMULUDQ Y10, Y12, Y14
	VPADDQ Y14, Y7, Y7
	VPMULUDQ Y11, Y13, Y14
	VPADDQ Y14, Y8, Y8
	VPMULUDQ Y11, Y12, Y14
	VPADDQ Y14, Y9, Y9
	INCQ BX
	CMPQ BX, R14
	JLT vtap

	VPBROADCASTQ muAdd+80(FP), Y15
	VMOVQ muShift+88(FP), X14
	VPADDQ Y15, Y0, Y0
	VPADDQ Y15, Y1, Y1
	VPADDQ Y15, Y5, Y5
	VPADDQ Y15, Y6, Y6
	VPSRLQ X14, Y0, Y0
	VPSRLQ X14, Y1, Y1
	VPSRLQ X14, Y5, Y5
	VPSRLQ X14, Y6, Y6
	VPBROADCASTQ sqAdd+96(FP), Y15
	VMOVQ sqShift+104(FP), X14
	VPADDQ Y15, Y2, Y2
	VPADDQ Y15, Y3, Y3
	VPADDQ Y15, Y4, Y4
	VPADDQ Y15, Y7, Y7
	VPADDQ Y15, Y8, Y8
	VPADDQ Y15, Y9, Y9
	VPSRLQ X14, Y2, Y2
	VPSRLQ X14, Y3, Y3
	VPSRLQ X14, Y4, Y4
	VPSRLQ X14, Y7, Y7
	VPSRLQ X14, Y8, Y8
	VPSRLQ X14, Y9, Y9

	VMOVDQU lowDwords<>(SB), Y10
	VPERMD Y0, Y10, Y0
	VPERMD Y5, Y10, Y5
	VINSERTI128 $1, X5, Y0, Y0
	MOVQ mu1+0(FP), DX
	VMOVDQU Y0, (DX)(AX*4)
	VPERMD Y1, Y10, Y1
	VPERMD Y6, Y10, Y6
	VINSERTI128 $1, X6, Y1, Y1
	MOVQ mu2+8(FP), DX
	VMOVDQU Y1, (DX)(AX*4)
	VPERMD Y2, Y10, Y2
	VPERMD Y7, Y10, Y7
	VINSERTI128 $1, X7, Y2, Y2
	MOVQ rr+16(FP), DX
	VMOVDQU Y2, (DX)(AX*4)
	VPERMD Y3, Y10, Y3
	VPERMD Y8, Y10, Y8
	VINSERTI128 $1, X8, Y3, Y3
	MOVQ dd+24(FP), DX
	VMOVDQU Y3, (DX)(AX*4)
	VPERMD Y4, Y10, Y4
	VPERMD Y9, Y10, Y9
	VINSERTI128 $1, X9, Y4, Y4
	MOVQ rd+32(FP), DX
	VMOVDQU Y4, (DX)(AX*4)

	ADDQ $8, AX
	CMPQ AX, CX
	JLT vloop

vdone:
	VZEROUPPER
	RET

// func subVAVX2(conv *uint16, rows **uint16, filt *uint32, taps, n int, add, shift uint64)
// For j in [0, n), n a multiple of 16: conv[j] = (sum f*row + add) >> shift
// in uint32 lanes (the sums stay below 2^32; the results fit 16 bits).
TEXT ·subVAVX2(SB), NOSPLIT, $0-56
	MOVQ conv+0(FP), DI
	MOVQ rows+8(FP), R11
	MOVQ filt+16(FP), R13
	MOVQ taps+24(FP), R14
	MOVQ n+32(FP), CX
	VPBROADCASTD add+40(FP), Y14
	VMOVQ shift+48(FP), X13
	XORQ AX, AX
	TESTQ CX, CX
	JLE sdone

sloop:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	XORQ BX, BX

stap:
	MOVQ (R11)(BX*8), DX
	VPBROADCASTD (R13)(BX*4), Y15
	VPMOVZXWD (DX)(AX*2), Y2
	VPMOVZXWD 16(DX)(AX*2), Y3
	VPMULLD Y15, Y2, Y2
	VPMULLD Y15, Y3, Y3
	VPADDD Y2, Y0, Y0
	VPADDD Y3, Y1, Y1
	INCQ BX
	CMPQ BX, R14
	JLT stap

	VPADDD Y14, Y0, Y0
	VPADDD Y14, Y1, Y1
	VPSRLD X13, Y0, Y0
	VPSRLD X13, Y1, Y1
	VPACKUSDW Y1, Y0, Y0
	VPERMQ $0xD8, Y0, Y0
	VMOVDQU Y0, (DI)(AX*2)

	ADDQ $16, AX
	CMPQ AX, CX
	JLT sloop

sdone:
	VZEROUPPER
	RET

// func subHAVX2(out *uint16, conv *uint16, filt *uint32, taps, n int)
// For j in [0, n), n a multiple of 8: out[j] = (sum_k f_k*conv[2j+k] +
// 2^15) >> 16 in uint32 lanes. Each step filters 16 consecutive columns
// and keeps the 8 even ones.
TEXT ·subHAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ conv+8(FP), SI
	MOVQ filt+16(FP), R13
	MOVQ taps+24(FP), R14
	MOVQ n+32(FP), CX
	MOVQ $0x8000, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14
	VMOVDQU lowDwords<>(SB), Y13
	XORQ AX, AX
	TESTQ CX, CX
	JLE hsdone

hsloop:
	// columns 2j .. 2j+15 of the padded row start at conv + 4j bytes
	LEAQ (SI)(AX*4), DX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	XORQ BX, BX

hstap:
	VPBROADCASTD (R13)(BX*4), Y15
	VPMOVZXWD (DX)(BX*2), Y2
	VPMOVZXWD 16(DX)(BX*2), Y3
	VPMULLD Y15, Y2, Y2
	VPMULLD Y15, Y3, Y3
	VPADDD Y2, Y0, Y0
	VPADDD Y3, Y1, Y1
	INCQ BX
	CMPQ BX, R14
	JLT hstap

	VPADDD Y14, Y0, Y0
	VPADDD Y14, Y1, Y1
	VPSRLD $16, Y0, Y0
	VPSRLD $16, Y1, Y1
	// even columns: dwords 0, 2, 4, 6 of each
	VPERMD Y0, Y13, Y0
	VPERMD Y1, Y13, Y1
	VINSERTI128 $1, X1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPACKUSDW X1, X0, X0
	VMOVDQU X0, (DI)(AX*2)

	ADDQ $8, AX
	CMPQ AX, CX
	JLT hsloop

hsdone:
	VZEROUPPER
	RET

// func statV8AVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, fpair, f32 *[9][8]uint32, n int)
// statVAVX2 for 8-bit samples at scale 0 (17 taps, muAdd 128, muShift 8,
// no moment rounding), in 32-bit lanes: every sum is below 2^32. Rows k
// and 16-k are interleaved word by word, so one VPMADDWD gives r0+r1
// weighted by the tap (fpair: the tap in both words), r0^2+r1^2, d0^2+d1^2
// or r0*d0+r1*d1 (all exact in int32 for samples below 256), which VPMULLD
// weighs by the tap (f32). The centre row is paired with itself at half
// its (even) tap. For j in [0, n), n a multiple of 16.
TEXT ·statV8AVX2(SB), NOSPLIT, $0-80
	MOVQ ref+40(FP), R11
	MOVQ dis+48(FP), R12
	MOVQ fpair+56(FP), R13
	MOVQ f32+64(FP), R14
	MOVQ n+72(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JLE v8done

v8loop:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	XORQ BX, BX

v8tap:
	MOVQ $16, SI
	SUBQ BX, SI
	MOVQ (R11)(BX*8), DX
	MOVQ (R11)(SI*8), R8
	MOVQ (R12)(BX*8), R9
	MOVQ (R12)(SI*8), R10
	VMOVDQU (DX)(AX*2), Y10
	VPUNPCKLWD (R8)(AX*2), Y10, Y11
	VPUNPCKHWD (R8)(AX*2), Y10, Y10
	VMOVDQU (R9)(AX*2), Y12
	VPUNPCKLWD (R10)(AX*2), Y12, Y13
	VPUNPCKHWD (R10)(AX*2), Y12, Y12
	MOVQ BX, SI
	SHLQ $5, SI
	VPMADDWD (R13)(SI*1), Y11, Y14
	VPADDD Y14, Y0, Y0
	VPMADDWD (R13)(SI*1), Y10, Y14
	VPADDD Y14, Y1, Y1
	VPMADDWD (R13)(SI*1), Y13, Y14
	VPADDD Y14, Y2, Y2
	VPMADDWD (R13)(SI*1), Y12, Y14
	VPADDD Y14, Y3, Y3
	VPMADDWD Y11, Y11, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y4, Y4
	VPMADDWD Y10, Y10, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y5, Y5
	VPMADDWD Y13, Y13, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y6, Y6
	VPMADDWD Y12, Y12, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y7, Y7
	VPMADDWD Y13, Y11, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y8, Y8
	VPMADDWD Y12, Y10, Y14
	VPMULLD (R14)(SI*1), Y14, Y14
	VPADDD Y14, Y9, Y9
	INCQ BX
	CMPQ BX, $9
	JLT v8tap

	MOVL $128, DX
	VMOVD DX, X14
	VPBROADCASTD X14, Y14
	VPADDD Y14, Y0, Y0
	VPADDD Y14, Y1, Y1
	VPADDD Y14, Y2, Y2
	VPADDD Y14, Y3, Y3
	VPSRLD $8, Y0, Y0
	VPSRLD $8, Y1, Y1
	VPSRLD $8, Y2, Y2
	VPSRLD $8, Y3, Y3

	// unpacklo holds columns 0-3 and 8-11, unpackhi 4-7 and 12-15.
	MOVQ mu1+0(FP), DX
	VPERM2I128 $0x20, Y1, Y0, Y10
	VPERM2I128 $0x31, Y1, Y0, Y11
	VMOVDQU Y10, (DX)(AX*4)
	VMOVDQU Y11, 32(DX)(AX*4)
	MOVQ mu2+8(FP), DX
	VPERM2I128 $0x20, Y3, Y2, Y10
	VPERM2I128 $0x31, Y3, Y2, Y11
	VMOVDQU Y10, (DX)(AX*4)
	VMOVDQU Y11, 32(DX)(AX*4)
	MOVQ rr+16(FP), DX
	VPERM2I128 $0x20, Y5, Y4, Y10
	VPERM2I128 $0x31, Y5, Y4, Y11
	VMOVDQU Y10, (DX)(AX*4)
	VMOVDQU Y11, 32(DX)(AX*4)
	MOVQ dd+24(FP), DX
	VPERM2I128 $0x20, Y7, Y6, Y10
	VPERM2I128 $0x31, Y7, Y6, Y11
	VMOVDQU Y10, (DX)(AX*4)
	VMOVDQU Y11, 32(DX)(AX*4)
	MOVQ rd+32(FP), DX
	VPERM2I128 $0x20, Y9, Y8, Y10
	VPERM2I128 $0x31, Y9, Y8, Y11
	VMOVDQU Y10, (DX)(AX*4)
	VMOVDQU Y11, 32(DX)(AX*4)

	ADDQ $16, AX
	CMPQ AX, CX
	JLT v8loop

v8done:
	VZEROUPPER
	RET

// Constants of pixelsAVX2 (dword ones are 4 lanes, the others 4 qwords).
DATA pxC131071<>+0(SB)/4, $131071
DATA pxC131071<>+4(SB)/4, $131071
DATA pxC131071<>+8(SB)/4, $131071
DATA pxC131071<>+12(SB)/4, $131071
GLOBL pxC131071<>(SB), RODATA|NOPTR, $16
DATA pxC131072<>+0(SB)/4, $131072
DATA pxC131072<>+4(SB)/4, $131072
DATA pxC131072<>+8(SB)/4, $131072
DATA pxC131072<>+12(SB)/4, $131072
GLOBL pxC131072<>(SB), RODATA|NOPTR, $16
DATA pxOne<>+0(SB)/4, $1
DATA pxOne<>+4(SB)/4, $1
DATA pxOne<>+8(SB)/4, $1
DATA pxOne<>+12(SB)/4, $1
GLOBL pxOne<>(SB), RODATA|NOPTR, $16
DATA pxSign<>+0(SB)/4, $0x80000000
DATA pxSign<>+4(SB)/4, $0x80000000
DATA pxSign<>+8(SB)/4, $0x80000000
DATA pxSign<>+12(SB)/4, $0x80000000
GLOBL pxSign<>(SB), RODATA|NOPTR, $16
DATA pxFFFF<>+0(SB)/4, $0xffff
DATA pxFFFF<>+4(SB)/4, $0xffff
DATA pxFFFF<>+8(SB)/4, $0xffff
DATA pxFFFF<>+12(SB)/4, $0xffff
GLOBL pxFFFF<>(SB), RODATA|NOPTR, $16
DATA pxC1038<>+0(SB)/4, $1038
DATA pxC1038<>+4(SB)/4, $1038
DATA pxC1038<>+8(SB)/4, $1038
DATA pxC1038<>+12(SB)/4, $1038
GLOBL pxC1038<>(SB), RODATA|NOPTR, $16
DATA pxC34816<>+0(SB)/4, $34816
DATA pxC34816<>+4(SB)/4, $34816
DATA pxC34816<>+8(SB)/4, $34816
DATA pxC34816<>+12(SB)/4, $34816
GLOBL pxC34816<>(SB), RODATA|NOPTR, $16
DATA pxC2061<>+0(SB)/8, $2061
DATA pxC2061<>+8(SB)/8, $2061
DATA pxC2061<>+16(SB)/8, $2061
DATA pxC2061<>+24(SB)/8, $2061
GLOBL pxC2061<>(SB), RODATA|NOPTR, $32
DATA pxTwo31<>+0(SB)/8, $0x41e0000000000000
DATA pxTwo31<>+8(SB)/8, $0x41e0000000000000
DATA pxTwo31<>+16(SB)/8, $0x41e0000000000000
DATA pxTwo31<>+24(SB)/8, $0x41e0000000000000
GLOBL pxTwo31<>(SB), RODATA|NOPTR, $32

// func pixelsAVX2(s1, s2, s12 *int32, n int, table *uint16, gainLimit, eps float64, acc *[4][4]int64)
// Pixel on 4 pixels at a time, n a multiple of 4, adding each lane's
// numerator log terms, denominator log terms, non-log sigma2_sq and
// non-log count to acc[0..3] (the caller sums the lanes). The doubles
// follow C's operations one by one: g = s12/(s1 + eps), sv = (int32)(s2 -
// g*s12) (VCVTTPD2DQ, like cvttsd2si), g = min(g, limit) as C's MIN,
// trunc(g*g*s1) + numer1 exact in double (below 2^53). log2Q11 reads the
// bit length from the double's exponent (uint32 values converted exactly)
// and gathers the table entries; table needs one entry of padding (the
// gather reads a dword). Indices are masked to 16 bits, so inactive lanes
// read in bounds.
TEXT ·pixelsAVX2(SB), NOSPLIT, $0-64
	MOVQ s1+0(FP), SI
	MOVQ s2+8(FP), DI
	MOVQ s12+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ table+32(FP), R9
	VBROADCASTSD gainLimit+40(FP), Y15
	MOVQ acc+56(FP), R10
	VMOVDQU lowDwords<>(SB), Y12
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	XORQ AX, AX
	TESTQ CX, CX
	JLE pxdone

pxloop:
	VMOVDQU (SI)(AX*4), X0
	VMOVDQU (DI)(AX*4), X1
	VMOVDQU (R8)(AX*4), X2
	VPXOR X7, X7, X7
	VPMAXSD X7, X1, X1
	VPCMPGTD pxC131071<>(SB), X0, X3
	// non-log lanes: sigma2_sq and a count
	VPANDN X1, X3, X4
	VPMOVZXDQ X4, Y4
	VPADDQ Y4, Y10, Y10
	VPANDN pxOne<>(SB), X3, X4
	VPMOVZXDQ X4, Y4
	VPADDQ Y4, Y11, Y11
	VPTEST X3, X3
	JZ pxnext

	// denominator: log2Q11(131072 + s1) - 2048*17
	VPADDD pxC131072<>(SB), X0, X4
	VPXOR pxSign<>(SB), X4, X5
	VCVTDQ2PD X5, Y5
	VADDPD pxTwo31<>(SB), Y5, Y5
	VPSRLQ $52, Y5, Y5
	VPERMD Y5, Y12, Y5
	VPSUBD pxC1038<>(SB), X5, X5
	VPSRLVD X5, X4, X6
	VPAND pxFFFF<>(SB), X6, X6
	VPCMPEQD X13, X13, X13
	VPXOR X14, X14, X14
	VPGATHERDD X13, (R9)(X6*2), X14
	VPAND pxFFFF<>(SB), X14, X14
	VPSLLD $11, X5, X5
	VPADDD X5, X14, X14
	VPSUBD pxC34816<>(SB), X14, X14
	VPAND X3, X14, X14
	VPMOVSXDQ X14, Y14
	VPADDQ Y14, Y9, Y9

	// numerator lanes: log, s12 > 0 and sigma2_sq > 0
	VPXOR X7, X7, X7
	VPCMPGTD X7, X2, X4
	VPCMPGTD X7, X1, X5
	VPAND X4, X3, X4
	VPAND X5, X4, X4
	VPTEST X4, X4
	JZ pxnext

	VCVTDQ2PD X0, Y0
	VCVTDQ2PD X2, Y2
	VCVTDQ2PD X1, Y5
	VBROADCASTSD eps+48(FP), Y6
	VADDPD Y6, Y0, Y6
	VDIVPD Y6, Y2, Y6
	VMULPD Y2, Y6, Y7
	VSUBPD Y7, Y5, Y7
	VCVTTPD2DQY Y7, X7
	VPXOR X13, X13, X13
	VPMAXSD X13, X7, X7
	VMINPD Y15, Y6, Y6
	// numer1 = sv + 131072 as a uint32, exactly in double
	VPADDD pxC131072<>(SB), X7, X7
	VPXOR pxSign<>(SB), X7, X5
	VCVTDQ2PD X5, Y5
	VADDPD pxTwo31<>(SB), Y5, Y5
	// T = trunc((g*g)*s1) + numer1
	VMULPD Y6, Y6, Y6
	VMULPD Y0, Y6, Y6
	VROUNDPD $3, Y6, Y6
	VADDPD Y5, Y6, Y6

	// log2Q11(T) into X13
	VPSRLQ $52, Y6, Y7
	VMOVDQU pxC2061<>(SB), Y13
	VPSUBQ Y7, Y13, Y13
	VPSLLQ $52, Y13, Y13
	VMULPD Y13, Y6, Y6
	VCVTTPD2DQY Y6, X6
	VPAND pxFFFF<>(SB), X6, X6
	VPERMD Y7, Y12, Y7
	VPSUBD pxC1038<>(SB), X7, X7
	VPCMPEQD X14, X14, X14
	VPXOR X13, X13, X13
	VPGATHERDD X14, (R9)(X6*2), X13
	VPAND pxFFFF<>(SB), X13, X13
	VPSLLD $11, X7, X7
	VPADDD X7, X13, X13

	// log2Q11(numer1) into X14
	VPSRLQ $52, Y5, Y7
	VMOVDQU pxC2061<>(SB), Y6
	VPSUBQ Y7, Y6, Y6
	VPSLLQ $52, Y6, Y6
	VMULPD Y6, Y5, Y5
	VCVTTPD2DQY Y5, X5
	VPAND pxFFFF<>(SB), X5, X5
	VPERMD Y7, Y12, Y7
	VPSUBD pxC1038<>(SB), X7, X7
	VPCMPEQD X6, X6, X6
	VPXOR X14, X14, X14
	VPGATHERDD X6, (R9)(X5*2), X14
	VPAND pxFFFF<>(SB), X14, X14
	VPSLLD $11, X7, X7
	VPADDD X7, X14, X14

	VPSUBD X14, X13, X13
	VPAND X4, X13, X13
	VPMOVSXDQ X13, Y13
	VPADDQ Y13, Y8, Y8

pxnext:
	ADDQ $4, AX
	CMPQ AX, CX
	JLT pxloop

pxdone:
	VMOVDQU Y8, 0(R10)
	VMOVDQU Y9, 32(R10)
	VMOVDQU Y10, 64(R10)
	VMOVDQU Y11, 96(R10)
	VZEROUPPER
	RET

// func statHPairAVX2(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, filt *uint32, taps, n int)
// For j in [0, n), n a multiple of 8, over the padded rows (tap k reads
// column j+k): m1 = sum f*mu1, m2, a = sum f*rr, b, x likewise (exact);
// s1[j] = uint32((a + 2^15) >> 16) - uint32((m1*m1 + 2^31) >> 32), s2 from
// b, m2, s12 from x, m1*m2 (the low dwords of the 64-bit differences are
// the uint32 differences). The means use 32-bit lanes: the filters are symmetric and
// a mean is below 2^16, so each pair of columns (k, taps-1-k) is summed
// first and weighed once (every tap times 2^17 and the centre tap times
// 2^16 stay below 2^32, and so does the whole sum). The moments span 32
// bits (a pair's sum does not fit), so each side keeps 64-bit lanes:
// VPMULUDQ weighs the low dword of each qword, so a load at column c
// weighs the even columns c, c+2, .. and a load at c+1 the odd ones, with
// no widening; the sums of columns j, j+2, .. (Y2-Y4) and j+1, j+3, ..
// (Y5-Y7) are interleaved back at the end. The odd loads read one column
// past the last one used: the rows must hold taps+n columns (the caller
// checks).
TEXT ·statHPairAVX2(SB), NOSPLIT, $0-88
	MOVQ mu1+24(FP), SI
	MOVQ mu2+32(FP), DI
	MOVQ rr+40(FP), R8
	MOVQ dd+48(FP), R9
	MOVQ rd+56(FP), R10
	MOVQ filt+64(FP), R11
	MOVQ taps+72(FP), R12
	MOVQ n+80(FP), CX
	MOVQ R12, R13
	SHRQ $1, R13 // centre index
	XORQ AX, AX
	TESTQ CX, CX
	JLE hpdone

hploop:
	// centre tap: means in Y0 (mu1), Y1 (mu2); moments even/odd columns rr Y2/Y5, dd Y3/Y6, rd Y4/Y7
	LEAQ (AX)(R13*1), DX
	VPBROADCASTD (R11)(R13*4), Y15
	VPMULLD (SI)(DX*4), Y15, Y0
	VPMULLD (DI)(DX*4), Y15, Y1
	VPMULUDQ (R8)(DX*4), Y15, Y2
	VPMULUDQ 4(R8)(DX*4), Y15, Y5
	VPMULUDQ (R9)(DX*4), Y15, Y3
	VPMULUDQ 4(R9)(DX*4), Y15, Y6
	VPMULUDQ (R10)(DX*4), Y15, Y4
	VPMULUDQ 4(R10)(DX*4), Y15, Y7
	TESTQ R13, R13
	JZ hpfinish
	XORQ BX, BX
	MOVQ AX, DX // left column j+k
	LEAQ -1(AX)(R12*1), R14 // right column j+taps-1-k

hptap:
	VPBROADCASTD (R11)(BX*4), Y15
	VMOVDQU (SI)(DX*4), Y8
	VPADDD (SI)(R14*4), Y8, Y8
	VPMULLD Y15, Y8, Y8
	VPADDD Y8, Y0, Y0
	VMOVDQU (DI)(DX*4), Y9
	VPADDD (DI)(R14*4), Y9, Y9
	VPMULLD Y15, Y9, Y9
	VPADDD Y9, Y1, Y1
	VPMULUDQ (R8)(DX*4), Y15, Y10
	VPMULUDQ 4(R8)(DX*4), Y15, Y11
	VPMULUDQ (R8)(R14*4), Y15, Y12
	VPMULUDQ 4(R8)(R14*4), Y15, Y13
	VPADDQ Y10, Y2, Y2
	VPADDQ Y11, Y5, Y5
	VPADDQ Y12, Y2, Y2
	VPADDQ Y13, Y5, Y5
	VPMULUDQ (R9)(DX*4), Y15, Y10
	VPMULUDQ 4(R9)(DX*4), Y15, Y11
	VPMULUDQ (R9)(R14*4), Y15, Y12
	VPMULUDQ 4(R9)(R14*4), Y15, Y13
	VPADDQ Y10, Y3, Y3
	VPADDQ Y11, Y6, Y6
	VPADDQ Y12, Y3, Y3
	VPADDQ Y13, Y6, Y6
	VPMULUDQ (R10)(DX*4), Y15, Y10
	VPMULUDQ 4(R10)(DX*4), Y15, Y11
	VPMULUDQ (R10)(R14*4), Y15, Y12
	VPMULUDQ 4(R10)(R14*4), Y15, Y13
	VPADDQ Y10, Y4, Y4
	VPADDQ Y11, Y7, Y7
	VPADDQ Y12, Y4, Y4
	VPADDQ Y13, Y7, Y7
	INCQ BX
	INCQ DX
	DECQ R14
	CMPQ BX, R13
	JLT hptap

hpfinish:
	// means of the odd columns in the low dwords: Y8 mu1, Y9 mu2
	VPSRLQ $32, Y0, Y8
	VPSRLQ $32, Y1, Y9
	MOVQ $0x80000000, DX
	VMOVQ DX, X15
	VPBROADCASTQ X15, Y15
	MOVQ $0x8000, DX
	VMOVQ DX, X14
	VPBROADCASTQ X14, Y14

	// even columns: mu1sq Y10, mu2sq Y11, mu12 Y12
	VPMULUDQ Y0, Y0, Y10
	VPMULUDQ Y1, Y1, Y11
	VPMULUDQ Y1, Y0, Y12
	VPADDQ Y15, Y10, Y10
	VPADDQ Y15, Y11, Y11
	VPADDQ Y15, Y12, Y12
	VPSRLQ $32, Y10, Y10
	VPSRLQ $32, Y11, Y11
	VPSRLQ $32, Y12, Y12
	VPADDQ Y14, Y2, Y2
	VPADDQ Y14, Y3, Y3
	VPADDQ Y14, Y4, Y4
	VPSRLQ $16, Y2, Y2
	VPSRLQ $16, Y3, Y3
	VPSRLQ $16, Y4, Y4
	VPSUBQ Y10, Y2, Y2
	VPSUBQ Y11, Y3, Y3
	VPSUBQ Y12, Y4, Y4
	// odd columns
	VPMULUDQ Y8, Y8, Y10
	VPMULUDQ Y9, Y9, Y11
	VPMULUDQ Y9, Y8, Y12
	VPADDQ Y15, Y10, Y10
	VPADDQ Y15, Y11, Y11
	VPADDQ Y15, Y12, Y12
	VPSRLQ $32, Y10, Y10
	VPSRLQ $32, Y11, Y11
	VPSRLQ $32, Y12, Y12
	VPADDQ Y14, Y5, Y5
	VPADDQ Y14, Y6, Y6
	VPADDQ Y14, Y7, Y7
	VPSRLQ $16, Y5, Y5
	VPSRLQ $16, Y6, Y6
	VPSRLQ $16, Y7, Y7
	VPSUBQ Y10, Y5, Y5
	VPSUBQ Y11, Y6, Y6
	VPSUBQ Y12, Y7, Y7

	// interleave: the odd columns' low dwords move up into the even ones' high dwords
	VPSLLQ $32, Y5, Y5
	VPSLLQ $32, Y6, Y6
	VPSLLQ $32, Y7, Y7
	VPBLENDD $0xAA, Y5, Y2, Y2
	VPBLENDD $0xAA, Y6, Y3, Y3
	VPBLENDD $0xAA, Y7, Y4, Y4
	MOVQ s1+0(FP), DX
	VMOVDQU Y2, (DX)(AX*4)
	MOVQ s2+8(FP), DX
	VMOVDQU Y3, (DX)(AX*4)
	MOVQ s12+16(FP), DX
	VMOVDQU Y4, (DX)(AX*4)

	ADDQ $8, AX
	CMPQ AX, CX
	JLT hploop

hpdone:
	VZEROUPPER
	RET

// Dword constants of statHMaddAVX2, each repeated 8 times: the bias of
// word pairs, 2^31 and 2^31 + 2^15; and the qword 2^31.
DATA hmBias<>+0(SB)/8, $0x8000800080008000
DATA hmBias<>+8(SB)/8, $0x8000800080008000
DATA hmBias<>+16(SB)/8, $0x8000800080008000
DATA hmBias<>+24(SB)/8, $0x8000800080008000
GLOBL hmBias<>(SB), RODATA|NOPTR, $32
DATA hmTwo31<>+0(SB)/8, $0x8000000080000000
DATA hmTwo31<>+8(SB)/8, $0x8000000080000000
DATA hmTwo31<>+16(SB)/8, $0x8000000080000000
DATA hmTwo31<>+24(SB)/8, $0x8000000080000000
GLOBL hmTwo31<>(SB), RODATA|NOPTR, $32
DATA hmTwo31r<>+0(SB)/8, $0x8000800080008000
DATA hmTwo31r<>+8(SB)/8, $0x8000800080008000
DATA hmTwo31r<>+16(SB)/8, $0x8000800080008000
DATA hmTwo31r<>+24(SB)/8, $0x8000800080008000
GLOBL hmTwo31r<>(SB), RODATA|NOPTR, $32
DATA hmQ31<>+0(SB)/8, $0x80000000
DATA hmQ31<>+8(SB)/8, $0x80000000
DATA hmQ31<>+16(SB)/8, $0x80000000
DATA hmQ31<>+24(SB)/8, $0x80000000
GLOBL hmQ31<>(SB), RODATA|NOPTR, $32

// func statHMaddAVX2(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, fpairs *uint32, np, n, chunks int, scratch *[8][80]uint32)
// statHPairAVX2's outputs for j in [0, n), n a multiple of 8 and at most
// 64, with word multiplies (statHSIMD says why they are exact). First,
// for q in [0, 8*chunks), eight word-pair planes into scratch, each dword
// q holding (low word: column q, high word: column q+1) XOR 0x8000 per
// word: plane 0 mu1, 1 mu2 (below 2^16), 2/3 the low/high words of rr,
// 4/5 dd, 6/7 rd. Then VPMADDWD weighs pair q = j+2p with fpairs[p] (taps
// 2p and 2p+1 as words) for p in [0, np), summing in dwords: each plane's
// sum is sum f*v - 2^31 mod 2^32 (the taps sum to 2^16, the bias is
// 2^15), so adding 2^31 gives it back. A moment's sum is hi*2^16 + lo,
// and (sum + 2^15) >> 16 = hi + ((lo + 2^15) >> 16) (lo + 2^15 < 2^32).
// Reads columns [0, 8*chunks] of the rows.
TEXT ·statHMaddAVX2(SB), NOSPLIT, $0-104
	MOVQ mu1+24(FP), SI
	MOVQ mu2+32(FP), DI
	MOVQ rr+40(FP), R8
	MOVQ dd+48(FP), R9
	MOVQ rd+56(FP), R10
	MOVQ scratch+96(FP), R11
	MOVQ chunks+88(FP), CX
	SHLQ $3, CX
	VMOVDQU hmBias<>(SB), Y14
	XORQ AX, AX
	TESTQ CX, CX
	JLE hmdone

hmprep:
	VMOVDQU (SI)(AX*4), Y0
	VMOVDQU 4(SI)(AX*4), Y1
	VPSLLD $16, Y1, Y1
	VPBLENDW $0xAA, Y1, Y0, Y0
	VPXOR Y14, Y0, Y0
	VMOVDQU Y0, 0(R11)(AX*4)
	VMOVDQU (DI)(AX*4), Y0
	VMOVDQU 4(DI)(AX*4), Y1
	VPSLLD $16, Y1, Y1
	VPBLENDW $0xAA, Y1, Y0, Y0
	VPXOR Y14, Y0, Y0
	VMOVDQU Y0, 320(R11)(AX*4)
	VMOVDQU (R8)(AX*4), Y0
	VMOVDQU 4(R8)(AX*4), Y1
	VPSLLD $16, Y1, Y2
	VPBLENDW $0xAA, Y2, Y0, Y2
	VPSRLD $16, Y0, Y3
	VPBLENDW $0xAA, Y1, Y3, Y3
	VPXOR Y14, Y2, Y2
	VPXOR Y14, Y3, Y3
	VMOVDQU Y2, 640(R11)(AX*4)
	VMOVDQU Y3, 960(R11)(AX*4)
	VMOVDQU (R9)(AX*4), Y0
	VMOVDQU 4(R9)(AX*4), Y1
	VPSLLD $16, Y1, Y2
	VPBLENDW $0xAA, Y2, Y0, Y2
	VPSRLD $16, Y0, Y3
	VPBLENDW $0xAA, Y1, Y3, Y3
	VPXOR Y14, Y2, Y2
	VPXOR Y14, Y3, Y3
	VMOVDQU Y2, 1280(R11)(AX*4)
	VMOVDQU Y3, 1600(R11)(AX*4)
	VMOVDQU (R10)(AX*4), Y0
	VMOVDQU 4(R10)(AX*4), Y1
	VPSLLD $16, Y1, Y2
	VPBLENDW $0xAA, Y2, Y0, Y2
	VPSRLD $16, Y0, Y3
	VPBLENDW $0xAA, Y1, Y3, Y3
	VPXOR Y14, Y2, Y2
	VPXOR Y14, Y3, Y3
	VMOVDQU Y2, 1920(R11)(AX*4)
	VMOVDQU Y3, 2240(R11)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT hmprep

	MOVQ fpairs+64(FP), R12
	MOVQ np+72(FP), R13
	MOVQ n+80(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JLE hmdone

hmloop:
	LEAQ (R11)(AX*4), DX
	VPBROADCASTD (R12), Y15
	VPMADDWD 0(DX), Y15, Y0
	VPMADDWD 320(DX), Y15, Y1
	VPMADDWD 640(DX), Y15, Y2
	VPMADDWD 960(DX), Y15, Y3
	VPMADDWD 1280(DX), Y15, Y4
	VPMADDWD 1600(DX), Y15, Y5
	VPMADDWD 1920(DX), Y15, Y6
	VPMADDWD 2240(DX), Y15, Y7
	MOVQ $1, BX
	CMPQ BX, R13
	JGE hmfinish

hmtap:
	ADDQ $8, DX // two columns on
	VPBROADCASTD (R12)(BX*4), Y15
	VPMADDWD 0(DX), Y15, Y8
	VPMADDWD 320(DX), Y15, Y9
	VPMADDWD 640(DX), Y15, Y10
	VPMADDWD 960(DX), Y15, Y11
	VPADDD Y8, Y0, Y0
	VPADDD Y9, Y1, Y1
	VPADDD Y10, Y2, Y2
	VPADDD Y11, Y3, Y3
	VPMADDWD 1280(DX), Y15, Y8
	VPMADDWD 1600(DX), Y15, Y9
	VPMADDWD 1920(DX), Y15, Y10
	VPMADDWD 2240(DX), Y15, Y11
	VPADDD Y8, Y4, Y4
	VPADDD Y9, Y5, Y5
	VPADDD Y10, Y6, Y6
	VPADDD Y11, Y7, Y7
	INCQ BX
	CMPQ BX, R13
	JLT hmtap

hmfinish:
	VMOVDQU hmTwo31<>(SB), Y14
	VMOVDQU hmTwo31r<>(SB), Y13
	VMOVDQU hmQ31<>(SB), Y12
	// means m1 Y0, m2 Y1; moments' (sum + 2^15) >> 16: rr Y2, dd Y4, rd Y6
	VPADDD Y14, Y0, Y0
	VPADDD Y14, Y1, Y1
	VPADDD Y13, Y2, Y2
	VPADDD Y14, Y3, Y3
	VPSRLD $16, Y2, Y2
	VPADDD Y3, Y2, Y2
	VPADDD Y13, Y4, Y4
	VPADDD Y14, Y5, Y5
	VPSRLD $16, Y4, Y4
	VPADDD Y5, Y4, Y4
	VPADDD Y13, Y6, Y6
	VPADDD Y14, Y7, Y7
	VPSRLD $16, Y6, Y6
	VPADDD Y7, Y6, Y6
	// odd columns' means in the low dwords: Y10 m1, Y11 m2
	VPSRLQ $32, Y0, Y10
	VPSRLQ $32, Y1, Y11
	// (m*m' + 2^31) >> 32: the even columns' shifted down, the odd ones' high dwords kept
	VPMULUDQ Y0, Y0, Y8
	VPMULUDQ Y10, Y10, Y9
	VPADDQ Y12, Y8, Y8
	VPADDQ Y12, Y9, Y9
	VPSRLQ $32, Y8, Y8
	VPBLENDD $0xAA, Y9, Y8, Y8
	VPSUBD Y8, Y2, Y2
	MOVQ s1+0(FP), R14
	VMOVDQU Y2, (R14)(AX*4)
	VPMULUDQ Y1, Y1, Y8
	VPMULUDQ Y11, Y11, Y9
	VPADDQ Y12, Y8, Y8
	VPADDQ Y12, Y9, Y9
	VPSRLQ $32, Y8, Y8
	VPBLENDD $0xAA, Y9, Y8, Y8
	VPSUBD Y8, Y4, Y4
	MOVQ s2+8(FP), R14
	VMOVDQU Y4, (R14)(AX*4)
	VPMULUDQ Y1, Y0, Y8
	VPMULUDQ Y11, Y10, Y9
	VPADDQ Y12, Y8, Y8
	VPADDQ Y12, Y9, Y9
	VPSRLQ $32, Y8, Y8
	VPBLENDD $0xAA, Y9, Y8, Y8
	VPSUBD Y8, Y6, Y6
	MOVQ s12+16(FP), R14
	VMOVDQU Y6, (R14)(AX*4)

	ADDQ $8, AX
	CMPQ AX, CX
	JLT hmloop

hmdone:
	VZEROUPPER
	RET

//go:build !purego

#include "textflag.h"

// Broadcast constants of statHMaddAVX512: the bias of word pairs, the
// dwords 2^31 and 2^31 + 2^15, the qword 2^31.
DATA h5Bias<>+0(SB)/8, $0x8000800080008000
GLOBL h5Bias<>(SB), RODATA|NOPTR, $8
DATA h5Two31<>+0(SB)/8, $0x8000000080000000
GLOBL h5Two31<>(SB), RODATA|NOPTR, $8
DATA h5Two31r<>+0(SB)/8, $0x8000800080008000
GLOBL h5Two31r<>(SB), RODATA|NOPTR, $8
DATA h5Q31<>+0(SB)/8, $0x80000000
GLOBL h5Q31<>(SB), RODATA|NOPTR, $8

// func statHMaddAVX512(s1, s2, s12 *int32, mu1, mu2, rr, dd, rd *uint32, fpairs *uint32, np, n, chunks int, scratch *[8][80]uint32)
// statHMaddAVX2 (kernels_amd64.s says what it computes and why it is
// exact) 16 columns a step: n a multiple of 16 and at most 64, the word
// pair planes prepared for q in [0, 16*chunks), 16*chunks <= 80. Reads
// columns [0, 16*chunks] of the rows.
TEXT ·statHMaddAVX512(SB), NOSPLIT, $0-104
	MOVQ mu1+24(FP), SI
	MOVQ mu2+32(FP), DI
	MOVQ rr+40(FP), R8
	MOVQ dd+48(FP), R9
	MOVQ rd+56(FP), R10
	MOVQ scratch+96(FP), R11
	MOVQ chunks+88(FP), CX
	SHLQ $4, CX
	VPBROADCASTQ h5Bias<>(SB), Z14
	MOVL $0xAAAAAAAA, AX
	KMOVD AX, K1 // odd words
	MOVL $0xAAAA, AX
	KMOVW AX, K2 // odd dwords
	XORQ AX, AX
	TESTQ CX, CX
	JLE hmdone

hmprep:
	VMOVDQU32 (SI)(AX*4), Z0
	VMOVDQU32 4(SI)(AX*4), Z1
	VPSLLD $16, Z1, Z1
	VPBLENDMW Z1, Z0, K1, Z0
	VPXORD Z14, Z0, Z0
	VMOVDQU32 Z0, 0(R11)(AX*4)
	VMOVDQU32 (DI)(AX*4), Z0
	VMOVDQU32 4(DI)(AX*4), Z1
	VPSLLD $16, Z1, Z1
	VPBLENDMW Z1, Z0, K1, Z0
	VPXORD Z14, Z0, Z0
	VMOVDQU32 Z0, 320(R11)(AX*4)
	VMOVDQU32 (R8)(AX*4), Z0
	VMOVDQU32 4(R8)(AX*4), Z1
	VPSLLD $16, Z1, Z2
	VPBLENDMW Z2, Z0, K1, Z2
	VPSRLD $16, Z0, Z3
	VPBLENDMW Z1, Z3, K1, Z3
	VPXORD Z14, Z2, Z2
	VPXORD Z14, Z3, Z3
	VMOVDQU32 Z2, 640(R11)(AX*4)
	VMOVDQU32 Z3, 960(R11)(AX*4)
	VMOVDQU32 (R9)(AX*4), Z0
	VMOVDQU32 4(R9)(AX*4), Z1
	VPSLLD $16, Z1, Z2
	VPBLENDMW Z2, Z0, K1, Z2
	VPSRLD $16, Z0, Z3
	VPBLENDMW Z1, Z3, K1, Z3
	VPXORD Z14, Z2, Z2
	VPXORD Z14, Z3, Z3
	VMOVDQU32 Z2, 1280(R11)(AX*4)
	VMOVDQU32 Z3, 1600(R11)(AX*4)
	VMOVDQU32 (R10)(AX*4), Z0
	VMOVDQU32 4(R10)(AX*4), Z1
	VPSLLD $16, Z1, Z2
	VPBLENDMW Z2, Z0, K1, Z2
	VPSRLD $16, Z0, Z3
	VPBLENDMW Z1, Z3, K1, Z3
	VPXORD Z14, Z2, Z2
	VPXORD Z14, Z3, Z3
	VMOVDQU32 Z2, 1920(R11)(AX*4)
	VMOVDQU32 Z3, 2240(R11)(AX*4)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT hmprep

	MOVQ fpairs+64(FP), R12
	MOVQ np+72(FP), R13
	MOVQ n+80(FP), CX
	XORQ AX, AX
	TESTQ CX, CX
	JLE hmdone
	VPBROADCASTQ h5Two31<>(SB), Z14
	VPBROADCASTQ h5Two31r<>(SB), Z13
	VPBROADCASTQ h5Q31<>(SB), Z12

hmloop:
	LEAQ (R11)(AX*4), DX
	VPBROADCASTD (R12), Z15
	VPMADDWD 0(DX), Z15, Z0
	VPMADDWD 320(DX), Z15, Z1
	VPMADDWD 640(DX), Z15, Z2
	VPMADDWD 960(DX), Z15, Z3
	VPMADDWD 1280(DX), Z15, Z4
	VPMADDWD 1600(DX), Z15, Z5
	VPMADDWD 1920(DX), Z15, Z6
	VPMADDWD 2240(DX), Z15, Z7
	MOVQ $1, BX
	CMPQ BX, R13
	JGE hmfinish

hmtap:
	ADDQ $8, DX // two columns on
	VPBROADCASTD (R12)(BX*4), Z15
	VPMADDWD 0(DX), Z15, Z8
	VPMADDWD 320(DX), Z15, Z9
	VPMADDWD 640(DX), Z15, Z10
	VPMADDWD 960(DX), Z15, Z11
	VPADDD Z8, Z0, Z0
	VPADDD Z9, Z1, Z1
	VPADDD Z10, Z2, Z2
	VPADDD Z11, Z3, Z3
	VPMADDWD 1280(DX), Z15, Z8
	VPMADDWD 1600(DX), Z15, Z9
	VPMADDWD 1920(DX), Z15, Z10
	VPMADDWD 2240(DX), Z15, Z11
	VPADDD Z8, Z4, Z4
	VPADDD Z9, Z5, Z5
	VPADDD Z10, Z6, Z6
	VPADDD Z11, Z7, Z7
	INCQ BX
	CMPQ BX, R13
	JLT hmtap

hmfinish:
	// means m1 Z0, m2 Z1; moments' (sum + 2^15) >> 16: rr Z2, dd Z4, rd Z6
	VPADDD Z14, Z0, Z0
	VPADDD Z14, Z1, Z1
	VPADDD Z13, Z2, Z2
	VPADDD Z14, Z3, Z3
	VPSRLD $16, Z2, Z2
	VPADDD Z3, Z2, Z2
	VPADDD Z13, Z4, Z4
	VPADDD Z14, Z5, Z5
	VPSRLD $16, Z4, Z4
	VPADDD Z5, Z4, Z4
	VPADDD Z13, Z6, Z6
	VPADDD Z14, Z7, Z7
	VPSRLD $16, Z6, Z6
	VPADDD Z7, Z6, Z6
	// odd columns' means in the low dwords: Z10 m1, Z11 m2
	VPSRLQ $32, Z0, Z10
	VPSRLQ $32, Z1, Z11
	// (m*m' + 2^31) >> 32: the even columns' shifted down, the odd ones' high dwords kept
	VPMULUDQ Z0, Z0, Z8
	VPMULUDQ Z10, Z10, Z9
	VPADDQ Z12, Z8, Z8
	VPADDQ Z12, Z9, Z9
	VPSRLQ $32, Z8, Z8
	VPBLENDMD Z9, Z8, K2, Z8
	VPSUBD Z8, Z2, Z2
	MOVQ s1+0(FP), R14
	VMOVDQU32 Z2, (R14)(AX*4)
	VPMULUDQ Z1, Z1, Z8
	VPMULUDQ Z11, Z11, Z9
	VPADDQ Z12, Z8, Z8
	VPADDQ Z12, Z9, Z9
	VPSRLQ $32, Z8, Z8
	VPBLENDMD Z9, Z8, K2, Z8
	VPSUBD Z8, Z4, Z4
	MOVQ s2+8(FP), R14
	VMOVDQU32 Z4, (R14)(AX*4)
	VPMULUDQ Z1, Z0, Z8
	VPMULUDQ Z11, Z10, Z9
	VPADDQ Z12, Z8, Z8
	VPADDQ Z12, Z9, Z9
	VPSRLQ $32, Z8, Z8
	VPBLENDMD Z9, Z8, K2, Z8
	VPSUBD Z8, Z6, Z6
	MOVQ s12+16(FP), R14
	VMOVDQU32 Z6, (R14)(AX*4)

	ADDQ $16, AX
	CMPQ AX, CX
	JLT hmloop

hmdone:
	VZEROUPPER
	RET

// Qword indices that put VPUNPCKLWD/HWD's halves back in column order:
// the low half holds columns 0-3, 8-11, 16-19, 24-27 (a 128-bit lane
// each), the high half 4-7, 12-15, ...
DATA v5Order<>+0(SB)/8, $0
DATA v5Order<>+8(SB)/8, $1
DATA v5Order<>+16(SB)/8, $8
DATA v5Order<>+24(SB)/8, $9
DATA v5Order<>+32(SB)/8, $2
DATA v5Order<>+40(SB)/8, $3
DATA v5Order<>+48(SB)/8, $10
DATA v5Order<>+56(SB)/8, $11
DATA v5Order<>+64(SB)/8, $4
DATA v5Order<>+72(SB)/8, $5
DATA v5Order<>+80(SB)/8, $12
DATA v5Order<>+88(SB)/8, $13
DATA v5Order<>+96(SB)/8, $6
DATA v5Order<>+104(SB)/8, $7
DATA v5Order<>+112(SB)/8, $14
DATA v5Order<>+120(SB)/8, $15
GLOBL v5Order<>(SB), RODATA|NOPTR, $128

// Row pair loaders of statV8: rows A and B interleaved word by word into
// LO (columns 0-3, 8-11, ...) and HI (4-7, 12-15, ...), from uint16 rows
// or from packed 8-bit rows.
#define PAIR16(A, B, LO, HI) \
	VMOVDQU16 (A)(AX*2), HI; \
	VPUNPCKLWD (B)(AX*2), HI, LO; \
	VPUNPCKHWD (B)(AX*2), HI, HI

#define PAIR8(A, B, LO, HI) \
	VPMOVZXBW (A)(AX*1), HI; \
	VPMOVZXBW (B)(AX*1), Z18; \
	VPUNPCKLWD Z18, HI, LO; \
	VPUNPCKHWD Z18, HI, HI

// STORE4 stores the sums of columns [0, 32) held as LO and HI.
#define STORE4(LO, HI, ARG) \
	MOVQ ARG, DX; \
	VMOVDQA64 Z19, Z20; \
	VPERMI2Q HI, LO, Z20; \
	VMOVDQA64 Z21, Z22; \
	VPERMI2Q HI, LO, Z22; \
	VMOVDQU32 Z20, (DX)(AX*4); \
	VMOVDQU32 Z22, 64(DX)(AX*4)

// STATV8 is statV8AVX2 32 columns a step, with PAIR loading the rows.
#define STATV8(PAIR, STEP) \
	MOVQ ref+40(FP), R11; \
	MOVQ dis+48(FP), R12; \
	MOVQ fpair+56(FP), R13; \
	MOVQ f32+64(FP), R14; \
	MOVQ n+72(FP), CX; \
	VMOVDQU64 v5Order<>(SB), Z19; \
	VMOVDQU64 v5Order<>+64(SB), Z21; \
	XORQ AX, AX; \
	TESTQ CX, CX; \
	JLE done; \
loop: \
	VPXORD Z0, Z0, Z0; \
	VPXORD Z1, Z1, Z1; \
	VPXORD Z2, Z2, Z2; \
	VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; \
	VPXORD Z5, Z5, Z5; \
	VPXORD Z6, Z6, Z6; \
	VPXORD Z7, Z7, Z7; \
	VPXORD Z8, Z8, Z8; \
	VPXORD Z9, Z9, Z9; \
	XORQ BX, BX; \
tap: \
	MOVQ $16, SI; \
	SUBQ BX, SI; \
	MOVQ (R11)(BX*8), DX; \
	MOVQ (R11)(SI*8), R8; \
	MOVQ (R12)(BX*8), R9; \
	MOVQ (R12)(SI*8), R10; \
	PAIR(DX, R8, Z11, Z10); \
	PAIR(R9, R10, Z13, Z12); \
	MOVQ BX, SI; \
	SHLQ $5, SI; \
	VPBROADCASTD (R13)(SI*1), Z16; \
	VPBROADCASTD (R14)(SI*1), Z17; \
	VPMADDWD Z16, Z11, Z14; \
	VPADDD Z14, Z0, Z0; \
	VPMADDWD Z16, Z10, Z14; \
	VPADDD Z14, Z1, Z1; \
	VPMADDWD Z16, Z13, Z14; \
	VPADDD Z14, Z2, Z2; \
	VPMADDWD Z16, Z12, Z14; \
	VPADDD Z14, Z3, Z3; \
	VPMADDWD Z11, Z11, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z4, Z4; \
	VPMADDWD Z10, Z10, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z5, Z5; \
	VPMADDWD Z13, Z13, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z6, Z6; \
	VPMADDWD Z12, Z12, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z7, Z7; \
	VPMADDWD Z13, Z11, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z8, Z8; \
	VPMADDWD Z12, Z10, Z14; \
	VPMULLD Z17, Z14, Z14; \
	VPADDD Z14, Z9, Z9; \
	INCQ BX; \
	CMPQ BX, $9; \
	JLT tap; \
	MOVL $128, DX; \
	VPBROADCASTD DX, Z14; \
	VPADDD Z14, Z0, Z0; \
	VPADDD Z14, Z1, Z1; \
	VPADDD Z14, Z2, Z2; \
	VPADDD Z14, Z3, Z3; \
	VPSRLD $8, Z0, Z0; \
	VPSRLD $8, Z1, Z1; \
	VPSRLD $8, Z2, Z2; \
	VPSRLD $8, Z3, Z3; \
	STORE4(Z0, Z1, mu1+0(FP)); \
	STORE4(Z2, Z3, mu2+8(FP)); \
	STORE4(Z4, Z5, rr+16(FP)); \
	STORE4(Z6, Z7, dd+24(FP)); \
	STORE4(Z8, Z9, rd+32(FP)); \
	ADDQ $32, AX; \
	CMPQ AX, CX; \
	JLT loop; \
done: \
	VZEROUPPER; \
	RET

// func statV8AVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, fpair, f32 *[9][8]uint32, n int)
// statV8AVX2 (kernels_amd64.s) 32 columns a step: n a multiple of 32.
TEXT ·statV8AVX512(SB), NOSPLIT, $0-80
	STATV8(PAIR16, 2)

// func statV8PAVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint8, fpair, f32 *[9][8]uint32, n int)
// statV8AVX512 on packed 8-bit rows.
TEXT ·statV8PAVX512(SB), NOSPLIT, $0-80
	STATV8(PAIR8, 1)

// func subVPAVX512(conv *uint16, rows **uint8, filt *uint32, taps, n int, add, shift uint64)
// subVAVX2 (kernels_amd64.s) on packed rows, 32 columns a step: n a
// multiple of 32. The results fit 16 bits: VPMOVDW's truncation keeps them.
TEXT ·subVPAVX512(SB), NOSPLIT, $0-56
	MOVQ conv+0(FP), DI
	MOVQ rows+8(FP), R11
	MOVQ filt+16(FP), R13
	MOVQ taps+24(FP), R14
	MOVQ n+32(FP), CX
	VPBROADCASTD add+40(FP), Z14
	VMOVQ shift+48(FP), X13
	XORQ AX, AX
	TESTQ CX, CX
	JLE sdone

sloop:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	XORQ BX, BX

stap:
	MOVQ (R11)(BX*8), DX
	VPBROADCASTD (R13)(BX*4), Z15
	VPMOVZXBD (DX)(AX*1), Z2
	VPMOVZXBD 16(DX)(AX*1), Z3
	VPMULLD Z15, Z2, Z2
	VPMULLD Z15, Z3, Z3
	VPADDD Z2, Z0, Z0
	VPADDD Z3, Z1, Z1
	INCQ BX
	CMPQ BX, R14
	JLT stap

	VPADDD Z14, Z0, Z0
	VPADDD Z14, Z1, Z1
	VPSRLD X13, Z0, Z0
	VPSRLD X13, Z1, Z1
	VPMOVDW Z0, Y0
	VPMOVDW Z1, Y1
	VMOVDQU Y0, (DI)(AX*2)
	VMOVDQU Y1, 32(DI)(AX*2)

	ADDQ $32, AX
	CMPQ AX, CX
	JLT sloop

sdone:
	VZEROUPPER
	RET

// MOMENT adds a tap's moment of a row pair to a 64-bit sum: q = X.Y
// pairwise (VPMADDWD: r_k*s_k + r_k'*s_k', exact below 2^31 for samples
// below 2^15), then f*q for the even and the odd dwords (VPMULUDQ, exact
// in 64 bits) into EVEN and ODD.
#define MOMENT(X, Y, EVEN, ODD) \
	VPMADDWD Y, X, Z28; \
	VPMULUDQ Z17, Z28, Z30; \
	VPADDQ Z30, EVEN, EVEN; \
	VPSRLQ $32, Z28, Z29; \
	VPMULUDQ Z17, Z29, Z30; \
	VPADDQ Z30, ODD, ODD

// TAPSUMS adds one tap (f in Z16 as a word pair, in Z17 as a dword) of
// the pairs held in Z24/Z25 (reference, low and high halves) and Z26/Z27
// (distorted) to every sum.
#define TAPSUMS \
	VPMADDWD Z16, Z24, Z28; \
	VPADDD Z28, Z0, Z0; \
	VPMADDWD Z16, Z25, Z28; \
	VPADDD Z28, Z1, Z1; \
	VPMADDWD Z16, Z26, Z28; \
	VPADDD Z28, Z2, Z2; \
	VPMADDWD Z16, Z27, Z28; \
	VPADDD Z28, Z3, Z3; \
	MOMENT(Z24, Z24, Z4, Z5); \
	MOMENT(Z25, Z25, Z6, Z7); \
	MOMENT(Z26, Z26, Z8, Z9); \
	MOMENT(Z27, Z27, Z10, Z11); \
	MOMENT(Z24, Z26, Z12, Z13); \
	MOMENT(Z25, Z27, Z14, Z15)

// ROUND64 rounds a moment's even and odd 64-bit sums (add Z18, shift by
// X23) and merges their low dwords back into DST, in the pairs' layout.
#define ROUND64(EVEN, ODD, DST) \
	VPADDQ Z18, EVEN, EVEN; \
	VPADDQ Z18, ODD, ODD; \
	VPSRLQ X23, EVEN, EVEN; \
	VPSRLQ X23, ODD, ODD; \
	VPSLLQ $32, ODD, ODD; \
	VPBLENDMD ODD, EVEN, K2, DST

// func statVPairAVX512(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, n int, muAdd, muShift, sqAdd, sqShift uint64)
// statVAVX2 (kernels_amd64.s) at scale 0 (17 taps) for samples below 2^15,
// 32 columns a step, n a multiple of 32: rows k and 16-k are interleaved
// word by word, so one VPMADDWD gives a pair's weighted sum for the means
// (every tap below 2^15; the means' sums stay below 2^32) and its squares
// or products for the moments, which VPMULUDQ weighs by the tap in 64
// bits; the centre row pairs with zeros.
TEXT ·statVPairAVX512(SB), NOSPLIT, $0-104
	MOVQ ref+40(FP), R11
	MOVQ dis+48(FP), R12
	MOVQ filt+56(FP), R13
	MOVQ n+64(FP), CX
	VMOVDQU64 v5Order<>(SB), Z19
	VMOVDQU64 v5Order<>+64(SB), Z21
	VPXORD Z31, Z31, Z31
	MOVL $0xAAAA, AX
	KMOVW AX, K2
	XORQ AX, AX
	TESTQ CX, CX
	JLE pdone

ploop:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	XORQ BX, BX

ptap:
	MOVQ $16, SI
	SUBQ BX, SI
	VPBROADCASTD (R13)(BX*4), Z17
	VPSLLD $16, Z17, Z16
	VPORD Z17, Z16, Z16
	MOVQ (R11)(BX*8), DX
	MOVQ (R11)(SI*8), R8
	MOVQ (R12)(BX*8), R9
	MOVQ (R12)(SI*8), R10
	VMOVDQU16 (DX)(AX*2), Z25
	VPUNPCKLWD (R8)(AX*2), Z25, Z24
	VPUNPCKHWD (R8)(AX*2), Z25, Z25
	VMOVDQU16 (R9)(AX*2), Z27
	VPUNPCKLWD (R10)(AX*2), Z27, Z26
	VPUNPCKHWD (R10)(AX*2), Z27, Z27
	TAPSUMS
	INCQ BX
	CMPQ BX, $8
	JLT ptap

	// the centre row, paired with zeros, at its whole tap
	VPBROADCASTD 32(R13), Z17
	VPSLLD $16, Z17, Z16
	VPORD Z17, Z16, Z16
	MOVQ 64(R11), DX
	MOVQ 64(R12), R9
	VMOVDQU16 (DX)(AX*2), Z25
	VPUNPCKLWD Z31, Z25, Z24
	VPUNPCKHWD Z31, Z25, Z25
	VMOVDQU16 (R9)(AX*2), Z27
	VPUNPCKLWD Z31, Z27, Z26
	VPUNPCKHWD Z31, Z27, Z27
	TAPSUMS

	// the means: (sum + muAdd) >> muShift
	VPBROADCASTD muAdd+72(FP), Z18
	VMOVQ muShift+80(FP), X23
	VPADDD Z18, Z0, Z0
	VPADDD Z18, Z1, Z1
	VPADDD Z18, Z2, Z2
	VPADDD Z18, Z3, Z3
	VPSRLD X23, Z0, Z0
	VPSRLD X23, Z1, Z1
	VPSRLD X23, Z2, Z2
	VPSRLD X23, Z3, Z3
	STORE4(Z0, Z1, mu1+0(FP))
	STORE4(Z2, Z3, mu2+8(FP))

	// the moments: (sum + sqAdd) >> sqShift, 32 bits kept
	VPBROADCASTQ sqAdd+88(FP), Z18
	VMOVQ sqShift+96(FP), X23
	ROUND64(Z4, Z5, Z0)
	ROUND64(Z6, Z7, Z1)
	STORE4(Z0, Z1, rr+16(FP))
	ROUND64(Z8, Z9, Z0)
	ROUND64(Z10, Z11, Z1)
	STORE4(Z0, Z1, dd+24(FP))
	ROUND64(Z12, Z13, Z0)
	ROUND64(Z14, Z15, Z1)
	STORE4(Z0, Z1, rd+32(FP))

	ADDQ $32, AX
	CMPQ AX, CX
	JLT ploop

pdone:
	VZEROUPPER
	RET

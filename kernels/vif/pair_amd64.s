//go:build !purego

#include "textflag.h"

// The AVX2 twin of statVPairAVX512 (kernels512_amd64.s): scale 0's
// vertical statistics for samples below 2^15 with rows k and 16-k paired.

// PAIR8C interleaves 8 columns of rows A and B word by word into DST
// (column order: the low and high unpacks joined), reading B from memory.
#define PAIR8C(A, B, DST) \
	VMOVDQU (A)(AX*2), X12; \
	VMOVDQU (B)(AX*2), X13; \
	VPUNPCKLWD X13, X12, X14; \
	VPUNPCKHWD X13, X12, X12; \
	VINSERTI128 $1, X12, Y14, DST

// PAIR8Z is PAIR8C with zeros for B (the centre row).
#define PAIR8Z(A, DST) \
	VMOVDQU (A)(AX*2), X12; \
	VPUNPCKLWD X15, X12, X14; \
	VPUNPCKHWD X15, X12, X12; \
	VINSERTI128 $1, X12, Y14, DST

// MOMENT8 adds a tap's moment of a row pair to its 64-bit sums, as
// kernels512_amd64.s's MOMENT does (f as a dword in Y9).
#define MOMENT8(X, Y, EVEN, ODD) \
	VPMADDWD Y, X, Y12; \
	VPMULUDQ Y9, Y12, Y13; \
	VPADDQ Y13, EVEN, EVEN; \
	VPSRLQ $32, Y12, Y12; \
	VPMULUDQ Y9, Y12, Y13; \
	VPADDQ Y13, ODD, ODD

// TAP8 adds one tap (Y8 the word pair, Y9 the dword) of the pairs in Y10
// (reference) and Y11 (distorted) to every sum.
#define TAP8 \
	VPMADDWD Y8, Y10, Y12; \
	VPADDD Y12, Y0, Y0; \
	VPMADDWD Y8, Y11, Y12; \
	VPADDD Y12, Y1, Y1; \
	MOMENT8(Y10, Y10, Y2, Y3); \
	MOMENT8(Y11, Y11, Y4, Y5); \
	MOMENT8(Y10, Y11, Y6, Y7)

// ROUND8 rounds a moment's sums (add Y12, shift by X13), merges the even
// and odd columns and stores the 8 dwords at ARG.
#define ROUND8(EVEN, ODD, ARG) \
	VPADDQ Y12, EVEN, EVEN; \
	VPADDQ Y12, ODD, ODD; \
	VPSRLQ X13, EVEN, EVEN; \
	VPSRLQ X13, ODD, ODD; \
	VPSLLQ $32, ODD, ODD; \
	VPBLENDD $0xAA, ODD, EVEN, EVEN; \
	MOVQ ARG, DX; \
	VMOVDQU EVEN, (DX)(AX*4)

// func statVPairAVX2(mu1, mu2, rr, dd, rd *uint32, ref, dis **uint16, filt *uint32, n int, muAdd, muShift, sqAdd, sqShift uint64)
// statVPairAVX512 (kernels512_amd64.s) 8 columns a step, n a multiple of
// 8: the row pairs are formed in column order, so the sums need no
// permutation.
TEXT ·statVPairAVX2(SB), NOSPLIT, $0-104
	MOVQ ref+40(FP), R11
	MOVQ dis+48(FP), R12
	MOVQ filt+56(FP), R13
	MOVQ n+64(FP), CX
	VPXOR Y15, Y15, Y15
	XORQ AX, AX
	TESTQ CX, CX
	JLE p8done

p8loop:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	XORQ BX, BX

p8tap:
	MOVQ $16, SI
	SUBQ BX, SI
	VPBROADCASTD (R13)(BX*4), Y9
	VPSLLD $16, Y9, Y8
	VPOR Y9, Y8, Y8
	MOVQ (R11)(BX*8), DX
	MOVQ (R11)(SI*8), R8
	PAIR8C(DX, R8, Y10)
	MOVQ (R12)(BX*8), DX
	MOVQ (R12)(SI*8), R8
	PAIR8C(DX, R8, Y11)
	TAP8
	INCQ BX
	CMPQ BX, $8
	JLT p8tap

	VPBROADCASTD 32(R13), Y9
	VPSLLD $16, Y9, Y8
	VPOR Y9, Y8, Y8
	MOVQ 64(R11), DX
	PAIR8Z(DX, Y10)
	MOVQ 64(R12), DX
	PAIR8Z(DX, Y11)
	TAP8

	VPBROADCASTD muAdd+72(FP), Y12
	VMOVQ muShift+80(FP), X13
	VPADDD Y12, Y0, Y0
	VPADDD Y12, Y1, Y1
	VPSRLD X13, Y0, Y0
	VPSRLD X13, Y1, Y1
	MOVQ mu1+0(FP), DX
	VMOVDQU Y0, (DX)(AX*4)
	MOVQ mu2+8(FP), DX
	VMOVDQU Y1, (DX)(AX*4)
	VPBROADCASTQ sqAdd+88(FP), Y12
	VMOVQ sqShift+96(FP), X13
	ROUND8(Y2, Y3, rr+16(FP))
	ROUND8(Y4, Y5, dd+24(FP))
	ROUND8(Y6, Y7, rd+32(FP))

	ADDQ $8, AX
	CMPQ AX, CX
	JLT p8loop

p8done:
	VZEROUPPER
	RET

//go:build !purego

#include "textflag.h"

// func widen8SSE2(dst *uint16, src *byte, n int)
// dst[j] = src[j] for j in [0, n), n a multiple of 16 (SSE2 is amd64's
// baseline: no dispatch).
TEXT ·widen8SSE2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	PXOR X7, X7
	XORQ AX, AX
	TESTQ CX, CX
	JLE wdone
wloop:
	MOVOU (SI)(AX*1), X0
	MOVOU X0, X1
	PUNPCKLBW X7, X0
	PUNPCKHBW X7, X1
	MOVOU X0, (DI)(AX*2)
	MOVOU X1, 16(DI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT wloop
wdone:
	RET

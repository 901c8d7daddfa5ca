//go:build !purego

#include "textflag.h"

// The AVX2 kernels of 8-bit pictures held packed: kernels_amd64.s's
// convRowAVX2 and convDitherAVX2 with the rows read a byte a sample
// (zero-extended to words as they are loaded).

// func convRow8AVX2(out *uint16, in *uint8, n int, sl uint64) uint16
// out[x] = in[x] << sl for x in [0, n), n a multiple of 16; returns the
// largest in[x].
TEXT ·convRow8AVX2(SB), NOSPLIT, $0-34
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVQ sl+24(FP), X14
	VPXOR Y15, Y15, Y15             // largest
	SHRQ $4, CX
	JZ c8done
c8loop:
	VPMOVZXBW (SI), Y0
	VPMAXUW Y0, Y15, Y15
	VPSLLW X14, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $16, SI
	ADDQ $32, DI
	DECQ CX
	JNZ c8loop
c8done:
	VEXTRACTI128 $1, Y15, X0
	VPMAXUW X0, X15, X0
	VPSHUFD $0x4e, X0, X1
	VPMAXUW X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMAXUW X1, X0, X0
	VPSRLD $16, X0, X1
	VPMAXUW X1, X0, X0
	VMOVD X0, AX
	MOVW AX, ret+32(FP)
	VZEROUPPER
	RET

// func convDither8AVX2(out *uint16, row, next *uint8, n int, sl uint64) uint16
// out[x] = (row[x] + row[x+1] + next[x] + next[x+1]) << sl >> 2 for x in
// [0, n), n a multiple of 16, row[n] and next[n] readable; returns the
// largest row[x], x < n.
TEXT ·convDither8AVX2(SB), NOSPLIT, $0-42
	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ next+16(FP), BX
	MOVQ n+24(FP), CX
	VMOVQ sl+32(FP), X14
	VPXOR Y15, Y15, Y15             // largest
	SHRQ $4, CX
	JZ d8done
d8loop:
	VPMOVZXBW (SI), Y0
	VPMAXUW Y0, Y15, Y15
	VPMOVZXBW 1(SI), Y1
	VPADDW Y1, Y0, Y0
	VPMOVZXBW (BX), Y1
	VPADDW Y1, Y0, Y0
	VPMOVZXBW 1(BX), Y1
	VPADDW Y1, Y0, Y0
	VPSLLW X14, Y0, Y0
	VPSRLW $2, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $16, SI
	ADDQ $16, BX
	ADDQ $32, DI
	DECQ CX
	JNZ d8loop
d8done:
	VEXTRACTI128 $1, Y15, X0
	VPMAXUW X0, X15, X0
	VPSHUFD $0x4e, X0, X1
	VPMAXUW X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMAXUW X1, X0, X0
	VPSRLD $16, X0, X1
	VPMAXUW X1, X0, X0
	VMOVD X0, AX
	MOVW AX, ret+40(FP)
	VZEROUPPER
	RET

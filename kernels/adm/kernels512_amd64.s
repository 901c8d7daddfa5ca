#include "textflag.h"

// AVX-512 twins (F, DQ, CD, BW, VL) of the kernels whose arithmetic is
// 64-bit per lane: AVX2 has no 64-bit arithmetic shift, no 64-bit min/max
// and no int64-to-float conversion, AVX-512 has all three.

DATA k512<>+0(SB)/8, $32768
DATA k512<>+8(SB)/8, $16384
DATA k512<>+16(SB)/8, $1
DATA k512<>+24(SB)/8, $14
DATA k512<>+32(SB)/4, $32768
DATA k512<>+36(SB)/4, $17
DATA k512<>+40(SB)/4, $1
DATA k512<>+48(SB)/8, $0x3f30000000000000 // 2^-12
GLOBL k512<>(SB), RODATA|NOPTR, $56

// func angle123AVX512(flag *int32, oh, ov, th, tv *int32, n int, cos1 float64)
// For j in [0, n), n a multiple of 8: flag[j] = -1 where angleFlag holds
// for the int32 coefficients, else 0. The dot product and magnitudes are
// int64 (wrapping), rounded to float32 as Go's conversion rounds (to
// nearest, ties to even), then compared in float64 in angleFlag's order.
TEXT ·angle123AVX512(SB), NOSPLIT, $0-56
	MOVQ flag+0(FP), DI
	MOVQ oh+8(FP), R8
	MOVQ ov+16(FP), R9
	MOVQ th+24(FP), R10
	MOVQ tv+32(FP), R11
	MOVQ n+40(FP), CX
	VBROADCASTSD cos1+48(FP), Z14
	VBROADCASTSD k512<>+48(SB), Z13
	VPXORQ Z15, Z15, Z15
	XORQ AX, AX
	TESTQ CX, CX
	JLE a5done
a5loop:
	VPMOVSXDQ (R8)(AX*4), Z0
	VPMOVSXDQ (R9)(AX*4), Z1
	VPMOVSXDQ (R10)(AX*4), Z2
	VPMOVSXDQ (R11)(AX*4), Z3
	VPMULDQ Z2, Z0, Z4
	VPMULDQ Z3, Z1, Z5
	VPADDQ Z5, Z4, Z4 // dp
	VPMULDQ Z0, Z0, Z0
	VPMULDQ Z1, Z1, Z1
	VPADDQ Z1, Z0, Z0 // om
	VPMULDQ Z2, Z2, Z2
	VPMULDQ Z3, Z3, Z3
	VPADDQ Z3, Z2, Z2 // tm
	VCVTQQ2PS Z4, Y4
	VCVTQQ2PS Z0, Y0
	VCVTQQ2PS Z2, Y2
	VCVTPS2PD Y4, Z4
	VCVTPS2PD Y0, Z0
	VCVTPS2PD Y2, Z2
	VMULPD Z13, Z4, Z4 // d = dp/4096
	VMULPD Z13, Z0, Z0
	VMULPD Z13, Z2, Z2
	VMULPD Z0, Z14, Z0 // cos1 * om/4096
	VMULPD Z2, Z0, Z0  // rhs
	VMULPD Z4, Z4, Z1  // d*d
	VCMPPD $0x1D, Z0, Z1, K1  // d*d >= rhs
	VCMPPD $0x1D, Z15, Z4, K2 // d >= 0
	KANDW K1, K2, K1
	VPMOVM2D K1, Y5
	VMOVDQU32 Y5, (DI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT a5loop
	VZEROUPPER
a5done:
	RET

// func decouple123AVX512(r, a, o, t *int32, flag *int32, n int, egl float64, tab *int32)
// For j in [0, n), n a multiple of 8: decouple32(o[j], t[j], flag[j] != 0, egl)
// into r[j], a[j]. egl must be finite and non-negative. The table's sign
// symmetry (tab[32768-m] = -tab[32768+m]) folds o's sign into the index.
TEXT ·decouple123AVX512(SB), NOSPLIT, $0-64
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VBROADCASTSD egl+48(FP), Z15
	MOVQ tab+56(FP), R11
	VPBROADCASTQ k512<>+0(SB), Z14  // 32768
	VPBROADCASTQ k512<>+8(SB), Z13  // 16384
	VPBROADCASTQ k512<>+16(SB), Z12 // 1
	VPBROADCASTQ k512<>+24(SB), Z11 // 14
	VPBROADCASTD k512<>+32(SB), Y10 // 32768
	VPBROADCASTD k512<>+36(SB), Y9  // 17
	VPBROADCASTD k512<>+40(SB), Y8  // 1
	VPXORQ Z16, Z16, Z16
	XORQ AX, AX
	TESTQ CX, CX
	JLE d5done
d5loop:
	VMOVDQU32 (R8)(AX*4), Y2   // o
	VMOVDQU32 (R9)(AX*4), Y3   // t
	VPMOVSXDQ Y2, Z0
	VPMOVSXDQ Y3, Z1
	// best15: k = max(17 - lzcnt|o|, 0), m = (|o| + (1<<k)/2) >> k
	VPABSD Y2, Y4
	VPLZCNTD Y4, Y5
	VPSUBD Y5, Y9, Y5
	VPMAXSD Y16, Y5, Y5        // k
	VPSLLVD Y5, Y8, Y6
	VPSRLD $1, Y6, Y6
	VPADDD Y6, Y4, Y6
	VPSRLVD Y5, Y6, Y6         // m
	VPSIGND Y2, Y6, Y6         // signed m (0 where o == 0)
	VPADDD Y10, Y6, Y6
	KXNORW K1, K1, K1
	VPGATHERDD (R11)(Y6*4), K1, Y7
	VPMOVSXDQ Y7, Z7
	VPMULDQ Z1, Z7, Z7         // tab * t
	VPMOVZXDQ Y5, Z5
	VPADDQ Z11, Z5, Z5         // 14 + k
	VPSLLVQ Z5, Z12, Z6
	VPADDQ Z6, Z7, Z7
	VPADDQ Z12, Z5, Z5         // 15 + k
	VPSRAVQ Z5, Z7, Z7
	VPMAXSQ Z16, Z7, Z7
	VPMINSQ Z14, Z7, Z7        // kk
	VPTESTNMQ Z0, Z0, K2       // o == 0: kk = 32768
	VMOVDQA64 Z14, K2, Z7
	VPMULDQ Z0, Z7, Z6
	VPADDQ Z13, Z6, Z6
	VPSRAQ $15, Z6, Z6
	VPMOVQD Z6, Y6             // rst
	// gain limit where flag, kk > 0 and o has a sign
	VCVTDQ2PD Y6, Z4
	VMULPD Z15, Z4, Z4
	VCVTDQ2PD Y3, Z5
	VMINPD Z5, Z4, Z17
	VMAXPD Z5, Z4, Z18
	VCVTTPD2DQ Z17, Y17
	VCVTTPD2DQ Z18, Y18
	VMOVDQU32 (R10)(AX*4), Y4
	VPTESTMD Y4, Y4, K3        // flag
	VPCMPGTQ Z16, Z7, K4       // kk > 0
	KANDW K3, K4, K4
	VPCMPGTQ Z16, Z0, K5       // o > 0
	VPCMPGTQ Z0, Z16, K6       // o < 0
	KANDW K4, K5, K5
	KANDW K4, K6, K6
	VMOVDQA32 Y17, K5, Y6
	VMOVDQA32 Y18, K6, Y6
	VPSUBD Y6, Y3, Y3
	VMOVDQU32 Y6, (DI)(AX*4)
	VMOVDQU32 Y3, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT d5loop
	VZEROUPPER
d5done:
	RET

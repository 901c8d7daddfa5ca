//go:build !purego

#include "textflag.h"

// AVX-512 twins (F, DQ, CD, BW, VL) of the AVX2 kernels: twice the width
// or more, and the 64-bit lane arithmetic AVX2 lacks (arithmetic shifts,
// min/max, int64-to-float conversion).

DATA k512<>+0(SB)/8, $32768
DATA k512<>+8(SB)/8, $16384
DATA k512<>+16(SB)/8, $1
DATA k512<>+24(SB)/8, $14
DATA k512<>+32(SB)/4, $32768
DATA k512<>+36(SB)/4, $17
DATA k512<>+40(SB)/4, $1
DATA k512<>+48(SB)/8, $0x3f30000000000000 // 2^-12
DATA k512<>+56(SB)/4, $16384
DATA k512<>+60(SB)/4, $0
DATA k512<>+64(SB)/8, $0x8000000 // 2^27
DATA k512<>+72(SB)/4, $0x80000000
DATA k512<>+76(SB)/4, $0
GLOBL k512<>(SB), RODATA|NOPTR, $80

#include "dwt_amd64.h"

// csf0AVX512's constants: 4369 in a dword's low word (PMADDWD), -16384
// in its low word, the |v|/30 and |v|/15 terms' rounding with the
// 4369*16384 and 8738*16384 that PMADDWD leaves out, and the CSF's
// rounding of bands 0, 1 and 2.
DATA csf5<>+0(SB)/4, $4369
DATA csf5<>+4(SB)/4, $0xC000
DATA csf5<>+8(SB)/4, $71583744  // 4369*16384 + 2048
DATA csf5<>+12(SB)/4, $16384
DATA csf5<>+16(SB)/4, $65535
DATA csf5<>+20(SB)/4, $143165440 // 8738*16384 + 2048
GLOBL csf5<>(SB), RODATA|NOPTR, $24

DATA csf6<>+0(SB)/4, $143165577
DATA csf6<>+4(SB)/4, $286331153
DATA csf6<>+8(SB)/8, $0x80000000
GLOBL csf6<>(SB), RODATA|NOPTR, $16

// The qword orders that interleave the 128-bit lanes of two vectors
// (a0 b0 a1 b1, then a2 b2 a3 b3): they put the dwords of an in-lane
// unpack and its PMADDWD back in column order.
DATA lanes5<>+0(SB)/8, $0
DATA lanes5<>+8(SB)/8, $1
DATA lanes5<>+16(SB)/8, $8
DATA lanes5<>+24(SB)/8, $9
DATA lanes5<>+32(SB)/8, $2
DATA lanes5<>+40(SB)/8, $3
DATA lanes5<>+48(SB)/8, $10
DATA lanes5<>+56(SB)/8, $11
DATA lanes5<>+64(SB)/8, $4
DATA lanes5<>+72(SB)/8, $5
DATA lanes5<>+80(SB)/8, $12
DATA lanes5<>+88(SB)/8, $13
DATA lanes5<>+96(SB)/8, $6
DATA lanes5<>+104(SB)/8, $7
DATA lanes5<>+112(SB)/8, $14
DATA lanes5<>+120(SB)/8, $15
GLOBL lanes5<>(SB), RODATA|NOPTR, $128

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
a5done:
	VZEROUPPER
	RET

// Constants of decouple123AVX512: 17, 1 and 14 per dword, the low dword
// of a qword.
DATA d5k<>+0(SB)/4, $17
DATA d5k<>+4(SB)/4, $1
DATA d5k<>+8(SB)/4, $14
DATA d5k<>+12(SB)/4, $0
DATA d5k<>+16(SB)/8, $0xffffffff
GLOBL d5k<>(SB), RODATA|NOPTR, $24

// func decouple123AVX512(r, a, o, t *int32, flag *int32, n int, egl float64, tab *int32, ie int64, tmax uint64)
// decouple123One for j in [0, n), n a multiple of 16: best15 in int32
// lanes (k = max(17 - lzcnt|o|, 0), m = (|o| + 2^k/2) >> k, the table's
// sign symmetry (tab[32768-m] = -tab[32768+m]) folding o's sign into the
// index), then kk and rst in the int64 qwords of the even and the odd
// dwords: kk = (tab*t + 2^(14+k)) >> (15+k) clamped to [0, 32768] (o = 0
// reads tab 0, kk 0: rst is 0 as with libvmaf's 32768), rst = (kk*o +
// 2^14) >> 15 (within int32), moved back into place. The gain limit of a
// flagged lane is min(|rst*egl|, |t|) with rst's sign (decouple0AVX2),
// its magnitudes unsigned (|-2^31| is 2^31): for an integral egl (ie >=
// 0) the int32 product, exact while |rst| <= tmax = (2^32-1)/ie and past
// |t| beyond; otherwise in float64.
TEXT ·decouple123AVX512(SB), NOSPLIT, $0-80
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VBROADCASTSD egl+48(FP), Z15
	MOVQ tab+56(FP), R11
	MOVQ ie+64(FP), R12
	VPBROADCASTD R12, Z22
	MOVQ tmax+72(FP), BX
	VPBROADCASTD BX, Z21
	VPXORQ Z31, Z31, Z31
	VPBROADCASTD d5k<>+0(SB), Z30  // 17
	VPBROADCASTD d5k<>+4(SB), Z29  // 1
	VPBROADCASTD k512<>+32(SB), Z28 // 32768
	VPBROADCASTQ d5k<>+16(SB), Z27 // the low dword of a qword
	VPBROADCASTQ k512<>+16(SB), Z26 // 1, qwords
	VPBROADCASTD d5k<>+8(SB), Z25  // 14
	VPBROADCASTQ k512<>+0(SB), Z24  // 32768, qwords
	VPBROADCASTQ k512<>+8(SB), Z23  // 16384, qwords
	MOVL $0xAAAA, BX
	KMOVW BX, K7                   // odd dword lanes
	XORQ AX, AX
	TESTQ CX, CX
	JLE d5done
d5loop:
	VMOVDQU32 (R8)(AX*4), Z0   // o
	VMOVDQU32 (R9)(AX*4), Z1   // t
	VPABSD Z0, Z2
	VPLZCNTD Z2, Z3
	VPSUBD Z3, Z30, Z3
	VPMAXSD Z31, Z3, Z3        // k
	VPSLLVD Z3, Z29, Z4
	VPSRLD $1, Z4, Z4
	VPADDD Z2, Z4, Z4
	VPSRLVD Z3, Z4, Z4         // m
	VPMOVD2M Z0, K2
	VPSUBD Z4, Z31, K2, Z4     // with o's sign
	VPADDD Z28, Z4, Z4
	KXNORW K1, K1, K1
	VPGATHERDD (R11)(Z4*4), K1, Z5
	VPADDD Z25, Z3, Z3         // 14 + k
	VPANDQ Z27, Z3, Z6         // the even lanes' as qwords
	VPSRLQ $32, Z3, Z7         // the odd lanes'
	VPSLLVQ Z6, Z26, Z8
	VPSLLVQ Z7, Z26, Z9
	VPADDQ Z26, Z6, Z6         // 15 + k
	VPADDQ Z26, Z7, Z7
	VPMULDQ Z1, Z5, Z10        // even lanes: tab * t
	VPSHUFD $0xF5, Z5, Z11
	VPSHUFD $0xF5, Z1, Z12
	VPMULDQ Z12, Z11, Z11      // odd lanes
	VPADDQ Z8, Z10, Z10
	VPADDQ Z9, Z11, Z11
	VPSRAVQ Z6, Z10, Z10
	VPSRAVQ Z7, Z11, Z11
	VPMAXSQ Z31, Z10, Z10
	VPMAXSQ Z31, Z11, Z11
	VPMINSQ Z24, Z10, Z10      // kk, even lanes
	VPMINSQ Z24, Z11, Z11      // odd lanes
	VPMULDQ Z0, Z10, Z10
	VPSHUFD $0xF5, Z0, Z13
	VPMULDQ Z13, Z11, Z11
	VPADDQ Z23, Z10, Z10
	VPADDQ Z23, Z11, Z11
	VPSRAQ $15, Z10, Z10
	VPSLLQ $17, Z11, Z11
	VPBLENDMD Z11, Z10, K7, Z6 // rst
	VPABSD Z6, Z7              // |rst|, unsigned
	VPABSD Z1, Z8              // |t|
	TESTQ R12, R12
	JS d5float
	VPMULLD Z22, Z7, Z9
	VPMINUD Z8, Z9, Z9
	VPCMPUD $6, Z21, Z7, K3    // |rst| > tmax: the product is past |t|
	VMOVDQA32 Z8, K3, Z9
	JMP d5gain
d5float:
	VCVTUDQ2PD Y7, Z9
	VMULPD Z15, Z9, Z9
	VCVTUDQ2PD Y8, Z10
	VMINPD Z10, Z9, Z9
	VCVTTPD2UDQ Z9, Y9
	VEXTRACTI32X8 $1, Z7, Y10
	VCVTUDQ2PD Y10, Z10
	VMULPD Z15, Z10, Z10
	VEXTRACTI32X8 $1, Z8, Y11
	VCVTUDQ2PD Y11, Z11
	VMINPD Z11, Z10, Z10
	VCVTTPD2UDQ Z10, Y10
	VINSERTI32X8 $1, Y10, Z9, Z9
d5gain:
	VPMOVD2M Z6, K5            // rst < 0: the limit takes its sign
	VPSUBD Z9, Z31, K5, Z9
	VMOVDQU32 (R10)(AX*4), Z10
	VPTESTMD Z10, Z10, K4      // flag
	VMOVDQA32 Z9, K4, Z6
	VPSUBD Z6, Z1, Z1
	VMOVDQU32 Z6, (DI)(AX*4)
	VMOVDQU32 Z1, (SI)(AX*4)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT d5loop
d5done:
	VZEROUPPER
	RET

// func decouple0AVX512(r, a, o, t *int16, flag *int32, n int, egl float64, tab *int32, ie int64)
// decouple0One for j in [0, n), n a multiple of 16, in int32 lanes but
// for the table product: tab*t (|tab*t| <= 2^45) in the qwords of the
// even and the odd dwords, rounded and shifted by 15 into the dword's
// place (its int32 is exact: under 2^30), kk clamped in int32; rst =
// (kk*o + 2^14) >> 15 is within int16 (|kk*o| <= 2^30). The gain limit of
// a flagged lane is min(|rst*egl|, |t|) with rst's sign, as in
// decouple0AVX2; ie >= 0 says egl is that integer (at most 65535), whose
// product with rst is exact in int32, else it is done in float64. a = t -
// rst lies between 0 and t, so the saturating pack that stores both rows
// keeps every bit.
TEXT ·decouple0AVX512(SB), NOSPLIT, $0-72
	MOVQ r+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ o+16(FP), R8
	MOVQ t+24(FP), R9
	MOVQ flag+32(FP), R10
	MOVQ n+40(FP), CX
	VBROADCASTSD egl+48(FP), Z15
	MOVQ tab+56(FP), R11
	VPBROADCASTD k512<>+32(SB), Z14 // 32768
	VPBROADCASTQ k512<>+8(SB), Z13  // 16384, qwords
	VPBROADCASTD k512<>+56(SB), Z11 // 16384
	VMOVDQU64 pairs<>+24(SB), Z12  // the qword order that undoes a pack's lane interleave
	VPXORQ Z16, Z16, Z16
	MOVQ ie+64(FP), R12
	VPBROADCASTD R12, Z22
	MOVL $0xAAAA, BX
	KMOVW BX, K7                    // odd dword lanes
	XORQ AX, AX
	TESTQ CX, CX
	JLE e5done
e5loop:
	VPMOVSXWD (R8)(AX*2), Z0   // o
	VPMOVSXWD (R9)(AX*2), Z1   // t
	VPADDD Z14, Z0, Z2
	KXNORW K1, K1, K1
	VPGATHERDD (R11)(Z2*4), K1, Z4
	VPMULDQ Z1, Z4, Z5         // even lanes: tab * t
	VPSHUFD $0xF5, Z4, Z6
	VPSHUFD $0xF5, Z1, Z7
	VPMULDQ Z7, Z6, Z6         // odd lanes
	VPADDQ Z13, Z5, Z5
	VPADDQ Z13, Z6, Z6
	VPSRAQ $15, Z5, Z5
	VPSLLQ $17, Z6, Z6
	VPBLENDMD Z6, Z5, K7, Z5
	VPMAXSD Z16, Z5, Z5
	VPMINSD Z14, Z5, Z5        // kk (o = 0 reads tab 0, kk 0: rst is 0 as with 32768)
	VPMULLD Z0, Z5, Z6
	VPADDD Z11, Z6, Z6
	VPSRAD $15, Z6, Z6         // rst
	VPABSD Z1, Z9              // |t|
	TESTQ R12, R12
	JS e5float
	VPMULLD Z22, Z6, Z7
	VPABSD Z7, Z7
	VPMINSD Z9, Z7, Z7
	JMP e5gain
e5float:
	VPABSD Z6, Z8
	VCVTDQ2PD Y8, Z10
	VMULPD Z15, Z10, Z10
	VCVTDQ2PD Y9, Z17
	VMINPD Z17, Z10, Z10
	VCVTTPD2DQ Z10, Y7
	VEXTRACTI32X8 $1, Z8, Y17
	VCVTDQ2PD Y17, Z17
	VMULPD Z15, Z17, Z17
	VEXTRACTI32X8 $1, Z9, Y18
	VCVTDQ2PD Y18, Z18
	VMINPD Z18, Z17, Z17
	VCVTTPD2DQ Z17, Y17
	VINSERTI32X8 $1, Y17, Z7, Z7
e5gain:
	VPMOVD2M Z6, K5            // rst < 0: the limit takes its sign
	VPSUBD Z7, Z16, K5, Z7
	VMOVDQU32 (R10)(AX*4), Z21
	VPTESTMD Z21, Z21, K3      // flag
	VMOVDQA32 Z7, K3, Z6
	VPSUBD Z6, Z1, Z1
	VPACKSSDW Z1, Z6, Z6       // per 128-bit lane: rst 4, a 4
	VPERMQ Z6, Z12, Z6         // rst 16 | a 16
	VMOVDQU Y6, (DI)(AX*2)
	VEXTRACTI64X4 $1, Z6, (SI)(AX*2)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT e5loop
e5done:
	VZEROUPPER
	RET

// The masking kernels run the threshold row and the three bands' cube sums
// in one pass over sixteen columns at a time, n >= 16 of them: the last
// vector ends at column n, overlapping the one before it, and its mask K1
// keeps only the columns not summed yet (a column masked out counts as
// x = 0, which adds (0 + addCub) >> shiftCub = 0, addCub being
// 2^(shiftCub-1) or 0).
//
// CMTHR: Z0 = the masking threshold of the 16 columns at AX (thrRowAVX2),
// from fu, fm, fd (R11, R12, R13) and c (SI).
#define CMTHR \
	VMOVDQU32 -4(R11)(AX*4), Z0 \
	VPADDD (R11)(AX*4), Z0, Z0 \
	VPADDD 4(R11)(AX*4), Z0, Z0 \
	VMOVDQU32 -4(R13)(AX*4), Z2 \
	VPADDD (R13)(AX*4), Z2, Z2 \
	VPADDD 4(R13)(AX*4), Z2, Z2 \
	VPADDD -4(R12)(AX*4), Z0, Z0 \
	VPADDD 4(R12)(AX*4), Z2, Z2 \
	VPADDD (SI)(AX*4), Z0, Z0 \
	VPADDD Z2, Z0, Z0

// CMNEXT advances AX by a vector and, for the last vector, moves it back
// to end at CX with K1 masking out the columns already summed; it jumps
// to done after the last. DX holds n-16.
#define CMNEXT(loop, done) \
	ADDQ $16, AX \
	CMPQ AX, CX \
	JGE done \
	CMPQ AX, DX \
	JLE loop \
	MOVQ AX, BX \
	SUBQ DX, BX \
	MOVL $0xFFFF, R14 \
	SHLXL BX, R14, R14 \
	KMOVW R14, K1 \
	MOVQ DX, AX \
	JMP loop

// CMX: x (Z1: the 16 coefficients' |v|, less the threshold)
// clipped at zero, 0 outside K1; sets Z (skip) when every x is 0.
#define CMX \
	VPSUBD Z0, Z1, Z1 \
	VPMAXSD.Z Z31, Z1, K1, Z1 \
	VPTESTMD Z1, Z1, K2 \
	KORTESTW K2, K2

// CMCUBE(x, sqr, sq, add, shc, acc): acc += over the 8 qword lanes whose
// low dword is x >= 0 of (int64(int32((x*x + sqr) >> sq))*x + add) >> shc
// (the last shift arithmetic; sq, shc per qword).
#define CMCUBE(x, sqr, sq, add, shc, acc) \
	VPMULDQ x, x, Z3 \
	VPADDQ sqr, Z3, Z3 \
	VPSRLVQ sq, Z3, Z3 \
	VPMULDQ x, Z3, Z3 \
	VPADDQ add, Z3, Z3 \
	VPSRAVQ shc, Z3, Z3 \
	VPADDQ Z3, acc, acc

// CMCUBES: CMCUBE of Z1's even and odd dwords.
#define CMCUBES(sqr, sq, add, shc, acc) \
	VPSRLQ $32, Z1, Z2 \
	CMCUBE(Z1, sqr, sq, add, shc, acc) \
	CMCUBE(Z2, sqr, sq, add, shc, acc)

// CMSUM(acc, yacc, off): inner[off/8] += the sum of acc's qwords (inner
// in DI; yacc is acc's Y name).
#define CMSUM(acc, yacc, off) \
	VEXTRACTI64X4 $1, acc, Y1 \
	VPADDQ Y1, yacc, Y1 \
	VEXTRACTI128 $1, Y1, X2 \
	VPADDQ X2, X1, X1 \
	VPSHUFD $0x4E, X1, X2 \
	VPADDQ X2, X1, X1 \
	VMOVQ X1, BX \
	ADDQ BX, off(DI)

// CMSETUP sets up the column loop: K1 all columns, DX = n-16, the sums
// cleared.
#define CMSETUP \
	LEAQ -16(CX), DX \
	KXNORW K1, K1, K1 \
	VPXORQ Z31, Z31, Z31 \
	VPXORQ Z8, Z8, Z8 \
	VPXORQ Z9, Z9, Z9 \
	VPXORQ Z10, Z10, Z10 \
	XORQ AX, AX

// CM0X(src, wt, sub): CMX for scale 0's band at src: |int32(s)*wt| less
// the threshold shifted left by sub.
#define CM0X(src, wt, sub) \
	VPMOVSXWD (src)(AX*2), Z1 \
	VPMULLD wt, Z1, Z1 \
	VPABSD Z1, Z1 \
	VPSLLVD sub, Z0, Z2 \
	VPSUBD Z2, Z1, Z1 \
	VPMAXSD.Z Z31, Z1, K1, Z1 \
	VPTESTMD Z1, Z1, K2 \
	KORTESTW K2, K2

// func cm0AVX512(inner *[3]int64, s0, s1, s2 *int16, fu, fm, fd, c *int32, n int, k *[3][6]int64)
// cm0Go's sums over n >= 16 columns from s0..s2, fu..c at column 0 (the
// rows readable one column either side), added to inner. k holds each
// band's wt, sub, 2^(sq-1), sq, addCub and shiftCub.
TEXT ·cm0AVX512(SB), NOSPLIT, $0-80
	MOVQ inner+0(FP), DI
	MOVQ s0+8(FP), R8
	MOVQ s1+16(FP), R9
	MOVQ s2+24(FP), R10
	MOVQ fu+32(FP), R11
	MOVQ fm+40(FP), R12
	MOVQ fd+48(FP), R13
	MOVQ c+56(FP), SI
	MOVQ n+64(FP), CX
	CMSETUP
	MOVQ k+72(FP), BX
	VPBROADCASTD 0(BX), Z13
	VPBROADCASTD 8(BX), Z14
	VPBROADCASTQ 16(BX), Z15
	VPBROADCASTQ 24(BX), Z16
	VPBROADCASTQ 32(BX), Z17
	VPBROADCASTQ 40(BX), Z18
	VPBROADCASTD 48(BX), Z19
	VPBROADCASTD 56(BX), Z20
	VPBROADCASTQ 64(BX), Z21
	VPBROADCASTQ 72(BX), Z22
	VPBROADCASTQ 80(BX), Z23
	VPBROADCASTQ 88(BX), Z24
	VPBROADCASTD 96(BX), Z25
	VPBROADCASTD 104(BX), Z26
	VPBROADCASTQ 112(BX), Z27
	VPBROADCASTQ 120(BX), Z28
	VPBROADCASTQ 128(BX), Z29
	VPBROADCASTQ 136(BX), Z30
c5loop:
	CMTHR
	CM0X(R8, Z13, Z14)
	JZ c5b1
	CMCUBES(Z15, Z16, Z17, Z18, Z8)
c5b1:
	CM0X(R9, Z19, Z20)
	JZ c5b2
	CMCUBES(Z21, Z22, Z23, Z24, Z9)
c5b2:
	CM0X(R10, Z25, Z26)
	JZ c5next
	CMCUBES(Z27, Z28, Z29, Z30, Z10)
c5next:
	CMNEXT(c5loop, c5done)
c5done:
	CMSUM(Z8, Y8, 0)
	CMSUM(Z9, Y9, 8)
	CMSUM(Z10, Y10, 16)
	VZEROUPPER
	RET

// CM6X(src, wt): CMX for a scale 1-3 band at src: v = csf123One(wt, s)
// as CSF6V computes it (wt < 2^31; Z12 holds 2^27, K7 the odd dwords),
// then |v| less the threshold.
#define CM6X(src, wt) \
	VMOVDQU32 (src)(AX*4), Z4 \
	VPMULDQ wt, Z4, Z5 \
	VPSRLQ $32, Z4, Z6 \
	VPMULDQ wt, Z6, Z6 \
	VPADDQ Z12, Z5, Z5 \
	VPADDQ Z12, Z6, Z6 \
	VPSRLQ $28, Z5, Z5 \
	VPSLLQ $4, Z6, Z6 \
	VPBLENDMD Z6, Z5, K7, Z1 \
	VPABSD Z1, Z1 \
	CMX

// CM6SETUP is CMSETUP for scales 1-3, with the shared cube constants
// 2^29 and sq 30 in Z13, Z14 (addCub and shiftCub go to Z15, Z16).
#define CM6SETUP \
	CMSETUP \
	MOVQ $0x20000000, BX \
	VPBROADCASTQ BX, Z13 \
	MOVQ $30, BX \
	VPBROADCASTQ BX, Z14

// func cm123AVX512(inner *[3]int64, s0, s1, s2 *int32, fu, fm, fd, c *int32, n int, w0, w1, w2 uint32, shiftCub uint64, addCub int64)
// cm0AVX512 for scales 1-3 (cm123Go), weights under 2^31.
TEXT ·cm123AVX512(SB), NOSPLIT, $0-104
	MOVQ inner+0(FP), DI
	MOVQ s0+8(FP), R8
	MOVQ s1+16(FP), R9
	MOVQ s2+24(FP), R10
	MOVQ fu+32(FP), R11
	MOVQ fm+40(FP), R12
	MOVQ fd+48(FP), R13
	MOVQ c+56(FP), SI
	MOVQ n+64(FP), CX
	CM6SETUP
	VPBROADCASTQ addCub+96(FP), Z15
	VPBROADCASTQ shiftCub+88(FP), Z16
	MOVL w0+72(FP), BX
	VPBROADCASTQ BX, Z17
	MOVL w1+76(FP), BX
	VPBROADCASTQ BX, Z18
	MOVL w2+80(FP), BX
	VPBROADCASTQ BX, Z19
	VPBROADCASTQ k512<>+64(SB), Z12
	MOVL $0xAAAA, BX
	KMOVW BX, K7
c6loop:
	CMTHR
	CM6X(R8, Z17)
	JZ c6b1
	CMCUBES(Z13, Z14, Z15, Z16, Z8)
c6b1:
	CM6X(R9, Z18)
	JZ c6b2
	CMCUBES(Z13, Z14, Z15, Z16, Z9)
c6b2:
	CM6X(R10, Z19)
	JZ c6next
	CMCUBES(Z13, Z14, Z15, Z16, Z10)
c6next:
	CMNEXT(c6loop, c6done)
c6done:
	CMSUM(Z8, Y8, 0)
	CMSUM(Z9, Y9, 8)
	CMSUM(Z10, Y10, 16)
	VZEROUPPER
	RET

// CM7X(src): CMX for a band weighed already (csf123wAVX512).
#define CM7X(src) \
	VPABSD (src)(AX*4), Z1 \
	CMX

// func cm123wAVX512(inner *[3]int64, s0, s1, s2 *int32, fu, fm, fd, c *int32, n int, shiftCub uint64, addCub int64)
// cm123AVX512 on bands csf123wAVX512 weighed (cm123wGo).
TEXT ·cm123wAVX512(SB), NOSPLIT, $0-88
	MOVQ inner+0(FP), DI
	MOVQ s0+8(FP), R8
	MOVQ s1+16(FP), R9
	MOVQ s2+24(FP), R10
	MOVQ fu+32(FP), R11
	MOVQ fm+40(FP), R12
	MOVQ fd+48(FP), R13
	MOVQ c+56(FP), SI
	MOVQ n+64(FP), CX
	CM6SETUP
	VPBROADCASTQ addCub+80(FP), Z15
	VPBROADCASTQ shiftCub+72(FP), Z16
c7loop:
	CMTHR
	CM7X(R8)
	JZ c7b1
	CMCUBES(Z13, Z14, Z15, Z16, Z8)
c7b1:
	CM7X(R9)
	JZ c7b2
	CMCUBES(Z13, Z14, Z15, Z16, Z9)
c7b2:
	CM7X(R10)
	JZ c7next
	CMCUBES(Z13, Z14, Z15, Z16, Z10)
c7next:
	CMNEXT(c7loop, c7done)
c7done:
	CMSUM(Z8, Y8, 0)
	CMSUM(Z9, Y9, 8)
	CMSUM(Z10, Y10, 16)
	VZEROUPPER
	RET

// SUM512 leaves the sum of Z8's qwords in AX.
#define SUM512 \
	VEXTRACTI64X4 $1, Z8, Y0 \
	VPADDQ Y0, Y8, Y8 \
	VEXTRACTI128 $1, Y8, X0 \
	VPADDQ X0, X8, X8 \
	VPSHUFD $0x4E, X8, X0 \
	VPADDQ X0, X8, X8 \
	VMOVQ X8, AX

// func den0AVX512(s *int16, n int) uint64
// The sum of |s[j]|^3 (uint64) over j in [0, n), n a multiple of 16.
TEXT ·den0AVX512(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	VPXORQ Z8, Z8, Z8
	XORQ AX, AX
	TESTQ CX, CX
	JLE g5done
g5loop:
	VPMOVSXWD (SI)(AX*2), Z0
	VPABSD Z0, Z0
	VPSRLQ $32, Z0, Z3
	VPMULUDQ Z0, Z0, Z1
	VPMULUDQ Z0, Z1, Z1
	VPMULUDQ Z3, Z3, Z4
	VPMULUDQ Z3, Z4, Z4
	VPADDQ Z1, Z8, Z8
	VPADDQ Z4, Z8, Z8
	ADDQ $16, AX
	CMPQ AX, CX
	JLT g5loop
g5done:
	SUM512
	MOVQ AX, ret+16(FP)
	VZEROUPPER
	RET

// DEN32(off): Z8 += ((((u*u) + Z10) >> X13)*u + Z11) >> X12 (uint64,
// wrapping) for the 8 coefficients at s+off, u = |s| as uint32.
#define DEN32(off) \
	VPABSD off(SI)(AX*4), Y0 \
	VPMOVZXDQ Y0, Z0 \
	VPMULUDQ Z0, Z0, Z1 \
	VPADDQ Z10, Z1, Z1 \
	VPSRLQ X13, Z1, Z1 \
	VPMULLQ Z0, Z1, Z1 \
	VPADDQ Z11, Z1, Z1 \
	VPSRLQ X12, Z1, Z1 \
	VPADDQ Z1, Z8, Z8

// func den123AVX512(s *int32, n int, addSq uint64, sq uint64, addCub uint64, shiftCub uint64) uint64
// The denominator's per-row sum of scales 1-3 over j in [0, n), n a
// multiple of 16.
TEXT ·den123AVX512(SB), NOSPLIT, $0-56
	MOVQ s+0(FP), SI
	MOVQ n+8(FP), CX
	VPBROADCASTQ addSq+16(FP), Z10
	VMOVQ sq+24(FP), X13
	VPBROADCASTQ addCub+32(FP), Z11
	VMOVQ shiftCub+40(FP), X12
	VPXORQ Z8, Z8, Z8
	XORQ AX, AX
	TESTQ CX, CX
	JLE g6done
g6loop:
	DEN32(0)
	DEN32(32)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT g6loop
g6done:
	SUM512
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET

// H5FILT(t0, t1, t2, t3, dst): the 8 outputs of one filter from the pairs
// (s0, s1) in Z0 and (s2, s3) in Z1 (s1, s3 shifted down in Z2, Z3), in
// int64, rounded with Z4 and shifted by X5 (arithmetic), truncated to
// int32 at dst.
#define H5FILT(t0, t1, t2, t3, dst) \
	VPMULDQ t0, Z0, Z16 \
	VPMULDQ t1, Z2, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPMULDQ t2, Z1, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPMULDQ t3, Z3, Z17 \
	VPADDQ Z17, Z16, Z16 \
	VPADDQ Z4, Z16, Z16 \
	VPSRAQ X5, Z16, Z16 \
	VPMOVQD Z16, dst

// func dwt123HAVX512(lo, hi *int32, src *int32, n int, add int64, shift uint64)
// dwt123HAVX2 eight outputs at a time (n a multiple of 8); it reads
// src[0 .. 2n+1].
TEXT ·dwt123HAVX512(SB), NOSPLIT, $0-48
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	VPBROADCASTQ add+32(FP), Z4
	VMOVQ shift+40(FP), X5
	VPBROADCASTD taps<>+0(SB), Z8
	VPBROADCASTD taps<>+4(SB), Z9
	VPBROADCASTD taps<>+8(SB), Z10
	VPBROADCASTD taps<>+12(SB), Z11
	VPBROADCASTD taps<>+16(SB), Z12
	VPBROADCASTD taps<>+20(SB), Z13
	VPBROADCASTD taps<>+24(SB), Z14
	VPBROADCASTD taps<>+28(SB), Z15
	XORQ AX, AX
	TESTQ CX, CX
	JLE h5done
h5loop:
	VMOVDQU32 (R8)(AX*8), Z0
	VMOVDQU32 8(R8)(AX*8), Z1
	VPSRLQ $32, Z0, Z2
	VPSRLQ $32, Z1, Z3
	H5FILT(Z8, Z9, Z10, Z11, Y18)
	H5FILT(Z12, Z13, Z14, Z15, Y19)
	VMOVDQU32 Y18, (DI)(AX*4)
	VMOVDQU32 Y19, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT h5loop
h5done:
	VZEROUPPER
	RET

// CSF5BAND(src, wt, add, shift): CSF0BAND for 16 columns, sums in Z8, Z9:
// v is the low word of (int32(src)*wt + add) >> shift, |v| (VPABSW: 32768
// for -32768) less 16384 fits a word, and PMADDWD's 4369*(|v| - 16384),
// plus 4369*16384 and the rounding 2048 (Z12), is 4369*|v| + 2048; twice
// it, plus 8738*16384 + 2048 (Z7), is the centre term's. Each term is the
// low word of its shift, sign-extended by PMADDWD with (1, 0) (Z4): a
// shift port the shifts would otherwise queue on.
#define CSF5BAND(src, wt, add, shift) \
	VPMOVSXWD src, Z0 \
	VPMULLD wt, Z0, Z0 \
	VPADDD add, Z0, Z0 \
	VPSRAD $shift, Z0, Z0 \
	VPABSW Z0, Z0 \
	VPADDW Z11, Z0, Z0 \
	VPMADDWD Z10, Z0, Z1 \
	VPADDD Z1, Z1, Z0 \
	VPADDD Z12, Z1, Z1 \
	VPADDD Z7, Z0, Z0 \
	VPSRAD $12, Z1, Z1 \
	VPSRAD $12, Z0, Z0 \
	VPMADDWD Z4, Z1, Z1 \
	VPMADDWD Z4, Z0, Z0 \
	VPADDD Z1, Z8, Z8 \
	VPADDD Z0, Z9, Z9

// func csf0AVX512(f, c *int32, s0, s1, s2 *int16, n int, w0, w1, w2 int32)
// csf0AVX2 sixteen columns at a time (n a multiple of 16).
TEXT ·csf0AVX512(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VPBROADCASTD BX, Z13
	MOVL w1+52(FP), BX
	VPBROADCASTD BX, Z14
	MOVL w2+56(FP), BX
	VPBROADCASTD BX, Z15
	VPBROADCASTD csf5<>+0(SB), Z10
	VPBROADCASTD csf5<>+4(SB), Z11
	VPBROADCASTD csf5<>+8(SB), Z12
	VPBROADCASTD csf5<>+12(SB), Z6
	VPBROADCASTD csf5<>+16(SB), Z5
	VPBROADCASTD csf5<>+20(SB), Z7
	VPBROADCASTD k512<>+40(SB), Z4 // 1
	XORQ AX, AX
	TESTQ CX, CX
	JLE s5done
s5loop:
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	CSF5BAND((R8)(AX*2), Z13, Z6, 15)
	CSF5BAND((R9)(AX*2), Z14, Z6, 15)
	CSF5BAND((R10)(AX*2), Z15, Z5, 17)
	VMOVDQU32 Z8, (DI)(AX*4)
	VMOVDQU32 Z9, (SI)(AX*4)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT s5loop
s5done:
	VZEROUPPER
	RET

// I32TOPS5(x): the 16 int32 lanes of x (exact products and sums of int16s,
// whose one wrap, 2^31, reads as INT_MIN) rounded to float32 as Go's
// float32(int64) does: INT_MIN converts to -2^31 and its sign flips.
// Z12 holds INT_MIN; clobbers K1.
#define I32TOPS5(x) \
	VPCMPEQD Z12, x, K1 \
	VCVTDQ2PS x, x \
	VPXORD Z12, x, K1, x

// ANGLEEXACT(dp, om, tm, k): k = angleFlag's test for 8 lanes of float32
// terms (Y registers), in float64 as angleFlag computes it: d = dp/4096,
// d*d >= (cos1 * om/4096) * (tm/4096) and d >= 0. Z25 holds 2^-12, Z26
// cos1, Z15 zero; clobbers Z27-Z30, K7.
#define ANGLEEXACT(dp, om, tm, k) \
	VCVTPS2PD dp, Z27 \
	VCVTPS2PD om, Z28 \
	VCVTPS2PD tm, Z29 \
	VMULPD Z25, Z27, Z27 \
	VMULPD Z25, Z28, Z28 \
	VMULPD Z25, Z29, Z29 \
	VMULPD Z28, Z26, Z28 \
	VMULPD Z29, Z28, Z28 \
	VMULPD Z27, Z27, Z30 \
	VCMPPD $0x1D, Z28, Z30, k \
	VCMPPD $0x1D, Z15, Z27, K7 \
	KANDW K7, k, k

// ANGLEFAST(a, b, k): the angle test of 16 lanes from the (h, v) word
// pairs of the reference (a) and the distorted picture (b), decided in
// float32 where float32 can decide it: dp, om and tm by PMADDWD (the one
// wrap as in I32TOPS5) rounded to float32 in Z8, Z9, Z10 (the roundings
// the test itself makes); then A = dp*dp, within 2^-24 of d*d (scaled by
// 2^24), and B = (cos1*om)*tm, within 2^-23 of the product whose float64
// rounding is the test's right side. A >= B*(1+2^-19) and dp >= 0 makes
// the test true, A < B*(1-2^-19) or dp < 0 makes it false, for sure. k
// holds the lanes known true, K3 the lanes left undecided; the zero flag
// is set when there are none (KORTESTW), else the caller runs ANGLESLOW.
// Z13 holds cos1 as float32, Z11 and Z24 the two bounds' factors.
#define ANGLEFAST(a, b, k) \
	VPMADDWD b, a, Z8 \
	VPMADDWD a, a, Z9 \
	VPMADDWD b, b, Z10 \
	I32TOPS5(Z8) \
	I32TOPS5(Z9) \
	I32TOPS5(Z10) \
	VMULPS Z8, Z8, Z18 \
	VMULPS Z13, Z9, Z19 \
	VMULPS Z10, Z19, Z19 \
	VMULPS Z11, Z19, Z20 \
	VMULPS Z24, Z19, Z21 \
	VCMPPS $0x1D, Z15, Z8, K2 \
	VCMPPS $0x1D, Z20, Z18, K2, k \
	VCMPPS $0x11, Z20, Z18, K2, K3 \
	VCMPPS $0x1D, Z21, Z18, K3, K3 \
	KORTESTW K3, K3

// ANGLESLOW(k): ANGLEEXACT on the 16 lanes of Z8, Z9, Z10 into k.
#define ANGLESLOW(k) \
	ANGLEEXACT(Y8, Y9, Y10, K3) \
	VEXTRACTF32X8 $1, Z8, Y8 \
	VEXTRACTF32X8 $1, Z9, Y9 \
	VEXTRACTF32X8 $1, Z10, Y10 \
	ANGLEEXACT(Y8, Y9, Y10, K6) \
	KUNPCKBW K3, K6, k

// Float32 1 + 2^-19 and 1 - 2^-19, the bounds' factors.
DATA angk<>+0(SB)/4, $0x3f800010
DATA angk<>+4(SB)/4, $0x3f7fffe0
GLOBL angk<>(SB), RODATA|NOPTR, $8

// func angle0AVX512(flag *int32, oh, ov, th, tv *int16, n int, cos1 float64)
// flag[j] = -1 where angleFlag(oh[j], ov[j], th[j], tv[j]) holds, else 0,
// for j in [0, n), n a multiple of 32: the (h, v) pairs interleaved in
// words (each 128-bit lane's low and high half, then the flags put back
// in column order, as dwt1VAVX512 does), ANGLEFAST on each half of the
// columns, ANGLESLOW where it leaves a lane undecided.
TEXT ·angle0AVX512(SB), NOSPLIT, $0-56
	MOVQ flag+0(FP), DI
	MOVQ oh+8(FP), R8
	MOVQ ov+16(FP), R9
	MOVQ th+24(FP), R10
	MOVQ tv+32(FP), R11
	MOVQ n+40(FP), CX
	VBROADCASTSD cos1+48(FP), Z26
	VCVTPD2PS Z26, Y13
	VINSERTF32X8 $1, Y13, Z13, Z13
	VPBROADCASTD k512<>+72(SB), Z12
	VBROADCASTSD k512<>+48(SB), Z25
	VBROADCASTSS angk<>+0(SB), Z11
	VBROADCASTSS angk<>+4(SB), Z24
	VMOVDQU64 lanes5<>+0(SB), Z16
	VMOVDQU64 lanes5<>+64(SB), Z17
	VPXORQ Z15, Z15, Z15
	XORQ AX, AX
	TESTQ CX, CX
	JLE b5done
b5loop:
	VMOVDQU16 (R8)(AX*2), Z0
	VMOVDQU16 (R9)(AX*2), Z1
	VMOVDQU16 (R10)(AX*2), Z2
	VMOVDQU16 (R11)(AX*2), Z3
	PAIRROWS(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	ANGLEFAST(Z4, Z6, K4)
	JZ b5hi
	ANGLESLOW(K4)
b5hi:
	ANGLEFAST(Z5, Z7, K5)
	JZ b5out
	ANGLESLOW(K5)
b5out:
	VPMOVM2D K4, Z8
	VPMOVM2D K5, Z9
	VMOVDQA64 Z16, Z0
	VPERMI2Q Z9, Z8, Z0
	VMOVDQA64 Z17, Z1
	VPERMI2Q Z9, Z8, Z1
	VMOVDQU32 Z0, (DI)(AX*4)
	VMOVDQU32 Z1, 64(DI)(AX*4)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT b5loop
b5done:
	VZEROUPPER
	RET

// H0FILT(pa, pb, dst): 32 outputs of one DWT0 horizontal filter from the
// pair loads Z0..Z3, rounded with Z8, shifted by 16, packed to int16 at
// dst in order (Z16 holds the qword order).
#define H0FILT(pa, pb, dst) \
	VPMADDWD pa, Z0, Z9 \
	VPMADDWD pb, Z1, Z10 \
	VPADDD Z10, Z9, Z9 \
	VPMADDWD pa, Z2, Z10 \
	VPMADDWD pb, Z3, Z11 \
	VPADDD Z11, Z10, Z10 \
	VPADDD Z8, Z9, Z9 \
	VPADDD Z8, Z10, Z10 \
	VPSRAD $16, Z9, Z9 \
	VPSRAD $16, Z10, Z10 \
	VPACKSSDW Z10, Z9, Z9 \
	VPERMQ Z9, Z16, dst

// func dwt0HAVX512(lo, hi *int16, src *int16, n int)
// dwt0HAVX2 thirty-two outputs at a time (n a multiple of 32).
TEXT ·dwt0HAVX512(SB), NOSPLIT, $0-32
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ src+16(FP), R8
	MOVQ n+24(FP), CX
	PAIRTAPS(Z4, Z5, Z6, Z7)
	VPBROADCASTD pairs<>+16(SB), Z8
	VMOVDQU64 pairs<>+24(SB), Z16
	XORQ AX, AX
	TESTQ CX, CX
	JLE i5done
i5loop:
	VMOVDQU32 (R8)(AX*4), Z0
	VMOVDQU32 4(R8)(AX*4), Z1
	VMOVDQU32 64(R8)(AX*4), Z2
	VMOVDQU32 68(R8)(AX*4), Z3
	H0FILT(Z4, Z5, Z17)
	H0FILT(Z6, Z7, Z18)
	VMOVDQU32 Z17, (DI)(AX*2)
	VMOVDQU32 Z18, (SI)(AX*2)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT i5loop
i5done:
	VZEROUPPER
	RET

// V0FILT(pa, pb, add, dst): one DWT0 vertical filter over 32 columns from
// the interleaved rows (Z4/Z5: r0,r1 low/high words; Z6/Z7: r2,r3), plus
// add, shifted by X14, truncated to int16 at dst in column order.
#define V0FILT(pa, pb, add, dst) \
	VSUMS(pa, pb, Z4, Z5, Z6, Z7, Z9, Z10, Z11) \
	VPADDD add, Z9, Z9 \
	VPADDD add, Z10, Z10 \
	VPSRAD X14, Z9, Z9 \
	VPSRAD X14, Z10, Z10 \
	VPSLLD $16, Z9, Z9 \
	VPSRAD $16, Z9, Z9 \
	VPSLLD $16, Z10, Z10 \
	VPSRAD $16, Z10, Z10 \
	VPACKSSDW Z10, Z9, dst

// func dwt0VAVX512(lo, hi *int16, r0, r1, r2, r3 *uint16, n int, addLo, addHi int32, shift uint64) uint16
// dwt0VAVX2 thirty-two columns at a time (n a multiple of 32) for samples
// under 2^15: they are int16 then, the taps pair up for PMADDWD, and no
// sum wraps (|sum| <= 54822 * 32767 < 2^31). It returns the OR of every
// sample read: a sample out of range shows there, and the outputs do not
// matter then. It prefetches as dwt0V15AVX2 does.
TEXT ·dwt0VAVX512(SB), NOSPLIT, $0-74
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VMOVQ shift+64(FP), X14
	MOVL addLo+56(FP), BX
	VPBROADCASTD BX, Z12
	MOVL addHi+60(FP), BX
	VPBROADCASTD BX, Z13
	PAIRTAPS(Z20, Z21, Z22, Z23)
	VPXORQ Z24, Z24, Z24
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE w5done
w5loop:
	PREFETCHNEXT(2)
	VMOVDQU16 (R8)(AX*2), Z0
	VMOVDQU16 (R9)(AX*2), Z1
	VMOVDQU16 (R10)(AX*2), Z2
	VMOVDQU16 (R11)(AX*2), Z3
	VPORQ Z0, Z24, Z24
	VPORQ Z1, Z24, Z24
	VPORQ Z2, Z24, Z24
	VPORQ Z3, Z24, Z24
	PAIRROWS(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	V0FILT(Z20, Z21, Z12, Z17)
	V0FILT(Z22, Z23, Z13, Z18)
	VMOVDQU16 Z17, (DI)(AX*2)
	VMOVDQU16 Z18, (SI)(AX*2)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT w5loop
w5done:
	VEXTRACTI64X4 $1, Z24, Y0
	VPORQ Y0, Y24, Y0
	VEXTRACTI128 $1, Y0, X1
	VPOR X1, X0, X0
	VPSHUFD $0x4E, X0, X1
	VPOR X1, X0, X0
	VMOVQ X0, AX
	MOVQ AX, BX
	SHRQ $32, BX
	ORQ BX, AX
	MOVQ AX, BX
	SHRQ $16, BX
	ORQ BX, AX
	MOVW AX, ret+72(FP)
	VZEROUPPER
	RET

// V08FILT(pa, pb, add, dst): V0FILT on 8-bit samples, whose sums fit
// int16 after the shift by 8 (V08FILT2).
#define V08FILT(pa, pb, add, dst) \
	VSUMS(pa, pb, Z4, Z5, Z6, Z7, Z9, Z10, Z11) \
	VPADDD add, Z9, Z9 \
	VPADDD add, Z10, Z10 \
	VPSRAD $8, Z9, Z9 \
	VPSRAD $8, Z10, Z10 \
	VPACKSSDW Z10, Z9, dst

// func dwt0V8AVX512(lo, hi *int16, r0, r1, r2, r3 *uint8, n int, addLo, addHi int32)
// dwt0V8AVX2 thirty-two columns at a time (n a multiple of 32).
TEXT ·dwt0V8AVX512(SB), NOSPLIT, $0-64
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	MOVL addLo+56(FP), BX
	VPBROADCASTD BX, Z12
	MOVL addHi+60(FP), BX
	VPBROADCASTD BX, Z13
	PAIRTAPS(Z20, Z21, Z22, Z23)
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE w8done
w8loop:
	PREFETCHNEXT(1)
	VPMOVZXBW (R8)(AX*1), Z0
	VPMOVZXBW (R9)(AX*1), Z1
	VPMOVZXBW (R10)(AX*1), Z2
	VPMOVZXBW (R11)(AX*1), Z3
	PAIRROWS(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	V08FILT(Z20, Z21, Z12, Z17)
	V08FILT(Z22, Z23, Z13, Z18)
	VMOVDQU16 Z17, (DI)(AX*2)
	VMOVDQU16 Z18, (SI)(AX*2)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT w8loop
w8done:
	VZEROUPPER
	RET

// V1FILT(pa, pb, dlo, dhi): one scale-1 vertical filter over 32 columns
// from the interleaved rows (Z4/Z5: r0,r1 low/high words of each 128-bit
// lane; Z6/Z7: r2,r3), its 32 dwords in column order in dlo (columns
// 0-15) and dhi (16-31). Z14 and Z15 hold the lane orders.
#define V1FILT(pa, pb, dlo, dhi) \
	VSUMS(pa, pb, Z4, Z5, Z6, Z7, Z8, Z9, Z10) \
	VMOVDQA64 Z14, dlo \
	VPERMI2Q Z9, Z8, dlo \
	VMOVDQA64 Z15, dhi \
	VPERMI2Q Z9, Z8, dhi

// func dwt1VAVX512(lo, hi *int32, r0, r1, r2, r3 *int16, n int)
// dwt1VAVX2 thirty-two columns at a time (n a multiple of 32), with its
// prefetch.
TEXT ·dwt1VAVX512(SB), NOSPLIT, $0-56
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	PAIRTAPS(Z20, Z21, Z22, Z23)
	VMOVDQU64 lanes5<>+0(SB), Z14
	VMOVDQU64 lanes5<>+64(SB), Z15
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE v15done
v15loop:
	PREFETCHNEXT(2)
	VMOVDQU16 (R8)(AX*2), Z0
	VMOVDQU16 (R9)(AX*2), Z1
	VMOVDQU16 (R10)(AX*2), Z2
	VMOVDQU16 (R11)(AX*2), Z3
	PAIRROWS(Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7)
	V1FILT(Z20, Z21, Z16, Z17)
	VMOVDQU32 Z16, (DI)(AX*4)
	VMOVDQU32 Z17, 64(DI)(AX*4)
	V1FILT(Z22, Z23, Z16, Z17)
	VMOVDQU32 Z16, (SI)(AX*4)
	VMOVDQU32 Z17, 64(SI)(AX*4)
	ADDQ $32, AX
	CMPQ AX, CX
	JLT v15loop
v15done:
	VZEROUPPER
	RET

// V123(row, tap): Z16 += tap * the 8 int32 samples of row at AX (int64).
#define V123(row, tap) \
	VPMOVSXDQ (row)(AX*4), Z0 \
	VPMULDQ tap, Z0, Z1 \
	VPADDQ Z1, Z16, Z16

// func dwt23VAVX512(lo, hi *int32, r0, r1, r2, r3 *int32, n int, add int64, shift uint64)
// For j in [0, n), n a multiple of 8: lo[j] = int32((sum lo-taps*r + add) >> shift)
// in int64 (exact; arithmetic shift, truncation), hi[j] likewise,
// prefetching as dwt23VAVX2 does.
TEXT ·dwt23VAVX512(SB), NOSPLIT, $0-72
	MOVQ lo+0(FP), DI
	MOVQ hi+8(FP), SI
	MOVQ r0+16(FP), R8
	MOVQ r1+24(FP), R9
	MOVQ r2+32(FP), R10
	MOVQ r3+40(FP), R11
	MOVQ n+48(FP), CX
	VPBROADCASTQ add+56(FP), Z4
	VMOVQ shift+64(FP), X5
	VPBROADCASTD taps<>+0(SB), Z8
	VPBROADCASTD taps<>+4(SB), Z9
	VPBROADCASTD taps<>+8(SB), Z10
	VPBROADCASTD taps<>+12(SB), Z11
	VPBROADCASTD taps<>+16(SB), Z12
	VPBROADCASTD taps<>+20(SB), Z13
	VPBROADCASTD taps<>+24(SB), Z14
	VPBROADCASTD taps<>+28(SB), Z15
	NEXTROWS
	XORQ AX, AX
	TESTQ CX, CX
	JLE u5done
u5loop:
	PREFETCHNEXT(4)
	VMOVDQA64 Z4, Z16
	V123(R8, Z8)
	V123(R9, Z9)
	V123(R10, Z10)
	V123(R11, Z11)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y17
	VMOVDQA64 Z4, Z16
	V123(R8, Z12)
	V123(R9, Z13)
	V123(R10, Z14)
	V123(R11, Z15)
	VPSRAQ X5, Z16, Z16
	VPMOVQD Z16, Y18
	VMOVDQU32 Y17, (DI)(AX*4)
	VMOVDQU32 Y18, (SI)(AX*4)
	ADDQ $8, AX
	CMPQ AX, CX
	JLT u5loop
u5done:
	VZEROUPPER
	RET

// CSF6V(base, wtq): Z0 = v = int32((int64(s)*wt + 2^27) >> 28) for the 16
// coefficients s at base (those in K1, the others 0), wt < 2^31 in wtq's
// low dwords: VPMULDQ's exact signed products of the even and the odd
// dwords, rounded, and bits 28..59 of each (the int32 of the shift,
// arithmetic or logical) moved into place. Z21 holds 2^27 per qword, K7
// the odd dwords.
#define CSF6V(base, wtq) \
	VMOVDQU32.Z (base)(AX*4), K1, Z4 \
	VPMULDQ wtq, Z4, Z5 \
	VPSRLQ $32, Z4, Z6 \
	VPMULDQ wtq, Z6, Z6 \
	VPADDQ Z21, Z5, Z5 \
	VPADDQ Z21, Z6, Z6 \
	VPSRLQ $28, Z5, Z5 \
	VPSLLQ $4, Z6, Z6 \
	VPBLENDMD Z6, Z5, K7, Z0

// CSF6T: from v in Z0, av = |v| (int32, as Go's abs32: INT_MIN stays
// negative), f += int32((143165577*av - 2^31) >> 32) (Z8), c likewise with
// 286331153 (Z9): the high dwords of the exact signed products.
#define CSF6T \
	VPABSD Z0, Z0 \
	VPSRLQ $32, Z0, Z1 \
	VPMULDQ Z22, Z0, Z2 \
	VPMULDQ Z22, Z1, Z3 \
	VPSUBQ Z24, Z2, Z2 \
	VPSUBQ Z24, Z3, Z3 \
	VPSRLQ $32, Z2, Z2 \
	VPBLENDMD Z3, Z2, K7, Z2 \
	VPADDD Z2, Z8, Z8 \
	VPMULDQ Z23, Z0, Z2 \
	VPMULDQ Z23, Z1, Z3 \
	VPSUBQ Z24, Z2, Z2 \
	VPSUBQ Z24, Z3, Z3 \
	VPSRLQ $32, Z2, Z2 \
	VPBLENDMD Z3, Z2, K7, Z2 \
	VPADDD Z2, Z9, Z9

// CSF6SETUP loads csf123AVX512's and csf123wAVX512's constants, K1 all
// lanes.
#define CSF6SETUP \
	KXNORW K1, K1, K1 \
	VPBROADCASTQ k512<>+64(SB), Z21 \
	VPBROADCASTQ csf6<>+0(SB), Z22 \
	VPBROADCASTD csf6<>+4(SB), Z23 \
	VPBROADCASTQ csf6<>+8(SB), Z24 \
	MOVL $0xAAAA, BX \
	KMOVW BX, K7 \
	XORQ AX, AX

// func csf123AVX512(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)
// csf123AVX2 sixteen columns at a time (n a multiple of 16), for weights
// under 2^31 (every configuration's: WeightLimit).
TEXT ·csf123AVX512(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VPBROADCASTQ BX, Z13
	MOVL w1+52(FP), BX
	VPBROADCASTQ BX, Z14
	MOVL w2+56(FP), BX
	VPBROADCASTQ BX, Z15
	CSF6SETUP
	TESTQ CX, CX
	JLE s6done
s6loop:
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	CSF6V(R8, Z13)
	CSF6T
	CSF6V(R9, Z14)
	CSF6T
	CSF6V(R10, Z15)
	CSF6T
	VMOVDQU32 Z8, (DI)(AX*4)
	VMOVDQU32 Z9, (SI)(AX*4)
	ADDQ $16, AX
	CMPQ AX, CX
	JLT s6loop
s6done:
	VZEROUPPER
	RET

// func csf123wAVX512(f, c *int32, s0, s1, s2 *int32, n int, w0, w1, w2 uint32)
// csf123AVX512 that also stores each band's v over its input (csf123wGo),
// over any n: a last vector short of sixteen columns loads and stores
// under the mask K1.
TEXT ·csf123wAVX512(SB), NOSPLIT, $0-60
	MOVQ f+0(FP), DI
	MOVQ c+8(FP), SI
	MOVQ s0+16(FP), R8
	MOVQ s1+24(FP), R9
	MOVQ s2+32(FP), R10
	MOVQ n+40(FP), CX
	MOVL w0+48(FP), BX
	VPBROADCASTQ BX, Z13
	MOVL w1+52(FP), BX
	VPBROADCASTQ BX, Z14
	MOVL w2+56(FP), BX
	VPBROADCASTQ BX, Z15
	CSF6SETUP
s7loop:
	MOVQ CX, BX
	SUBQ AX, BX
	JLE s7done
	CMPQ BX, $16
	JGE s7body
	MOVL $1, DX
	SHLXL BX, DX, DX
	DECL DX
	KMOVW DX, K1
s7body:
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	CSF6V(R8, Z13)
	VMOVDQU32 Z0, K1, (R8)(AX*4)
	CSF6T
	CSF6V(R9, Z14)
	VMOVDQU32 Z0, K1, (R9)(AX*4)
	CSF6T
	CSF6V(R10, Z15)
	VMOVDQU32 Z0, K1, (R10)(AX*4)
	CSF6T
	VMOVDQU32 Z8, K1, (DI)(AX*4)
	VMOVDQU32 Z9, K1, (SI)(AX*4)
	ADDQ $16, AX
	JMP s7loop
s7done:
	VZEROUPPER
	RET

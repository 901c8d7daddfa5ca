//go:build !purego

#include "textflag.h"

// Lane indices 0..31 as int16 and 0..15 as int32.
DATA iota16<>+0(SB)/8, $0x0003000200010000
DATA iota16<>+8(SB)/8, $0x0007000600050004
DATA iota16<>+16(SB)/8, $0x000b000a00090008
DATA iota16<>+24(SB)/8, $0x000f000e000d000c
DATA iota16<>+32(SB)/8, $0x0013001200110010
DATA iota16<>+40(SB)/8, $0x0017001600150014
DATA iota16<>+48(SB)/8, $0x001b001a00190018
DATA iota16<>+56(SB)/8, $0x001f001e001d001c
GLOBL iota16<>(SB), RODATA|NOPTR, $64

// func trapAVX2(h *uint16, n, t0, m, l int, sub bool)
// h[i] += min(t+1, m, l-t), t = t0+i, for i in [0, n); lanes past n add 0.
TEXT ·trapAVX2(SB), NOSPLIT, $0-41
	MOVQ h+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ t0+16(FP), AX
	MOVQ m+24(FP), BX
	MOVQ l+32(FP), DX
	MOVBLZX sub+40(FP), R8
	TESTQ CX, CX
	JLE tdone2
	VMOVDQU iota16<>(SB), Y0        // j: lane index
	VMOVQ AX, X1
	VPBROADCASTW X1, Y1
	VPADDW Y0, Y1, Y1               // t
	VMOVQ BX, X2
	VPBROADCASTW X2, Y2             // m
	VMOVQ DX, X3
	VPBROADCASTW X3, Y3             // l
	VMOVQ CX, X4
	VPBROADCASTW X4, Y4             // n
	MOVL $0x00010001, R9
	VMOVQ R9, X5
	VPBROADCASTD X5, Y5             // 1
	MOVL $0x00100010, R9
	VMOVQ R9, X6
	VPBROADCASTD X6, Y6             // 16
tloop2:
	VPADDW Y5, Y1, Y7               // t+1
	VPMINSW Y2, Y7, Y7
	VPSUBW Y1, Y3, Y8               // l-t
	VPMINSW Y8, Y7, Y7
	VPCMPGTW Y0, Y4, Y9             // j < n
	VPAND Y9, Y7, Y7
	VMOVDQU (DI), Y10
	TESTQ R8, R8
	JNZ tsub2
	VPADDW Y7, Y10, Y10
	JMP tstore2
tsub2:
	VPSUBW Y7, Y10, Y10
tstore2:
	VMOVDQU Y10, (DI)
	VPADDW Y6, Y1, Y1
	VPADDW Y6, Y0, Y0
	ADDQ $32, DI
	SUBQ $16, CX
	JG tloop2
	VZEROUPPER
tdone2:
	RET

// func trapsAVX2(h *uint16, ops *trapOp, nops int)
// trapAVX2 over a batch: trapOp is {i, n, t0, m, l, sub int32}.
TEXT ·trapsAVX2(SB), NOSPLIT, $0-24
	MOVQ h+0(FP), R9
	MOVQ ops+8(FP), R10
	MOVQ nops+16(FP), R11
	TESTQ R11, R11
	JLE tsdone
	VMOVDQU iota16<>(SB), Y15       // lane index
	MOVL $0x00010001, AX
	VMOVQ AX, X5
	VPBROADCASTD X5, Y5             // 1
	MOVL $0x00100010, AX
	VMOVQ AX, X6
	VPBROADCASTD X6, Y6             // 16
tsop:
	MOVLQSX 0(R10), DI
	LEAQ (R9)(DI*2), DI             // &h[i]
	MOVLQSX 4(R10), CX              // n
	TESTQ CX, CX
	JLE tsnext
	VMOVDQU Y15, Y0                 // j
	VPBROADCASTW 8(R10), Y1
	VPADDW Y0, Y1, Y1               // t
	VPBROADCASTW 12(R10), Y2        // m
	VPBROADCASTW 16(R10), Y3        // l
	VPBROADCASTW 4(R10), Y4         // n
	MOVL 20(R10), R8
	TESTL R8, R8
	JNZ tssub
tsadd:
	VPADDW Y5, Y1, Y7               // t+1
	VPMINSW Y2, Y7, Y7
	VPSUBW Y1, Y3, Y8               // l-t
	VPMINSW Y8, Y7, Y7
	VPCMPGTW Y0, Y4, Y9             // j < n
	VPAND Y9, Y7, Y7
	VPADDW (DI), Y7, Y7
	VMOVDQU Y7, (DI)
	VPADDW Y6, Y1, Y1
	VPADDW Y6, Y0, Y0
	ADDQ $32, DI
	SUBQ $16, CX
	JG tsadd
	JMP tsnext
tssub:
	VPADDW Y5, Y1, Y7
	VPMINSW Y2, Y7, Y7
	VPSUBW Y1, Y3, Y8
	VPMINSW Y8, Y7, Y7
	VPCMPGTW Y0, Y4, Y9
	VPAND Y9, Y7, Y7
	VMOVDQU (DI), Y10
	VPSUBW Y7, Y10, Y10
	VMOVDQU Y10, (DI)
	VPADDW Y6, Y1, Y1
	VPADDW Y6, Y0, Y0
	ADDQ $32, DI
	SUBQ $16, CX
	JG tssub
tsnext:
	ADDQ $24, R10
	DECQ R11
	JNZ tsop
	VZEROUPPER
tsdone:
	RET

// func trapAVX512(h *uint16, n, t0, m, l int, sub bool)
TEXT ·trapAVX512(SB), NOSPLIT, $0-41
	MOVQ h+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ t0+16(FP), AX
	MOVQ m+24(FP), BX
	MOVQ l+32(FP), DX
	MOVBLZX sub+40(FP), R8
	TESTQ CX, CX
	JLE tdone5
	VMOVDQU16 iota16<>(SB), Z0
	VPBROADCASTW AX, Z1
	VPADDW Z0, Z1, Z1               // t
	VPBROADCASTW BX, Z2             // m
	VPBROADCASTW DX, Z3             // l
	VPBROADCASTW CX, Z4             // n
	MOVL $1, R9
	VPBROADCASTW R9, Z5             // 1
	MOVL $32, R9
	VPBROADCASTW R9, Z6             // 32
tloop5:
	VPADDW Z5, Z1, Z7
	VPMINSW Z2, Z7, Z7
	VPSUBW Z1, Z3, Z8
	VPMINSW Z8, Z7, Z7
	VPCMPGTW Z0, Z4, K1             // j < n
	VMOVDQU16 (DI), Z10
	TESTQ R8, R8
	JNZ tsub5
	VPADDW Z7, Z10, K1, Z10
	JMP tstore5
tsub5:
	VPSUBW Z7, Z10, K1, Z10
tstore5:
	VMOVDQU16 Z10, (DI)
	VPADDW Z6, Z1, Z1
	VPADDW Z6, Z0, Z0
	ADDQ $64, DI
	SUBQ $32, CX
	JG tloop5
	VZEROUPPER
tdone5:
	RET

// func cvRunAVX2(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)
// Any n; stride is in entries. Whole vectors first; a rest of a run of at
// least 8 is the vector that ends at n (the lanes it shares with the one
// before compute the same values again); a run shorter than 8 is one
// vector whose table reads (gather) and stores are masked to its n lanes,
// while its count loads read 8 entries of every row (the caller checks
// that they exist).
TEXT ·cvRunAVX2(SB), NOSPLIT, $0-56
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ p0+16(FP), SI
	MOVQ stride+24(FP), DX
	SHLQ $1, DX                     // stride in bytes
	MOVL act+32(FP), R12
	MOVQ wts+40(FP), R13
	MOVQ rec+48(FP), R14
	TESTQ CX, CX
	JLE cdone2
	XORQ AX, AX                     // masked: 0
	VPCMPEQD Y8, Y8, Y8             // gather mask: every lane
	CMPQ CX, $8
	JGE cwhole2
	VPMOVZXWD iota16<>(SB), Y9      // lane index
	VMOVQ CX, X8
	VPBROADCASTD X8, Y8
	VPCMPGTD Y9, Y8, Y8             // gather and store mask: lane < n
	MOVQ $1, AX
	XORQ BX, BX
	MOVQ $1, CX
	JMP cloop2
cwhole2:
	MOVQ CX, BX
	ANDQ $7, BX                     // the rest
	SHRQ $3, CX
cloop2:
	VPMOVZXWD (SI), Y0              // p0
	VXORPS Y1, Y1, Y1               // c
	MOVL R12, R8
dloop2:
	TESTL R8, R8
	JZ dend2
	BSFL R8, R9                     // d
	BTRL R9, R8
	LEAQ 1(R9), R10
	IMULQ DX, R10                   // (d+1)*stride bytes
	VPMOVZXWD (SI)(R10*1), Y2       // row b+d+1
	MOVQ SI, R11
	SUBQ R10, R11
	VPMOVZXWD (R11), Y3             // row b-d-1
	VPMAXSD Y3, Y2, Y2              // p
	VPTEST Y2, Y2
	JZ dloop2                       // every p is 0: so is every value
	VPADDD Y0, Y2, Y4               // p+p0
	VPMULLD Y0, Y2, Y2              // p0*p
	VPBROADCASTD (R13)(R9*4), Y5
	VPMULLD Y5, Y2, Y2              // w*p0*p
	VCVTDQ2PS Y2, Y2
	VMOVDQU Y8, Y6
	VGATHERDPS Y6, (R14)(Y4*4), Y7  // rec[p+p0]
	VMULPS Y7, Y2, Y2
	VMAXPS Y1, Y2, Y1               // c = val > c ? val : c
	JMP dloop2
dend2:
	TESTQ AX, AX
	JNZ cmask2
	VMOVUPS Y1, (DI)
	ADDQ $32, DI
	ADDQ $16, SI
	DECQ CX
	JNZ cloop2
	TESTQ BX, BX
	JZ cexit2
	LEAQ -32(DI)(BX*4), DI          // back to the vector ending at n
	LEAQ -16(SI)(BX*2), SI
	XORQ BX, BX
	MOVQ $1, CX
	JMP cloop2
cmask2:
	VMASKMOVPS Y1, Y8, (DI)
cexit2:
	VZEROUPPER
cdone2:
	RET

// func cvRunAVX512(out *float32, n int, p0 *uint16, stride int, act uint32, wts *[32]int32, rec *float32)
// n is a multiple of 16.
TEXT ·cvRunAVX512(SB), NOSPLIT, $0-56
	MOVQ out+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ p0+16(FP), SI
	MOVQ stride+24(FP), DX
	SHLQ $1, DX
	MOVL act+32(FP), R12
	MOVQ wts+40(FP), R13
	MOVQ rec+48(FP), R14
	SHRQ $4, CX
	JZ cdone5
cloop5:
	VPMOVZXWD (SI), Z0
	VXORPS Z1, Z1, Z1
	MOVL R12, R8
dloop5:
	TESTL R8, R8
	JZ dend5
	BSFL R8, R9
	BTRL R9, R8
	LEAQ 1(R9), R10
	IMULQ DX, R10
	VPMOVZXWD (SI)(R10*1), Z2
	MOVQ SI, R11
	SUBQ R10, R11
	VPMOVZXWD (R11), Z3
	VPMAXSD Z3, Z2, Z2
	VPADDD Z0, Z2, Z4
	VPMULLD Z0, Z2, Z2
	VPBROADCASTD (R13)(R9*4), Z5
	VPMULLD Z5, Z2, Z2
	VCVTDQ2PS Z2, Z2
	KXNORW K0, K0, K1
	VGATHERDPS (R14)(Z4*4), K1, Z7
	VMULPS Z7, Z2, Z2
	VMAXPS Z1, Z2, Z1
	JMP dloop5
dend5:
	VMOVUPS Z1, (DI)
	ADDQ $64, DI
	ADDQ $32, SI
	DECQ CX
	JNZ cloop5
	VZEROUPPER
cdone5:
	RET

// func flatRowAVX2(out *uint8, row, below *uint16, n int)
// out[x] = 1 where row[x] == row[x+1] and row[x] == below[x], else 0, for
// x in [0, n); n is a multiple of 32 and row[n] is readable.
TEXT ·flatRowAVX2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ below+16(FP), BX
	MOVQ n+24(FP), CX
	SHRQ $5, CX
	JZ frdone
frloop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VPCMPEQW 2(SI), Y0, Y2
	VPCMPEQW 34(SI), Y1, Y3
	VPCMPEQW (BX), Y0, Y0
	VPCMPEQW 32(BX), Y1, Y1
	VPAND Y2, Y0, Y0                // -1 where flat
	VPAND Y3, Y1, Y1
	VPACKSSWB Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VPABSB Y0, Y0                   // 1 where flat
	VMOVDQU Y0, (DI)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $32, DI
	DECQ CX
	JNZ frloop
	VZEROUPPER
frdone:
	RET

// func colAddAVX2(col, in, out *uint8, n int)
// col[x] += in[x] - out[x] for x in [0, n); n is a multiple of 32.
TEXT ·colAddAVX2(SB), NOSPLIT, $0-32
	MOVQ col+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ out+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $5, CX
	JZ cadone
caloop:
	VMOVDQU (DI), Y0
	VPADDB (SI), Y0, Y0
	VPSUBB (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JNZ caloop
	VZEROUPPER
cadone:
	RET

// MODE3 sets dst to the 3-tap mode of a, b, c (uint16 lanes): a when it
// equals b or c, else b when b equals c, else the minimum. t1, t2 are
// scratch.
#define MODE3(a, b, c, dst, t1, t2) \
	VPMINUW b, a, dst \
	VPMINUW c, dst, dst \
	VPCMPEQW c, b, t1 \
	VPBLENDVB t1, b, dst, dst \
	VPCMPEQW b, a, t1 \
	VPCMPEQW c, a, t2 \
	VPOR t2, t1, t1 \
	VPBLENDVB t1, a, dst, dst

// func hmodeAVX2(out, in *uint16, n int)
// out[x] = mode3(in[x-1], in[x], in[x+1]) for x in [0, n); n is a multiple
// of 16, out and in point at the first output's column.
TEXT ·hmodeAVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ hdone
hloop:
	VMOVDQU -2(SI), Y0
	VMOVDQU (SI), Y1
	VMOVDQU 2(SI), Y2
	MODE3(Y0, Y1, Y2, Y3, Y4, Y5)
	VMOVDQU Y3, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ hloop
	VZEROUPPER
hdone:
	RET

// func vmodeAVX2(out, a, b, c *uint16, n int)
TEXT ·vmodeAVX2(SB), NOSPLIT, $0-40
	MOVQ out+0(FP), DI
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX
	MOVQ c+24(FP), DX
	MOVQ n+32(FP), CX
	SHRQ $4, CX
	JZ vdone
vloop:
	VMOVDQU (AX), Y0
	VMOVDQU (BX), Y1
	VMOVDQU (DX), Y2
	MODE3(Y0, Y1, Y2, Y3, Y4, Y5)
	VMOVDQU Y3, (DI)
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JNZ vloop
	VZEROUPPER
vdone:
	RET

// func poolScanAVX2(c *uint32, n int, lo, hi uint32, cand *uint32, lut *[256][8]uint32, r *scanResult)
// One pass of the exact pooling over n (a multiple of 8) float bits:
// counts and sums (in double, lane by lane) the values above hi, gathers
// the non-zero ones in [lo, hi] into cand (whole vectors: 8 entries of
// slack), and finds the largest bits and the smallest non-zero bits minus
// one. Bits compare as int32, as poolScanGo does. r is overwritten.
TEXT ·poolScanAVX2(SB), NOSPLIT, $0-48
	MOVQ c+0(FP), SI
	MOVQ n+8(FP), CX
	MOVL lo+16(FP), AX
	MOVL hi+20(FP), BX
	MOVQ cand+24(FP), DI
	MOVQ lut+32(FP), R9
	MOVQ r+40(FP), R10
	XORQ R8, R8                     // gathered so far
	DECL AX                         // lo-1: -1 when lo is 0
	VMOVQ AX, X15
	VPBROADCASTD X15, Y15           // lo-1
	VMOVQ BX, X14
	VPBROADCASTD X14, Y14           // hi
	VPXOR Y13, Y13, Y13             // 0
	VPCMPEQD Y12, Y12, Y12          // -1
	VPXOR Y11, Y11, Y11             // minus the count above, per lane
	VXORPD Y10, Y10, Y10            // sum of lanes 0..3
	VXORPD Y9, Y9, Y9               // sum of lanes 4..7
	VPXOR Y8, Y8, Y8                // largest bits
	VPCMPEQD Y7, Y7, Y7             // smallest bits-1
	SHRQ $3, CX
	JZ psdone
psloop:
	VMOVDQU (SI), Y0
	VPMAXUD Y0, Y8, Y8
	VPADDD Y12, Y0, Y1
	VPMINUD Y1, Y7, Y7
	VPCMPGTD Y14, Y0, Y1            // above: bits > hi
	VPADDD Y1, Y11, Y11
	VPAND Y0, Y1, Y2                // the values above, zero elsewhere
	VCVTPS2PD X2, Y3
	VADDPD Y3, Y10, Y10
	VEXTRACTI128 $1, Y2, X2
	VCVTPS2PD X2, Y3
	VADDPD Y3, Y9, Y9
	VPCMPGTD Y15, Y0, Y2            // bits >= lo
	VPANDN Y2, Y1, Y2               // and not above
	VPCMPEQD Y13, Y0, Y3
	VPANDN Y2, Y3, Y2               // and not zero
	VMOVMSKPS Y2, AX
	MOVQ AX, DX
	SHLQ $5, DX
	VMOVDQU (R9)(DX*1), Y4
	VPERMD Y0, Y4, Y5               // the gathered lanes first
	VMOVDQU Y5, (DI)(R8*4)
	POPCNTL AX, AX
	ADDQ AX, R8
	ADDQ $32, SI
	DECQ CX
	JNZ psloop
psdone:
	VEXTRACTI128 $1, Y11, X0
	VPADDD X0, X11, X0
	VPSHUFD $0x4e, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, AX
	NEGL AX
	MOVQ AX, 0(R10)
	MOVQ R8, 8(R10)
	VADDPD Y9, Y10, Y10
	VEXTRACTF128 $1, Y10, X0
	VADDPD X0, X10, X0
	VUNPCKHPD X0, X0, X1
	VADDSD X1, X0, X0
	VMOVSD X0, 16(R10)
	VEXTRACTI128 $1, Y8, X0
	VPMAXUD X0, X8, X0
	VPSHUFD $0x4e, X0, X1
	VPMAXUD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMAXUD X1, X0, X0
	VMOVD X0, 24(R10)
	VEXTRACTI128 $1, Y7, X0
	VPMINUD X0, X7, X0
	VPSHUFD $0x4e, X0, X1
	VPMINUD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPMINUD X1, X0, X0
	VMOVD X0, 28(R10)
	VZEROUPPER
	RET

// func convRowAVX2(out, in *uint16, n int, sl, sr uint64) uint16
// out = in << sl when sr is 0, else (in + 2^(sr-1)) >> sr computed as the
// rounding average of in >> (sr-1) and 0 (no 16-bit overflow); returns the
// largest input sample. n is a multiple of 16.
TEXT ·convRowAVX2(SB), NOSPLIT, $0-42
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	VMOVQ sl+24(FP), X14
	MOVQ sr+32(FP), AX
	VPXOR Y15, Y15, Y15             // largest
	VPXOR Y13, Y13, Y13             // 0
	SHRQ $4, CX
	JZ cvdone
	TESTQ AX, AX
	JNZ cvround
cvshift:
	VMOVDQU (SI), Y0
	VPMAXUW Y0, Y15, Y15
	VPSLLW X14, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ cvshift
	JMP cvdone
cvround:
	DECQ AX
	VMOVQ AX, X12
cvrloop:
	VMOVDQU (SI), Y0
	VPMAXUW Y0, Y15, Y15
	VPSRLW X12, Y0, Y0
	VPAVGW Y13, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ cvrloop
cvdone:
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

// func antiDitherAVX2(out, row, next *uint16, n int)
// out[x] = (row[x] + row[x+1] + next[x] + next[x+1]) >> 2 for x in [0, n);
// n is a multiple of 16, row[n] and next[n] are readable, samples are at
// most 1024 (no 16-bit overflow).
TEXT ·antiDitherAVX2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ next+16(FP), BX
	MOVQ n+24(FP), CX
	SHRQ $4, CX
	JZ addone
adloop:
	VMOVDQU (SI), Y0
	VPADDW 2(SI), Y0, Y0
	VPADDW (BX), Y0, Y0
	VPADDW 2(BX), Y0, Y0
	VPSRLW $2, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $32, DI
	DECQ CX
	JNZ adloop
	VZEROUPPER
addone:
	RET

// func convDitherAVX2(out, row, next *uint16, n int, sl uint64) uint16
// out[x] = (row[x] + row[x+1] + next[x] + next[x+1]) << sl >> 2 for x in
// [0, n) (16-bit: exact for samples of 10-sl bits); returns the largest
// row[x]. n is a multiple of 16, row[n] and next[n] are readable.
TEXT ·convDitherAVX2(SB), NOSPLIT, $0-42
	MOVQ out+0(FP), DI
	MOVQ row+8(FP), SI
	MOVQ next+16(FP), BX
	MOVQ n+24(FP), CX
	VMOVQ sl+32(FP), X14
	VPXOR Y15, Y15, Y15             // largest
	SHRQ $4, CX
	JZ cddone
cdloop:
	VMOVDQU (SI), Y0
	VPMAXUW Y0, Y15, Y15
	VPADDW 2(SI), Y0, Y0
	VPADDW (BX), Y0, Y0
	VPADDW 2(BX), Y0, Y0
	VPSLLW X14, Y0, Y0
	VPSRLW $2, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, BX
	ADDQ $32, DI
	DECQ CX
	JNZ cdloop
cddone:
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

// Word and byte masks for the decimation: the low half of each pair.
DATA lowWords<>+0(SB)/8, $0x0000ffff0000ffff
DATA lowWords<>+8(SB)/8, $0x0000ffff0000ffff
GLOBL lowWords<>(SB), RODATA|NOPTR, $16
DATA lowBytes<>+0(SB)/8, $0x00ff00ff00ff00ff
DATA lowBytes<>+8(SB)/8, $0x00ff00ff00ff00ff
GLOBL lowBytes<>(SB), RODATA|NOPTR, $16

// func decimate16AVX2(out, in *uint16, n int)
// out[x] = in[2x] for x in [0, n); n is a multiple of 16.
TEXT ·decimate16AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTI128 lowWords<>(SB), Y15
	SHRQ $4, CX
	JZ d16done
d16loop:
	VPAND (SI), Y15, Y0
	VPAND 32(SI), Y15, Y1
	VPACKUSDW Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	DECQ CX
	JNZ d16loop
	VZEROUPPER
d16done:
	RET

// func decimate8AVX2(out, in *uint8, n int)
// out[x] = in[2x] for x in [0, n); n is a multiple of 32.
TEXT ·decimate8AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTI128 lowBytes<>(SB), Y15
	SHRQ $5, CX
	JZ d8done
d8loop:
	VPAND (SI), Y15, Y0
	VPAND 32(SI), Y15, Y1
	VPACKUSWB Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $64, SI
	ADDQ $32, DI
	DECQ CX
	JNZ d8loop
	VZEROUPPER
d8done:
	RET

// func boxRowAVX2(out, col *uint8, n int, thr int8)
// out[i] = 1 if col[i] + ... + col[i+6] > thr, else 0, for i in [0, n);
// n is a multiple of 32, col[n+5] is readable and the sums are at most 49
// (signed bytes).
TEXT ·boxRowAVX2(SB), NOSPLIT, $0-25
	MOVQ out+0(FP), DI
	MOVQ col+8(FP), SI
	MOVQ n+16(FP), CX
	MOVBLSX thr+24(FP), AX
	VMOVQ AX, X15
	VPBROADCASTB X15, Y15
	MOVL $0x01010101, AX
	VMOVQ AX, X14
	VPBROADCASTD X14, Y14           // byte ones
	SHRQ $5, CX
	JZ bxdone
bxloop:
	VMOVDQU (SI), Y0
	VPADDB 1(SI), Y0, Y0
	VPADDB 2(SI), Y0, Y0
	VPADDB 3(SI), Y0, Y0
	VPADDB 4(SI), Y0, Y0
	VPADDB 5(SI), Y0, Y0
	VPADDB 6(SI), Y0, Y0
	VPCMPGTB Y15, Y0, Y0
	VPAND Y14, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ bxloop
	VZEROUPPER
bxdone:
	RET

// func bandRangeAVX2(row *uint16, mask *uint8, n int, base, top uint16) (mn, mx1 uint16)
// Over the masked samples v with b = v-base (16-bit) at most top: the
// smallest b (0xffff if none) and the largest b+1 (0 if none). n is a
// multiple of 16.
TEXT ·bandRangeAVX2(SB), NOSPLIT, $0-36
	MOVQ row+0(FP), SI
	MOVQ mask+8(FP), DX
	MOVQ n+16(FP), CX
	MOVWLZX base+24(FP), AX
	MOVWLZX top+26(FP), BX
	VMOVQ AX, X15
	VPBROADCASTW X15, Y15           // base
	VMOVQ BX, X14
	VPBROADCASTW X14, Y14           // top
	VPXOR Y13, Y13, Y13             // 0
	VPCMPEQW Y12, Y12, Y12          // all ones: running min
	VPXOR Y11, Y11, Y11             // running max of b+1
	VPCMPEQW Y10, Y10, Y10          // all ones
	VPSRLW $15, Y10, Y9             // word 1
	SHRQ $4, CX
	JZ brdone
brloop:
	VMOVDQU (SI), Y0
	VPSUBW Y15, Y0, Y0              // b
	VPMINUW Y14, Y0, Y1
	VPCMPEQW Y1, Y0, Y1             // b <= top
	VPMOVZXBW (DX), Y2
	VPCMPEQW Y13, Y2, Y2            // unmasked
	VPANDN Y1, Y2, Y1               // taken
	VPXOR Y10, Y1, Y3               // not taken
	VPOR Y0, Y3, Y3
	VPMINUW Y3, Y12, Y12
	VPADDW Y9, Y0, Y4
	VPAND Y1, Y4, Y4
	VPMAXUW Y4, Y11, Y11
	ADDQ $32, SI
	ADDQ $16, DX
	DECQ CX
	JNZ brloop
brdone:
	VEXTRACTI128 $1, Y12, X0
	VPMINUW X0, X12, X0
	VPHMINPOSUW X0, X0
	VMOVD X0, AX
	MOVW AX, mn+32(FP)
	VEXTRACTI128 $1, Y11, X1
	VPMAXUW X1, X11, X1
	VPXOR X10, X1, X1               // 0xffff - x: the min is the max
	VPHMINPOSUW X1, X1
	VMOVD X1, AX
	NOTL AX
	MOVW AX, mx1+34(FP)
	VZEROUPPER
	RET

// func runBitsAVX2(vb, qb *uint32, row *uint16, mrow *uint8, nb int, base, top uint16)
// For nb blocks of 32 samples: bit j of vb is set where sample j is masked
// and b = v-base (16-bit) is at most top, of qb where moreover sample j+1
// is masked and equal (so in band too). Reads row[32*nb] and mrow[32*nb].
TEXT ·runBitsAVX2(SB), NOSPLIT, $0-44
	MOVQ vb+0(FP), DI
	MOVQ qb+8(FP), R8
	MOVQ row+16(FP), SI
	MOVQ mrow+24(FP), DX
	MOVQ nb+32(FP), CX
	MOVWLZX base+40(FP), AX
	MOVWLZX top+42(FP), BX
	TESTQ CX, CX
	JLE rbdone
	VMOVQ AX, X15
	VPBROADCASTW X15, Y15           // base
	VMOVQ BX, X14
	VPBROADCASTW X14, Y14           // top
	VPXOR Y13, Y13, Y13             // 0
rbloop:
	VMOVDQU (SI), Y0                // samples 0..15
	VMOVDQU 32(SI), Y1              // 16..31
	VPCMPEQW 2(SI), Y0, Y4          // equal to the next
	VPCMPEQW 34(SI), Y1, Y5
	VPSUBW Y15, Y0, Y0              // b
	VPSUBW Y15, Y1, Y1
	VPMINUW Y14, Y0, Y2
	VPCMPEQW Y2, Y0, Y0             // b <= top
	VPMINUW Y14, Y1, Y3
	VPCMPEQW Y3, Y1, Y1
	VPACKSSWB Y1, Y0, Y0
	VPERMQ $0xd8, Y0, Y0            // in band, as bytes
	VPACKSSWB Y5, Y4, Y4
	VPERMQ $0xd8, Y4, Y4            // equal to the next, as bytes
	VPCMPEQB (DX), Y13, Y2          // not masked
	VPCMPEQB 1(DX), Y13, Y3         // next not masked
	VPANDN Y0, Y2, Y0               // valid
	VPANDN Y4, Y3, Y4
	VPAND Y0, Y4, Y4                // valid and the run goes on
	VPMOVMSKB Y0, AX
	MOVL AX, (DI)
	VPMOVMSKB Y4, AX
	MOVL AX, (R8)
	ADDQ $64, SI
	ADDQ $32, DX
	ADDQ $4, DI
	ADDQ $4, R8
	DECQ CX
	JNZ rbloop
	VZEROUPPER
rbdone:
	RET

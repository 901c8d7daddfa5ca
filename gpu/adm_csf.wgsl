// Mirrors kernels/adm CSF0 (scale0 = 1) and CSF123 on three bands (planes
// src_plane..src_plane+2 of src), and folds in what the masking stage
// needs of them: F, the sum over the bands of |csf|/30 (the CPU's F), and
// C, the sum over the bands of the centre term |csf|/15 that cm0/cm123 add
// to the threshold. Both are int32 sums that wrap like the CPU's, so they
// may be formed here. Output planes: csf h, v, d; then F and C in fc.

struct Params {
    bw: u32,
    bh: u32,
    scale0: u32,
    src_plane: u32,
    wt0: u32,
    wt1: u32,
    wt2: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<i32>;
@group(0) @binding(2) var<storage, read_write> csf: array<i32>;
@group(0) @binding(3) var<storage, read_write> fc: array<i32>;

// (m * |v| - 2^31) >> 32 in 64 bits, truncated to int32 (libvmaf's
// rounding constant of scales 1-3 is 2^31 stored in an int32).
fn mulhi_neg(m: i32, v: i32) -> i32 {
    let prod = imul(m, abs(v));
    return bitcast<i32>(add64(prod, vec2<u32>(0x80000000u, 0xffffffffu)).y);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.bw || g.y >= p.bh) {
        return;
    }
    let n = p.bw * p.bh;
    let k = g.y * p.bw + g.x;
    let wts = array<u32, 3>(p.wt0, p.wt1, p.wt2);
    var f = 0;
    var c = 0;
    for (var b = 0u; b < 3u; b = b + 1u) {
        let s = src[(p.src_plane + b) * n + k];
        var v = 0;
        if (p.scale0 == 1u) {
            var sh = 15u;
            var add = 16384;
            if (b == 2u) {
                sh = 17u;
                add = 65535;
            }
            v = sext16((bitcast<i32>(wts[b]) * s + add) >> sh);
            f = f + sext16((4369 * abs(v) + 2048) >> 12u);
            c = c + sext16((8738 * abs(v) + 2048) >> 12u);
        } else {
            v = bitcast<i32>(sar64(add64(uimul(wts[b], s), vec2<u32>(1u << 27u, 0u)), 28u).x);
            f = f + mulhi_neg(143165577, v);
            c = c + mulhi_neg(286331153, v);
        }
        csf[b * n + k] = v;
    }
    fc[k] = f;
    fc[n + k] = c;
}

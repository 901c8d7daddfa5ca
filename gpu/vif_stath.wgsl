// Mirrors kernels/vif StatHorizontal and Accumulate: the rows of
// vif_statv.wgsl's moments filtered (columns mirrored), the variances
// formed as the CPU forms them (the means' u32 sums squared in 64 bits and
// rounded by 2^32, the moments' 64-bit sums rounded by 2^16, differences
// wrapping in u32, read as i32), and each pixel's terms (vif_pixel.wgsl)
// added to the scale's four sums.
//
// Sums: every term is non-negative (log2 is monotonic, so each numerator
// term is >= 0; denominators are >= 2048 or 1; sigma2_sq is clipped at 0).
// A workgroup adds its 256 pixels in workgroup atomics (the log terms and
// the count fit 32 bits; sigma2_sq's sum is a 64-bit pair, a carry bumping
// the high word), then one invocation adds the four to the frame's 64-bit
// accumulators acc[out_off + 2*kind] (kinds: NumLog, DenLog, NumNonLog,
// DenNonLog) with the same carry rule. Integer addition is exact in any
// order, so the atomics' order changes nothing.
//
// Maps (with_maps = 1): each pixel's terms, num at [k] and den at [n + k]
// (den 0 marks a pixel below the noise variance, where num is sigma2_sq);
// the host converts them with kernels/vif PixelMap.

struct Params {
    w: u32,
    h: u32,
    fw: u32,
    with_maps: u32,
    out_off: u32,
    gl_lo: u32, // vif_enhn_gain_limit = gl_m * 2^gl_e
    gl_hi: u32,
    gl_e: i32,
    taps: array<vec4<u32>, 5>,
    eps_k: array<vec4<u32>, 4>, // vif_eps_units(l) at l - 18
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> mu: array<u32>;
@group(0) @binding(2) var<storage, read> rr: array<u32>;
@group(0) @binding(3) var<storage, read> dd: array<u32>;
@group(0) @binding(4) var<storage, read> rd: array<u32>;
@group(0) @binding(5) var<storage, read> log2_table: array<u32>;
@group(0) @binding(6) var<storage, read_write> acc: array<atomic<u32>>;
@group(0) @binding(7) var<storage, read_write> maps: array<u32>;

fn vif_log2_entry(i: u32) -> u32 {
    return log2_table[i];
}

fn vif_eps_units(l: u32) -> u32 {
    return p.eps_k[(l - 18u) >> 2u][(l - 18u) & 3u];
}

fn vif_gain_limit() -> F64 {
    return F64(vec2<u32>(p.gl_lo, p.gl_hi), p.gl_e);
}

var<workgroup> wsum: array<atomic<u32>, 5>; // NumLog, DenLog, NumNonLog lo, hi, DenNonLog

fn global_add64(i: u32, v: vec2<u32>) {
    var hi = v.y;
    if (v.x != 0u) {
        let old = atomicAdd(&acc[i], v.x);
        if (old + v.x < old) {
            hi = hi + 1u;
        }
    }
    if (hi != 0u) {
        atomicAdd(&acc[i + 1u], hi);
    }
}

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    if (li < 5u) {
        atomicStore(&wsum[li], 0u);
    }
    workgroupBarrier();
    if (g.x < p.w && g.y < p.h) {
        let hw = i32(p.fw / 2u);
        let row = g.y * p.w;
        var m1 = 0u;
        var m2 = 0u;
        var a = vec2<u32>(0u, 0u);
        var b = vec2<u32>(0u, 0u);
        var c = vec2<u32>(0u, 0u);
        for (var k = 0u; k < p.fw; k = k + 1u) {
            let x = row + mirror(i32(g.x) - hw + i32(k), p.w);
            let f = tap(k);
            let mv = mu[x];
            m1 = m1 + f * (mv & 0xffffu);
            m2 = m2 + f * (mv >> 16u);
            a = add64(a, umul(f, rr[x]));
            b = add64(b, umul(f, dd[x]));
            c = add64(c, umul(f, rd[x]));
        }
        let half = vec2<u32>(0x80000000u, 0u);
        let mu1sq = add64(umul(m1, m1), half).y;
        let mu2sq = add64(umul(m2, m2), half).y;
        let mu12 = add64(umul(m1, m2), half).y;
        let r16 = vec2<u32>(32768u, 0u);
        let s1 = bitcast<i32>(shr64(add64(a, r16), 16u).x - mu1sq);
        let s2 = bitcast<i32>(shr64(add64(b, r16), 16u).x - mu2sq);
        let s12 = bitcast<i32>(shr64(add64(c, r16), 16u).x - mu12);
        let px = vif_pixel(s1, s2, s12);
        if (px.is_log) {
            atomicAdd(&wsum[0], u32(px.num));
            atomicAdd(&wsum[1], u32(px.den));
        } else {
            let v = u32(px.num);
            let old = atomicAdd(&wsum[2], v);
            if (old + v < old) {
                atomicAdd(&wsum[3], 1u);
            }
            atomicAdd(&wsum[4], 1u);
        }
        if (p.with_maps == 1u) {
            let k = row + g.x;
            maps[k] = u32(px.num);
            maps[p.w * p.h + k] = select(0u, u32(px.den), px.is_log);
        }
    }
    workgroupBarrier();
    if (li == 0u) {
        global_add64(p.out_off, vec2<u32>(atomicLoad(&wsum[0]), 0u));
        global_add64(p.out_off + 2u, vec2<u32>(atomicLoad(&wsum[1]), 0u));
        global_add64(p.out_off + 4u, vec2<u32>(atomicLoad(&wsum[2]), atomicLoad(&wsum[3])));
        global_add64(p.out_off + 6u, vec2<u32>(atomicLoad(&wsum[4]), 0u));
    }
}

// Mirrors kernels/adm Den0 (scale0 = 1) and Den123 up to the per-row
// sums: |ref|^3 of each reference detail band over the scored window, with
// scales 1-3's intermediate rounding shifts, in unsigned 64 bits. Partial
// sums as adm_cm.wgsl lays them out. With exact (Barten's DenExact123)
// each |ref|^3 is exact, 96 bits, and the pass sums one 32-bit word of it
// (part 0, 1 or 2, low to high), which 64 bits hold for up to 2^32
// coefficients (a band has at most 2^28); the host reassembles the 128-bit
// sum.

struct Params {
    bw: u32,
    bh: u32,
    x0: u32,
    y0: u32,
    sw: u32,
    sh: u32,
    chunks: u32,
    scale0: u32,
    sq: u32,
    add_sq: u32,
    cub: u32,
    add_cub: u32,
    exact: u32,
    part: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> bands: array<i32>;
@group(0) @binding(2) var<storage, read_write> partial: array<vec2<u32>>;

var<workgroup> sums: array<vec2<u32>, 768>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>) {
    let col = wg.x * 256u + l.x;
    let row = wg.y;
    for (var b = 0u; b < 3u; b = b + 1u) {
        var t = vec2<u32>(0u, 0u);
        if (col < p.sw) {
            let n = p.bw * p.bh;
            let k = (p.y0 + row) * p.bw + p.x0 + col;
            let u = u32(abs(bands[(b + 1u) * n + k]));
            if (p.scale0 == 1u) {
                t = umul(u * u, u);
            } else if (p.exact == 1u) {
                // u^2 (62 bits) times u: words w0, w1, w2 of 96 bits.
                let u2 = umul(u, u);
                let lo = umul(u2.x, u);
                let hi = umul(u2.y, u);
                let w1 = lo.y + hi.x;
                let w2 = hi.y + select(0u, 1u, w1 < lo.y);
                if (p.part == 0u) {
                    t = vec2<u32>(lo.x, 0u);
                } else if (p.part == 1u) {
                    t = vec2<u32>(w1, 0u);
                } else {
                    t = vec2<u32>(w2, 0u);
                }
            } else {
                let sq = shr64(add64(umul(u, u), vec2<u32>(p.add_sq, 0u)), p.sq);
                t = shr64(add64(mul64u(sq, u), vec2<u32>(p.add_cub, 0u)), p.cub);
            }
        }
        sums[b * 256u + l.x] = t;
    }
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (l.x < s) {
            for (var b = 0u; b < 3u; b = b + 1u) {
                sums[b * 256u + l.x] = add64(sums[b * 256u + l.x], sums[b * 256u + l.x + s]);
            }
        }
        workgroupBarrier();
    }
    if (l.x == 0u) {
        for (var b = 0u; b < 3u; b = b + 1u) {
            partial[(b * p.sh + row) * p.chunks + wg.x] = sums[b * 256u];
        }
    }
}

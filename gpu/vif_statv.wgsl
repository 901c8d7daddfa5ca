// Mirrors kernels/vif StatVertical (libvmaf's vertical pass of
// vif_statistic_8/16): each column of ref and dis filtered with the
// scale's taps, rows mirrored. The means' sums are u32 (a tap times a
// 16-bit sample, 17 taps summing to 2^16, cannot wrap), the moments' sums
// 64-bit pairs of u32 (adm_int64.wgsl: each f*x*y is a u32 times a u32),
// rounded and shifted as kernels/vif StatRounding says, then truncated to
// 32 bits as the CPU's uint32 conversion does. The two 16-bit means share
// one word (mu1 low, mu2 high).
//
// Scale 0 reads the uploaded lumas, two samples a word (packed = 1);
// scales 1-3 read vif_subh.wgsl's images, one sample a word.

struct Params {
    w: u32,
    h: u32,
    fw: u32,
    packed: u32,
    mu_add: u32,
    mu_shift: u32,
    sq_add: u32,
    sq_shift: u32,
    taps: array<vec4<u32>, 5>,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> ref_img: array<u32>;
@group(0) @binding(2) var<storage, read> dis_img: array<u32>;
@group(0) @binding(3) var<storage, read_write> mu: array<u32>;
@group(0) @binding(4) var<storage, read_write> rr: array<u32>;
@group(0) @binding(5) var<storage, read_write> dd: array<u32>;
@group(0) @binding(6) var<storage, read_write> rd: array<u32>;

fn sample_at(is_ref: bool, i: u32) -> u32 {
    var j = i;
    if (p.packed == 1u) {
        j = i >> 1u;
    }
    var v: u32;
    if (is_ref) {
        v = ref_img[j];
    } else {
        v = dis_img[j];
    }
    if (p.packed == 1u) {
        v = (v >> ((i & 1u) * 16u)) & 0xffffu;
    }
    return v;
}

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let hw = i32(p.fw / 2u);
    var m1 = 0u;
    var m2 = 0u;
    var a = vec2<u32>(0u, 0u);
    var b = vec2<u32>(0u, 0u);
    var c = vec2<u32>(0u, 0u);
    for (var k = 0u; k < p.fw; k = k + 1u) {
        let i = mirror(i32(g.y) - hw + i32(k), p.h) * p.w + g.x;
        let r = sample_at(true, i);
        let d = sample_at(false, i);
        let f = tap(k);
        let fr = f * r;
        let fd = f * d;
        m1 = m1 + fr;
        m2 = m2 + fd;
        a = add64(a, umul(fr, r));
        b = add64(b, umul(fd, d));
        c = add64(c, umul(fr, d));
    }
    let k = g.y * p.w + g.x;
    let mu1 = ((m1 + p.mu_add) >> p.mu_shift) & 0xffffu;
    let mu2 = ((m2 + p.mu_add) >> p.mu_shift) & 0xffffu;
    mu[k] = mu1 | (mu2 << 16u);
    let add = vec2<u32>(p.sq_add, 0u);
    rr[k] = shr64(add64(a, add), p.sq_shift).x;
    dd[k] = shr64(add64(b, add), p.sq_shift).x;
    rd[k] = shr64(add64(c, add), p.sq_shift).x;
}

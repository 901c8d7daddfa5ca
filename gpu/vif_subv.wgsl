// Mirrors kernels/vif Subsample's vertical pass (libvmaf's subsample_rd
// VERTICAL): the next scale's filter down each column (rows mirrored), the
// u32 sum rounded as kernels/vif SubsampleConv says and truncated to 16
// bits, computed only at the even rows decimation keeps: conv row r is
// image row 2r, r < h/2. Scale 0 reads the packed lumas (packed = 1).

struct Params {
    w: u32,
    h: u32,
    fw: u32,
    packed: u32,
    add: u32,
    shift: u32,
    h2: u32,
    pad: u32,
    taps: array<vec4<u32>, 5>,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> ref_img: array<u32>;
@group(0) @binding(2) var<storage, read> dis_img: array<u32>;
@group(0) @binding(3) var<storage, read_write> conv_ref: array<u32>;
@group(0) @binding(4) var<storage, read_write> conv_dis: array<u32>;

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
    if (g.x >= p.w || g.y >= p.h2) {
        return;
    }
    let hw = i32(p.fw / 2u);
    var a = 0u;
    var b = 0u;
    for (var k = 0u; k < p.fw; k = k + 1u) {
        let i = mirror(i32(2u * g.y) - hw + i32(k), p.h) * p.w + g.x;
        let f = tap(k);
        a = a + f * sample_at(true, i);
        b = b + f * sample_at(false, i);
    }
    let o = g.y * p.w + g.x;
    conv_ref[o] = ((a + p.add) >> p.shift) & 0xffffu;
    conv_dis[o] = ((b + p.add) >> p.shift) & 0xffffu;
}

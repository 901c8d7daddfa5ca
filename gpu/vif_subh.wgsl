// Mirrors kernels/vif Subsample's horizontal pass and decimation
// (libvmaf's subsample_rd HORIZONTAL and decimate_and_pad): the filter
// along vif_subv.wgsl's even rows (columns mirrored over the full width),
// rounded by 2^16 and truncated to 16 bits, at even columns only: the
// next scale's w/2 x h/2 images, one sample a word.

struct Params {
    w: u32,
    w2: u32,
    h2: u32,
    fw: u32,
    taps: array<vec4<u32>, 5>,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> conv_ref: array<u32>;
@group(0) @binding(2) var<storage, read> conv_dis: array<u32>;
@group(0) @binding(3) var<storage, read_write> out_ref: array<u32>;
@group(0) @binding(4) var<storage, read_write> out_dis: array<u32>;

@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w2 || g.y >= p.h2) {
        return;
    }
    let hw = i32(p.fw / 2u);
    let row = g.y * p.w;
    var a = 0u;
    var b = 0u;
    for (var k = 0u; k < p.fw; k = k + 1u) {
        let x = row + mirror(i32(2u * g.x) - hw + i32(k), p.w);
        let f = tap(k);
        a = a + f * conv_ref[x];
        b = b + f * conv_dis[x];
    }
    let o = g.y * p.w2 + g.x;
    out_ref[o] = ((a + 32768u) >> 16u) & 0xffffu;
    out_dis[o] = ((b + 32768u) >> 16u) & 0xffffu;
}

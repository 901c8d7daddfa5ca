// Repacks the top-left dst_w x dst_h area of a Frame's plane (rows of src_w
// 16-bit samples back to back, two a word) into rows of dst_w samples, two
// a word, from word dst_off of dst: the layout a scorer's own upload packs
// (SpEED's chroma area, which is the plane's size floored, not its
// rounded-up size, for odd luma sizes). An odd count's last high half is
// zero, as the host's packing leaves it. A pure move of sample bits.

struct P {
    src_w: u32,
    dst_w: u32,
    dst_h: u32,
    dst_off: u32,
}

@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

// sample is the area's sample i (row-major in the area).
fn sample(i: u32) -> u32 {
    let x = i % p.dst_w;
    let y = i / p.dst_w;
    let j = y * p.src_w + x;
    return (src[j >> 1u] >> ((j & 1u) * 16u)) & 0xffffu;
}

@compute @workgroup_size(256)
fn repack(@builtin(global_invocation_id) id: vec3<u32>) {
    let n = p.dst_w * p.dst_h;
    let i = 2u * id.x;
    if (i >= n) {
        return;
    }
    var v = sample(i);
    if (i + 1u < n) {
        v = v | (sample(i + 1u) << 16u);
    }
    dst[p.dst_off + id.x] = v;
}

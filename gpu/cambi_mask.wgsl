// Mirrors kernels/cambi SpatialMask in two entry points.
// derivative: 1 where a sample equals its right and its lower neighbour (the
// last column and row count as equal).
// box: 1 where the 7x7 neighbourhood (zero outside the picture) holds more
// than `index` zero-derivative samples. Integer sums: exact in any order.

struct Params {
    w: u32,
    h: u32,
    index: i32, // MaskIndex
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

@compute @workgroup_size(8, 8)
fn derivative(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let i = g.y * p.w + g.x;
    let v = src[i];
    let flat_x = g.x + 1u == p.w || v == src[i + 1u];
    let flat_y = g.y + 1u == p.h || v == src[i + p.w];
    dst[i] = select(0u, 1u, flat_x && flat_y);
}

const PAD: i32 = 3; // MaskFilterSize / 2

@compute @workgroup_size(8, 8)
fn box(@builtin(global_invocation_id) g: vec3<u32>) {
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    let w = i32(p.w);
    let h = i32(p.h);
    let x0 = max(i32(g.x) - PAD, 0);
    let x1 = min(i32(g.x) + PAD, w - 1);
    let y0 = max(i32(g.y) - PAD, 0);
    let y1 = min(i32(g.y) + PAD, h - 1);
    var sum = 0i;
    for (var y = y0; y <= y1; y++) {
        for (var x = x0; x <= x1; x++) {
            sum += i32(src[u32(y * w + x)]);
        }
    }
    dst[g.y * p.w + g.x] = select(0u, 1u, sum > p.index);
}

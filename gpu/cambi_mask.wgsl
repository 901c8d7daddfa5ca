// Mirrors kernels/cambi SpatialMask in two entry points.
// derivative: 1 where a sample equals its right and its lower neighbour (the
// last column and row count as equal).
// box: 1 where the 7x7 neighbourhood (zero outside the picture) holds more
// than `index` zero-derivative samples. Integer sums: exact in any order.
// Dispatched in 8x8 workgroups over the picture (box's tiles assume it).

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

// box reads its 8x8 block's 14x14 neighbourhood once into workgroup memory
// (zeros outside the picture), sums each column's 7 rows there, then each
// row's 7 column sums: 14 additions a sample instead of 49 reads.
var<workgroup> tile: array<u32, 196>; // 14x14 derivative samples
var<workgroup> cols: array<u32, 112>; // 8 rows x 14 columns of 7-row sums

@compute @workgroup_size(8, 8)
fn box(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_id) l: vec3<u32>,
       @builtin(workgroup_id) b: vec3<u32>) {
    let w = i32(p.w);
    let h = i32(p.h);
    let ox = i32(b.x * 8u) - PAD;
    let oy = i32(b.y * 8u) - PAD;
    let li = l.y * 8u + l.x;
    // Every invocation takes part up to the barriers, inside the picture
    // or not (barriers must be reached in uniform control flow).
    for (var k = li; k < 196u; k += 64u) {
        let x = ox + i32(k % 14u);
        let y = oy + i32(k / 14u);
        var v = 0u;
        if (x >= 0 && x < w && y >= 0 && y < h) {
            v = src[u32(y * w + x)];
        }
        tile[k] = v;
    }
    workgroupBarrier();
    for (var k = li; k < 112u; k += 64u) {
        let cx = k % 14u;
        let cy = k / 14u;
        var s = 0u;
        for (var d = 0u; d < 7u; d++) {
            s += tile[(cy + d) * 14u + cx];
        }
        cols[k] = s;
    }
    workgroupBarrier();
    if (g.x >= p.w || g.y >= p.h) {
        return;
    }
    var sum = 0u;
    for (var d = 0u; d < 7u; d++) {
        sum += cols[l.y * 14u + l.x + d];
    }
    dst[g.y * p.w + g.x] = select(0u, 1u, i32(sum) > p.index);
}

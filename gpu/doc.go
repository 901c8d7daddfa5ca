// Package gpu is Bandscope's WebGPU backend: CAMBI (and, later, integer ADM)
// computed on a GPU adapter through wgpu-native, with the same bits as the
// CPU reference in kernels/cambi for every intermediate map and every score.
//
// Every per-pixel stage runs on the device as a WGSL compute shader, one
// .wgsl file per stage, named after the CPU stage it mirrors. The shaders use
// integer arithmetic wherever the CPU relies on IEEE rounding: WGSL allows
// approximate conversions and Vulkan may contract multiply-adds, so the only
// float operation left (the c-value's product with a reciprocal) is a single
// multiplication of two exactly representable float32 values, and the
// integer-to-float conversion before it rounds to nearest-even in integers.
//
// The pooling's top-k selection and double sum run on the host from the
// device's c-values: libvmaf sums the first k entries in the order its
// quickselect leaves them, and that order decides the last bit.
//
// The package needs cgo (wgpu-native is linked statically); without cgo it
// builds a stub whose Adapters and Open report that no GPU backend exists.
package gpu

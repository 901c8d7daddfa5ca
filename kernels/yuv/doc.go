// Package yuv holds planar YUV pictures as every other Bandscope package sees
// them: one uint16 sample per pixel whatever the bit depth, so that kernels
// have a single code path and readers do the widening once.
package yuv

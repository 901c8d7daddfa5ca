package assets

import (
	_ "embed"
)

// The demo clip: raw planar YUV, 1280x720, 8-bit 4:2:0, 20 frames, gzip.
var (
	//go:embed demo_dist_1280x720_8b420.yuv.gz
	DemoDistGz []byte
	//go:embed demo_ref_1280x720_8b420.yuv.gz
	DemoRefGz []byte
)

// Names and format of the demo files once decompressed.
const (
	DemoDistName = "demo_dist_1280x720_8b420.yuv"
	DemoRefName  = "demo_ref_1280x720_8b420.yuv"
	DemoWidth    = 1280
	DemoHeight   = 720
	DemoBitDepth = 8
	DemoFrames   = 20
)

// Icon is the application icon, 512x512 PNG.
//
//go:embed icon.png
var Icon []byte

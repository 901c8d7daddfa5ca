package gpu

// Planes selects the planes Frame.Upload writes.
type Planes uint8

const (
	Luma   Planes = 1 << 0 // plane 0 of both pictures
	Chroma Planes = 1 << 1 // planes 1 and 2 of both pictures (when the format has them)
)

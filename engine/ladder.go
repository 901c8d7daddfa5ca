package engine

import (
	"context"
	"fmt"
	"math"

	"github.com/bandscope/bandscope/engine/clip"
	"github.com/bandscope/bandscope/kernels/feature"
)

// Encoding ladders: a source and its renditions at lower resolutions. libvmaf
// scores a rendition only at its source's size, and its documentation tells
// users to upscale the rendition first, with bicubic. Bandscope does that
// itself (clip.OpenScaled runs ffmpeg's scale=W:H:flags=bicubic, the
// command those users run), so that `bandscope score -r SRC -d REND` gives
// the bits libvmaf gives on the upscaled file. CAMBI then measures banding
// at the rendition's own size (enc_width/enc_height), as libvmaf's models
// are told to with cambi.enc_width/enc_height, unless the request sets them.
// Request.NoScale refuses the size mismatch instead.

// upscaleRendition returns dist upscaled to the reference's size when it is
// a smaller rendition of it: both dimensions no larger, one smaller, and
// the same aspect ratio to within the rounding of an even size (854x480 and
// 426x240 are 1920x1080 renditions). A larger distorted clip, or one of
// another shape, is refused: that is not a rendition to upscale, and
// downscaling the reference instead would measure something else. dist is
// returned unchanged when the sizes agree.
func upscaleRendition(ctx context.Context, dist clip.Reader, ref clip.Info) (clip.Reader, error) {
	di := dist.Info()
	if di.Width == ref.Width && di.Height == ref.Height {
		return dist, nil
	}
	what := fmt.Sprintf("distorted %s is %dx%d, reference %s %dx%d", di.Path, di.Width, di.Height, ref.Path, ref.Width, ref.Height)
	if di.Width > ref.Width || di.Height > ref.Height {
		return nil, fmt.Errorf("%s: Bandscope upscales a smaller rendition to its reference's size (bicubic, as libvmaf's documentation recommends) but never downscales; scale the clips to one size first", what)
	}
	if !sameAspect(di.Width, di.Height, ref.Width, ref.Height) {
		return nil, fmt.Errorf("%s: not the same aspect ratio, so not a rendition to upscale; scale the clips to one size first", what)
	}
	return clip.OpenScaled(ctx, dist, ref.Width, ref.Height)
}

// sameAspect: w x h is W x H scaled by one factor, each side rounded (to
// an even number at worst): within 2 of the exact size in either direction.
func sameAspect(w, h, W, H int) bool {
	ew := float64(h) * float64(W) / float64(H) // w for h at W:H
	eh := float64(w) * float64(H) / float64(W)
	return math.Abs(float64(w)-ew) <= 2 || math.Abs(float64(h)-eh) <= 2
}

// cambiEncodeSize gives CAMBI a rendition's own size as its encode size
// (enc_width, enc_height) when the clip is upscaled and the options leave
// both at their defaults; it returns o itself otherwise.
func cambiEncodeSize(o *feature.Values, scaled *clip.Scaling) (*feature.Values, error) {
	if scaled == nil || !o.IsDefault("enc_width") || !o.IsDefault("enc_height") {
		return o, nil
	}
	c := o.Clone()
	if err := c.Set("enc_width", fmt.Sprint(scaled.Width)); err != nil {
		return nil, encodeSizeError(scaled, err)
	}
	if err := c.Set("enc_height", fmt.Sprint(scaled.Height)); err != nil {
		return nil, encodeSizeError(scaled, err)
	}
	return c, nil
}

func encodeSizeError(s *clip.Scaling, err error) error {
	return fmt.Errorf("the rendition's %dx%d as CAMBI's encode size: %w (set cambi's enc_width and enc_height yourself)", s.Width, s.Height, err)
}

package clip

import (
	"context"
	"fmt"
	"os"
)

// openOther handles files that are neither Y4M nor raw .yuv.
func openOther(ctx context.Context, path string, f *os.File, size int64, raw RawOptions) (Reader, error) {
	return nil, &Error{path, -1, fmt.Errorf("not a YUV4MPEG2 or raw .yuv file, and container files need ffmpeg (not yet supported)")}
}

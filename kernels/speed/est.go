package speed

import "math"

// log2TwoPiE is log2(2*M_PI*M_E), which the compiler folds with correct
// rounding: 0x1.06073a671183dp+2 (4.0941...), glibc's value too.
const log2TwoPiE = 0x1.06073a671183dp+2

// PlaneStats is what est_params leaves for one picture of one plane.
type PlaneStats struct {
	Entropy  []float32                        // per block, nbv x nbh: sum over the 25 eigenvalues L of log2(L*S + sigma_nn) + log2(2 pi e)
	Variance []float32                        // per block: S, the block's variance estimate (sum of X.*Y/25 over the block's 25 samples)
	Eigen    [BlockElems]float32              // eigenvalues of the 25x25 neighbourhood covariance, unsorted as libvmaf leaves them
	Cov      [BlockElems * BlockElems]float32 // the covariance matrix K
	Singular bool                             // K had an eigenvalue below 1e-6 or a back-substitution pivot below 1e-6 (S is then 0)
}

// mean is compute_mean: a float sum over the submatrix, divided by its
// size as a float.
func (d *dims) mean(data []float32, stride, r0, c0 int) float32 {
	var s float32
	for i := 0; i < d.subH; i++ {
		row := data[(r0+i)*stride+c0:]
		for j := 0; j < d.subW; j++ {
			s += row[j]
		}
	}
	return s / float32(d.subW*d.subH)
}

// covSum is the three covariance kernels' sum of (x-mx)(y-my) over h rows
// of w samples, in the order of the chosen one.
func covSum(order CovOrder, x, y []float32, stride, w, h int, mx, my float64) float64 {
	switch order {
	case CovAVX2:
		return covSumAVX2(x, y, stride, w, h, mx, my)
	case CovAVX512:
		return covSumAVX512(x, y, stride, w, h, mx, my)
	}
	var r float64
	for i := 0; i < h; i++ {
		rx := x[i*stride : i*stride+w]
		ry := y[i*stride : i*stride+w]
		for j := range rx {
			r += float64((float64(rx[j]) - mx) * (float64(ry[j]) - my))
		}
	}
	return r
}

// covSumAVX2 is compute_cov_kernel_avx2: per row, 8 samples at a time into
// two 4-lane fused accumulators (lanes 0-3 into acc0, 4-7 into acc1), then
// 4 into acc0, the rest into one scalar sum across rows; the lanes are
// added pairwise, then left to right, then the scalar sum.
func covSumAVX2(x, y []float32, stride, w, h int, mx, my float64) float64 {
	var acc0, acc1 [4]float64
	var tail float64
	for i := 0; i < h; i++ {
		rx := x[i*stride:]
		ry := y[i*stride:]
		j := 0
		for ; j+7 < w; j += 8 {
			for l := 0; l < 4; l++ {
				acc0[l] = math.FMA(float64(rx[j+l])-mx, float64(ry[j+l])-my, acc0[l])
				acc1[l] = math.FMA(float64(rx[j+4+l])-mx, float64(ry[j+4+l])-my, acc1[l])
			}
		}
		for ; j+3 < w; j += 4 {
			for l := 0; l < 4; l++ {
				acc0[l] = math.FMA(float64(rx[j+l])-mx, float64(ry[j+l])-my, acc0[l])
			}
		}
		for ; j < w; j++ {
			tail += float64((float64(rx[j]) - mx) * (float64(ry[j]) - my))
		}
	}
	var t [4]float64
	for l := range t {
		t[l] = acc0[l] + acc1[l]
	}
	return t[0] + t[1] + t[2] + t[3] + tail
}

// covSumAVX512 is compute_cov_kernel_avx512: 16 samples at a time into two
// 8-lane fused accumulators, then 8 into the first, the rest into a scalar
// sum; the lanes are added pairwise and reduced as GCC's
// _mm512_reduce_add_pd does (upper half plus lower half, twice, then the
// last two), then the scalar sum.
func covSumAVX512(x, y []float32, stride, w, h int, mx, my float64) float64 {
	var acc0, acc1 [8]float64
	var tail float64
	for i := 0; i < h; i++ {
		rx := x[i*stride:]
		ry := y[i*stride:]
		j := 0
		for ; j+15 < w; j += 16 {
			for l := 0; l < 8; l++ {
				acc0[l] = math.FMA(float64(rx[j+l])-mx, float64(ry[j+l])-my, acc0[l])
				acc1[l] = math.FMA(float64(rx[j+8+l])-mx, float64(ry[j+8+l])-my, acc1[l])
			}
		}
		for ; j+7 < w; j += 8 {
			for l := 0; l < 8; l++ {
				acc0[l] = math.FMA(float64(rx[j+l])-mx, float64(ry[j+l])-my, acc0[l])
			}
		}
		for ; j < w; j++ {
			tail += float64((float64(rx[j]) - mx) * (float64(ry[j]) - my))
		}
	}
	var a [8]float64
	for l := range a {
		a[l] = acc0[l] + acc1[l]
	}
	var t3 [4]float64
	for l := range t3 {
		t3[l] = a[l+4] + a[l]
	}
	t6 := [2]float64{t3[2] + t3[0], t3[3] + t3[1]}
	return t6[0] + t6[1] + tail
}

// covariance is compute_covariance_matrix: the means of the 25 shifted
// submatrices (float), then the lower triangle of their covariances, each
// a double sum divided in double and stored to float, mirrored.
func (d *dims) covariance(order CovOrder, data []float32, stride int, k []float32) {
	var means [BlockElems]float32
	for r := 0; r < BlockSize; r++ {
		for c := 0; c < BlockSize; c++ {
			means[r*BlockSize+c] = d.mean(data, stride, r, c)
		}
	}
	n := float64(d.subW * d.subH)
	for xi := 0; xi < BlockElems; xi++ {
		for yi := 0; yi <= xi; yi++ {
			rx, cx := xi/BlockSize, xi%BlockSize
			ry, cy := yi/BlockSize, yi%BlockSize
			s := covSum(order, data[rx*stride+cx:], data[ry*stride+cy:], stride, d.subW, d.subH,
				float64(means[xi]), float64(means[yi]))
			v := float32(s / n)
			k[xi*BlockElems+yi] = v
			k[yi*BlockElems+xi] = v
		}
	}
}

// independent is compute_independent_term: row (si*5+sj) lists, block by
// block, the sample at offset (si, sj) of each 5x5 block.
func (d *dims) independent(data []float32, stride int, y []float32) {
	for si := 0; si < BlockSize; si++ {
		for sj := 0; sj < BlockSize; sj++ {
			row := y[(si*BlockSize+sj)*d.nb:]
			for bi := 0; bi < d.nbv; bi++ {
				for bj := 0; bj < d.nbh; bj++ {
					row[bi*d.nbh+bj] = data[(bi*BlockSize+si)*stride+bj*BlockSize+sj]
				}
			}
		}
	}
}

// estimator holds est_params' buffers for one plane size.
type estimator struct {
	la        linalg
	y, x, tmp []float32
	fast      bool                  // covarianceFast (C order only) and sparse products
	cen       [BlockElems][]float64 // covarianceFast's centred samples
	kern      *kernels              // the fast scorer's vector twins (nil: Go)
	cenVec    []float64             // covarianceVec's centred samples
}

// useKernels runs the fast estimator's products and covariance sums
// through k's twins.
func (e *estimator) useKernels(k *kernels) {
	e.kern, e.la.kern = k, k
}

func newEstimator(d *dims, fast bool) *estimator {
	e := &estimator{
		y:    make([]float32, BlockElems*d.nb),
		x:    make([]float32, BlockElems*d.nb),
		tmp:  make([]float32, BlockElems*d.nb),
		fast: fast,
	}
	e.la.sparse = fast
	return e
}

// est is est_params on the filtered, mean-subtracted operating-size plane
// data (stride), writing into st. It returns false when libvmaf's
// est_params returns EINVAL (singular covariance).
func (e *estimator) est(d *dims, order CovOrder, data []float32, stride int, sigmaNN float32, st *PlaneStats) bool {
	k := st.Cov[:]
	switch {
	case e.fast && order == CovC && e.kern != nil && e.kern.covSums != nil:
		d.covarianceVec(e.kern, data, stride, k, &e.cenVec)
	case e.fast && order == CovC:
		d.covarianceFast(data, stride, k, &e.cen)
	default:
		d.covariance(order, data, stride, k)
	}
	e.la.eigenvalues(k, st.Eigen[:])
	d.independent(data, stride, e.y)
	regular := true
	for _, l := range st.Eigen {
		if float64(l) < eigenEps {
			regular = false
			break
		}
	}
	ok := regular && e.la.solve(k, e.y, d.nb, e.x, e.tmp)
	if !ok {
		for i := range e.x {
			e.x[i] = 0
		}
	}
	// Z = X .* Y / 25, summed over the 25 rows into the first.
	for i := range e.x {
		e.x[i] = float32(e.x[i]*e.y[i]) / float32(BlockElems)
	}
	s := e.x[:d.nb]
	for i := 1; i < BlockElems; i++ {
		row := e.x[i*d.nb : (i+1)*d.nb]
		for j := range s {
			s[j] += row[j]
		}
	}
	st.Singular = !ok
	if len(st.Entropy) != d.nb {
		st.Entropy = make([]float32, d.nb)
		st.Variance = make([]float32, d.nb)
	}
	ent := st.Entropy
	for i := range ent {
		ent[i] = 0
	}
	for _, l := range st.Eigen {
		if l < 0 {
			l = 0
		}
		for i := range ent {
			ent[i] = float32(float64(ent[i]) + (log2(float64(float32(l*s[i])+sigmaNN)) + log2TwoPiE))
		}
	}
	copy(st.Variance, s)
	return ok
}

// score is get_speed_score: the mean over blocks of |E_ref*w_ref - E_dis*w_dis|,
// w = log2(1 + variance) in the weighting the mode selects; blocks where
// both entropies stay under the noise floor's entropy count 0.
func score(d *dims, ref, dis *PlaneStats, sigmaNN, nnFloor float32, mode int, contrib []float32) float32 {
	base := float32(float64(BlockElems) * (log2(float64((1+nnFloor)*sigmaNN)) + log2TwoPiE))
	var sum float32
	for i := 0; i < d.nb; i++ {
		re, de := ref.Entropy[i], dis.Entropy[i]
		rv, dv := ref.Variance[i], dis.Variance[i]
		if re < base && de < base {
			sum += 0
			if contrib != nil {
				contrib[i] = 0
			}
			continue
		}
		var wr, wd float64
		switch mode {
		case 0:
			wr, wd = log2(float64(1+rv)), log2(float64(1+dv))
		case 1:
			wr = log2(float64(1 + rv))
			wd = wr
		case 2:
			wr = log2(float64(1 + dv))
			wd = wr
		case 3:
			wr = log2(1 + float64(rv+dv)/2.0)
			wd = wr
		case 4:
			wr = log2(float64(1 + rv))
			wd = log2(1 + float64(rv+dv)/2.0)
		case 5:
			wr = log2(float64(1 + rv))
			wd = log2(1 + (float64(0.75*float64(rv)) + float64(0.25*float64(dv))))
		case 6:
			wr = log2(float64(1 + rv))
			wd = log2(1 + (float64(0.25*float64(rv)) + float64(0.75*float64(dv))))
		}
		sr := float32(float64(re) * wr)
		sd := float32(float64(de) * wd)
		c := abs32(sr - sd)
		sum += c
		if contrib != nil {
			contrib[i] = c
		}
	}
	return sum / float32(d.nb)
}

package speed

import "math"

// This file is speed.c's linear algebra, in float as libvmaf does it: the
// 25x25 covariance matrix of the 5x5 neighbourhoods, its eigenvalues
// (Householder tridiagonalisation and implicit QR, adapted from GSL), and
// the solution of K X = Y through a Householder QR decomposition. Every
// product is rounded on its own (float32(a*b)) because libvmaf's C is
// compiled without contraction.

const eigenEps = 1e-6 // EIGENVALUE_EPS
const eigenMaxIters = 500

func signOf(x float32) float32 {
	if x >= 0 {
		return 1
	}
	return -1
}

// hypot32 is pythagoras: sqrt in double of a float sum of squares, to float.
func hypot32(x, y float32) float32 {
	return float32(math.Sqrt(float64(float32(x*x) + float32(y*y))))
}

// householder is compute_householder_transform on column col of the n x n
// matrix a, rows start..n-1.
func householder(a []float32, col, start, n int) float32 {
	if n-start == 1 {
		return 0
	}
	var norm float32
	for i := start + 1; i < n; i++ {
		norm += float32(a[i*n+col] * a[i*n+col])
	}
	xnorm := float32(math.Sqrt(float64(norm)))
	if xnorm == 0 {
		return 0
	}
	alpha := a[start*n+col]
	beta := -signOf(alpha) * hypot32(alpha, xnorm)
	tau := (beta - alpha) / beta
	s := alpha - beta
	if s != 0 {
		for i := start; i < n; i++ {
			a[i*n+col] /= s
		}
		a[start*n+col] = beta
	}
	return tau
}

// tridiagonalize is convert_to_tridiagonal: a is destroyed, d and sd get
// the diagonal and subdiagonal.
func tridiagonalize(a []float32, n int, d, sd, v, x []float32) {
	for i := 0; i < n-2; i++ {
		tau := householder(a, i, i+1, n)
		for j := i + 1; j < n; j++ {
			v[j] = a[j*n+i]
		}
		if tau != 0 {
			a[(i+1)*n+i] = v[i+1]
			v[i+1] = 1
			s := i + 1
			for r := s; r < n; r++ {
				x[r] = 0
				for c := s; c < n; c++ {
					x[r] += float32(float32(tau*a[r*n+c]) * v[c])
				}
			}
			var xv float32
			for r := s; r < n; r++ {
				xv += float32(x[r] * v[r])
			}
			alpha := float32(float64(-0.5*float64(tau)) * float64(xv))
			for r := s; r < n; r++ {
				x[r] += float32(alpha * v[r])
			}
			for r := s; r < n; r++ {
				for c := s; c < n; c++ {
					a[r*n+c] -= float32(x[r]*v[c]) + float32(v[r]*x[c])
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		d[i] = a[i*n+i]
	}
	for i := 0; i < n-1; i++ {
		sd[i] = a[(i+1)*n+i]
	}
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// chopSmall is chop_small_elements; the threshold product is in double.
func chopSmall(d, sd []float32, n int) {
	for i := 0; i < n-1; i++ {
		if float64(abs32(sd[i])) < eigenEps*float64(abs32(d[i])+abs32(d[i+1])) {
			sd[i] = 0
		}
	}
}

func trailingEigenvalue(d, sd []float32, n int) float32 {
	ta, tb, tab := d[n-2], d[n-1], sd[n-2]
	dt := float32(float64(ta-tb) / 2.0)
	switch {
	case dt > 0:
		return tb - float32(tab*(tab/(dt+hypot32(dt, tab))))
	case dt == 0:
		return tb - abs32(tab)
	default:
		return tb + float32(tab*(tab/(-dt+hypot32(dt, tab))))
	}
}

// givens is create_givens: 1/sqrt(1+t^2) in double, stored to float.
func givens(a, b float32) (c, s float32) {
	switch {
	case b == 0:
		return 1, 0
	case abs32(b) > abs32(a):
		t := -a / b
		s1 := float32(1.0 / math.Sqrt(float64(1+float32(t*t))))
		return float32(s1 * t), s1
	default:
		t := -b / a
		c1 := float32(1.0 / math.Sqrt(float64(1+float32(t*t))))
		return c1, float32(c1 * t)
	}
}

// rot is the three float expressions of one Givens rotation of the 2x2
// block [ap bp; bp aq], in qr_step's order.
func rot(c, s, ap, bp, aq float32) (ap1, bp1, aq1 float32) {
	sApCBp := float32(s*ap) + float32(c*bp)
	sBpCAq := float32(s*bp) + float32(c*aq)
	ap1 = float32(c*(float32(c*ap)-float32(s*bp))) + float32(s*(float32(s*aq)-float32(c*bp)))
	bp1 = float32(c*sApCBp) - float32(s*sBpCAq)
	aq1 = float32(s*sApCBp) + float32(c*sBpCAq)
	return
}

// qrStep is qr_step on the unreduced block d[0:n], sd[0:n-1].
func qrStep(d, sd []float32, n int) {
	mu := trailingEigenvalue(d, sd, n)
	if eigenEps*float64(abs32(mu)) > float64(abs32(d[0])+abs32(sd[0])) {
		mu = 0
	}
	x := d[0] - mu
	z := sd[0]
	var ak, bk, zk float32
	ap, bp, aq := d[0], sd[0], d[1]
	if n == 2 {
		c, s := givens(x, z)
		ap1, bp1, aq1 := rot(c, s, ap, bp, aq)
		d[0], sd[0], d[1] = ap1, bp1, aq1
		return
	}
	bq := sd[1]
	for k := 0; k < n-1; k++ {
		c, s := givens(x, z)
		bk1 := float32(c*bk) - float32(s*zk)
		ap1, bp1, aq1 := rot(c, s, ap, bp, aq)
		zp1 := float32(-s * bq)
		bq1 := float32(c * bq)
		ak, bk, zk = ap1, bp1, zp1
		ap, bp = aq1, bq1
		if k < n-2 {
			aq = d[k+2]
		}
		if k < n-3 {
			bq = sd[k+2]
		}
		d[k] = ak
		if k > 0 {
			sd[k-1] = bk1
		}
		if k < n-2 {
			sd[k+1] = bp
		}
		x, z = bk, zk
	}
	d[n-1] = ap
	sd[n-2] = bk
}

// eigenTridiagonal is compute_eigenvalues_tridiagonal; it reports whether
// libvmaf would have logged "max iterations reached".
func eigenTridiagonal(d, sd []float32, n int) bool {
	chopSmall(d, sd, n)
	b := n - 1
	iter := 0
	for b > 0 && iter < eigenMaxIters {
		if sd[b-1] == 0 {
			b--
			continue
		}
		a := b - 1
		for a > 0 {
			if sd[a-1] == 0 {
				break
			}
			a--
		}
		nb := b - a + 1
		qrStep(d[a:], sd[a:], nb)
		chopSmall(d[a:], sd[a:], nb)
		iter++
	}
	return iter == eigenMaxIters
}

// linalg holds the scratch of one plane's solve, so frames allocate nothing.
type linalg struct {
	a, q, r, t1, t2 [BlockElems * BlockElems]float32
	d, sd, v, x     [BlockElems]float32
	sparse          bool     // the fast scorer: multiply with matMulSparse
	kern            *kernels // its vector twins (nil: Go)
}

func (la *linalg) mul(dst, x, y []float32, n, m int) {
	if la.sparse {
		mulSparse(la.kern, dst, x, y, n, m)
	} else {
		matMul(dst, x, y, n, m)
	}
}

// eigenvalues is compute_eigenvalues on a copy of the 25x25 matrix k.
func (la *linalg) eigenvalues(k []float32, eig []float32) {
	const n = BlockElems
	a := la.a[:]
	copy(a, k)
	tridiagonalize(a, n, la.d[:], la.sd[:], la.v[:], la.x[:])
	eigenTridiagonal(la.d[:], la.sd[:], n)
	copy(eig, la.d[:])
}

// matMul is matrix_mul for n x n times n x m: dst zeroed, then
// dst[i][j] += x[i][k]*y[k][j] with k outermost after i.
func matMul(dst, x, y []float32, n, m int) {
	for i := range dst[:n*m] {
		dst[i] = 0
	}
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			xik := x[i*n+k]
			drow := dst[i*m : i*m+m]
			yrow := y[k*m : k*m+m]
			for j := range drow {
				drow[j] += float32(xik * yrow[j])
			}
		}
	}
}

func transpose(m []float32, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			m[i*n+j], m[j*n+i] = m[j*n+i], m[i*n+j]
		}
	}
}

func norm32(v []float32) float32 {
	var s float32
	for _, x := range v {
		s += float32(x * x)
	}
	return float32(math.Sqrt(float64(s)))
}

// qr is matrix_qr_decomposition(A, Q, R) with its quirks: the Householder
// sign comes from the original matrix's diagonal, and on return Q holds the
// transposed product.
func (la *linalg) qr(a []float32) {
	const n = BlockElems
	q, r, tq, tz := la.q[:], la.r[:], la.t1[:], la.t2[:]
	copy(tz, a)
	for i := range q {
		q[i] = 0
	}
	for i := 0; i < n; i++ {
		q[i*n+i] = 1
	}
	vec := r[:n] // libvmaf borrows R's storage for the vector
	for k := 0; k < n-1; k++ {
		// matrix_minor(tmp_z, k)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i < k || j < k {
					if i == j {
						tz[i*n+j] = 1
					} else {
						tz[i*n+j] = 0
					}
				}
			}
		}
		for i := 0; i < n; i++ {
			vec[i] = tz[i*n+k]
		}
		nrm := norm32(vec)
		vec[k] += float32(signOf(a[k*n+k]) * nrm)
		dv := norm32(vec)
		for i := range vec {
			vec[i] /= dv
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				tq[i*n+j] = float32(float32(-2*vec[i]) * vec[j])
			}
		}
		for i := 0; i < n; i++ {
			tq[i*n+i] += 1
		}
		la.mul(r, tq, tz, n, n)
		copy(tz, r)
		la.mul(r, tq, q, n, n)
		copy(q, r)
	}
	la.mul(r, q, a, n, n)
	transpose(q, n)
}

// solve is solve_linear_system: K X = Y through K = Q R, X is 25 x m. It
// returns false where libvmaf's back substitution meets a pivot below
// 1e-6 (EINVAL).
func (la *linalg) solve(k, y []float32, m int, x, tmp []float32) bool {
	const n = BlockElems
	la.qr(k)
	transpose(la.q[:], n)
	la.mul(tmp, la.q[:], y, n, m)
	r := la.r[:]
	for i := n - 1; i >= 0; i-- {
		den := r[i*n+i]
		if float64(abs32(den)) < eigenEps {
			return false
		}
		for j := 0; j < m; j++ {
			it := tmp[i*m+j]
			for kk := i + 1; kk < n; kk++ {
				it -= float32(x[kk*m+j] * r[i*n+kk])
			}
			x[i*m+j] = it / den
		}
	}
	return true
}

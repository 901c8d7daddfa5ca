//go:build cgo && !js

package gpu

import (
	_ "embed"
)

var (
	//go:embed vif_exact.wgsl
	wgslVIFExact string
	//go:embed vif_common.wgsl
	wgslVIFCommon string
	//go:embed vif_pixel.wgsl
	wgslVIFPixel string
	//go:embed vif_statv.wgsl
	wgslVIFStatV string
	//go:embed vif_stath.wgsl
	wgslVIFStatH string
	//go:embed vif_subv.wgsl
	wgslVIFSubV string
	//go:embed vif_subh.wgsl
	wgslVIFSubH string
)

// vifKernels are integer VIF's compiled stages (and CAMBI's input check,
// which VIF shares with ADM).
type vifKernels struct {
	validate, statV, statH, subV, subH *kernel
}

func (d *Device) vifKernels() (*vifKernels, error) {
	k := new(vifKernels)
	for _, s := range []struct {
		dst       **kernel
		name, src string
	}{
		{&k.validate, "cambi_validate.wgsl", wgslValidate},
		{&k.statV, "vif_statv.wgsl", wgslADMInt64 + wgslVIFCommon + wgslVIFStatV},
		{&k.statH, "vif_stath.wgsl", wgslADMInt64 + wgslVIFExact + wgslVIFCommon + wgslVIFPixel + wgslVIFStatH},
		{&k.subV, "vif_subv.wgsl", wgslVIFCommon + wgslVIFSubV},
		{&k.subH, "vif_subh.wgsl", wgslVIFCommon + wgslVIFSubH},
	} {
		kk, err := d.newKernel(s.name, s.src, "main")
		if err != nil {
			k.release()
			return nil, err
		}
		*s.dst = kk
	}
	return k, nil
}

func (k *vifKernels) release() {
	for _, kk := range []*kernel{k.validate, k.statV, k.statH, k.subV, k.subH} {
		if kk != nil {
			kk.release()
		}
	}
}

//go:build cgo && !js

package gpu

import (
	_ "embed"
)

var (
	//go:embed adm_int64.wgsl
	wgslADMInt64 string
	//go:embed adm_dwt0.wgsl
	wgslADMDWT0 string
	//go:embed adm_dwt123.wgsl
	wgslADMDWT123 string
	//go:embed adm_dwtp.wgsl
	wgslADMDWTP string
	//go:embed adm_decouple.wgsl
	wgslADMDecouple string
	//go:embed adm_csf.wgsl
	wgslADMCSF string
	//go:embed adm_cm.wgsl
	wgslADMCM string
	//go:embed adm_den.wgsl
	wgslADMDen string
	//go:embed adm_rowsum.wgsl
	wgslADMRowSum string
)

// admKernels are integer ADM's compiled stages (and CAMBI's input check,
// which ADM shares).
type admKernels struct {
	validate, dwt0, dwt123, dwtp, decouple, csf, cm, den, rowSum *kernel
}

func (d *Device) admKernels() (*admKernels, error) {
	k := new(admKernels)
	for _, s := range []struct {
		dst       **kernel
		name, src string
	}{
		{&k.validate, "cambi_validate.wgsl", wgslValidate},
		{&k.dwt0, "adm_dwt0.wgsl", wgslADMInt64 + wgslADMDWT0},
		{&k.dwt123, "adm_dwt123.wgsl", wgslADMInt64 + wgslADMDWT123},
		{&k.dwtp, "adm_dwtp.wgsl", wgslADMInt64 + wgslADMDWTP},
		{&k.decouple, "adm_decouple.wgsl", wgslADMInt64 + wgslADMDecouple},
		{&k.csf, "adm_csf.wgsl", wgslADMInt64 + wgslADMCSF},
		{&k.cm, "adm_cm.wgsl", wgslADMInt64 + wgslADMCM},
		{&k.den, "adm_den.wgsl", wgslADMInt64 + wgslADMDen},
		{&k.rowSum, "adm_rowsum.wgsl", wgslADMInt64 + wgslADMRowSum},
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

func (k *admKernels) release() {
	for _, kk := range []*kernel{k.validate, k.dwt0, k.dwt123, k.dwtp, k.decouple, k.csf, k.cm, k.den, k.rowSum} {
		if kk != nil {
			kk.release()
		}
	}
}

// Package model is libvmaf's VMAF model machinery re-implemented in Go,
// bit-exact: it reads libvmaf's JSON models (single libsvm models and
// bootstrap collections), says which features a model needs and with which
// extractor options, and turns one frame's feature values into the scores
// libvmaf prints. It computes no feature itself.
//
// Loading (read_json_model.c, model.c, tools/cli_parse.c):
//
//	stage                          libvmaf                                          Go
//	--model string                 cli_parse.c parse_model_config                   ParseFlag
//	built-in models                model.c built_in_models, vmaf_model_load         Builtin, BuiltinVersions (assets.Models)
//	model file                     vmaf_read_json_model_from_path                   Load, Parse, Config
//	model_dict                     read_json_model.c parse_model_dict               Config.parseModel
//	feature_opts_dicts             parse_feature_opts_dicts, dict.c (strtof, %g)    parseOptsDicts, normalizeNumber
//	score_transform                parse_score_transform                            submodel.parseTransform
//	libsvm text model              svm.cpp SVMModelParser                           parseSVM
//	bootstrap collection           model_collection_parse (keys "0", "1", ...)      Config.parse
//	extractor.option=value         model.c vmaf_model_feature_overload (merge)      Model.applyOverrides
//	feature -> extractor, key      feature_extractor.c provided_features, alias.c   extractorFor, Alias, Model.Inputs
//
// Prediction, per frame (predict.c vmaf_predict_score_at_index):
//
//	stage                          libvmaf                                          Go
//	normalise                      normalize (linear_rescale: slope*x + intercept)  submodel.normalize
//	v1 chroma correction           post_process_feature_from_another                submodel.correctChroma
//	libsvm nu-SVR, RBF kernel      svm.cpp svm_predict_values, Kernel::k_function   svm.predict, svm.rbf (libm.Exp)
//	denormalise                    denormalize ((y - intercept) / slope)            submodel.predict
//	score transform                transform, piecewise_linear_mapping              submodel.transformScore, piecewiseLinear
//	clip                           clip                                             submodel.finish
//	bootstrap statistics           vmaf_bootstrap_predict_score_at_index            Model.Predict, percentile
//
// Every sum runs in libvmaf's order and every product is rounded on its own
// (libvmaf is built without FMA contraction); the RBF kernel's exp is glibc's
// (package libm: Go's math.Exp differs in the last bit often enough that
// only 45 of the 86 golden runs would match).
//
// Features. A model names its features ("VMAF_integer_feature_adm2_score");
// the extractor providing one is found in libvmaf's extractor list, and the
// key libvmaf prints is alias.c's short name ("integer_adm2") followed by
// the extractor's option suffixes (feature.Values.MetricName: the
// non-default feature-parameter options, alphabetically, e.g.
// "integer_adm2_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02"). Input gives the
// extractor, its options (the model's, then --model overrides, numbers
// normalised as libvmaf's dictionary stores them: strtof, then %g) and the
// base key; the caller runs the extractor with those options and passes the
// values in Inputs order.
//
// Chroma correction (the v1 models' chroma_correction_parameter c): when the
// speed_chroma feature is 0 after a round trip through its normalisation
// (flat chroma), it is replaced by c*(1 - adm3) before the SVM.
//
// Bootstrap models (vmaf_b_v0.6.3): model "0" gives the score under the
// model's name; models "1".."N" give NAME_0001..NAME_NNNN (each transformed
// and clipped). Their raw scores (neither) give NAME_bagging (the mean),
// NAME_stddev (the population standard deviation, pow(d, 2) summed, scaled
// by the transform's slope at the mean over ±0.01), NAME_ci_p95_lo and
// NAME_ci_p95_hi (the 2.5 and 97.5 percentiles, interpolated); the first
// bootstrap model's transform and clip finish the four.
//
// --model: version=NAME or path=FILE; name=KEY (default "vmaf"; the key of
// the score and the prefix of the bootstrap keys); disable_clip (the model's
// score_clip is ignored); enable_transform (a score_transform the model
// leaves disabled is applied; it changes nothing for a model without one);
// extractor.option=value, applied to every feature of that extractor in
// every model of a collection. Values other than "true" leave the two flags
// off, as in libvmaf. Several models in one run need distinct names
// (UniqueNames); libvmaf scores vmaf_v0.6.1 when no model is given.
//
// Deliberate differences from libvmaf, all refusals with a one-line error
// where libvmaf would misbehave or stay silent: slopes/intercepts whose
// length is not the feature count plus one, more feature_opts_dicts than
// features, a repeated JSON key, unsorted or out-of-range support vector
// indices, a chroma_correction_parameter of 0 (libvmaf then writes no score)
// or without exactly one "adm3" and one "speed_chroma" feature (libvmaf
// reads uninitialised memory), an override naming an extractor the model
// does not use (libvmaf ignores it), a value with a second '=' (libvmaf
// drops the rest), both or neither of version= and path=, model files
// that are not regular files, and a name= other than letters, digits, '_',
// '-' and '.' starting with a letter or '_' (libvmaf takes any name, then
// writes XML no parser reads for name=a<b and CSV rows with extra columns
// for name=a,b). Only the libsvm nu_svr/epsilon_svr regression
// with the RBF kernel is accepted: every VMAF model is one.
//
// Tests:
//
//   - TestGolden: every model run of the golden corpus (86 runs of 24 cases:
//     v0.6.1, v0.6.1neg, 4k v0.6.1, the bootstrap model, v1 3d0h, 5d0h and
//     hfr_3d0h, and v1 3d0h with CAMBI's encode size),
//     predicted from the feature values libvmaf printed: every frame's score
//     and bootstrap keys and their pooled means, float64 bits equal; the
//     option-suffixed input keys are rebuilt from Inputs through the
//     extractors' option tables and compared with libvmaf's.
//     testdata/golden.json is the compact copy (go test -run TestGolden
//     -update /work/shared/golden regenerates it).
//   - TestCrossCheck: the same for 17 runs of the libvmaf CLI on the
//     corpus's colour clip covering what the corpus leaves out (the six
//     other built-in models, disable_clip on scores past 100, enable_transform,
//     name=, several models in one run, a renamed unclipped bootstrap model,
//     overrides); -libvmaf PATH regenerates testdata/crosscheck.json.
//   - TestParseFlag, TestParseErrors, TestInputs, TestBuiltins,
//     TestPiecewiseLinear, TestPercentile, TestTransformFlags: the tables.
//   - FuzzParse and FuzzParseFlag, seeded from those tables (large seeds:
//     run with -fuzzminimizetime 0).
package model

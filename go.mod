module github.com/bandscope/bandscope

go 1.26.8

require github.com/oliverbestmann/webgpu v1.0.0

require (
	github.com/oliverbestmann/webgpu/libs-android v0.0.0-20251123130330-255708779f8b // indirect
	github.com/oliverbestmann/webgpu/libs-darwin v0.0.0-20251123130615-bce73357dc8d // indirect
	github.com/oliverbestmann/webgpu/libs-ios v0.0.0-20251123130710-78131685b429 // indirect
	github.com/oliverbestmann/webgpu/libs-linux v0.0.0-20251123130508-41a15cd9f5d4 // indirect
	github.com/oliverbestmann/webgpu/libs-windows v0.0.0-20251123134324-0b4e31ddbbf9 // indirect
)

module github.com/bandscope/bandscope

go 1.26.8

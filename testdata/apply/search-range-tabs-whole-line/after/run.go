func run() {
	for _, x := range xs {
		use(x)
	}
	done()
}

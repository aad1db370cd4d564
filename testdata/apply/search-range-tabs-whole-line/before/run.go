func run() {
	for _, x := range xs {
		if x {
			continue
		}
	}
	done()
}

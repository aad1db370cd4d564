run()

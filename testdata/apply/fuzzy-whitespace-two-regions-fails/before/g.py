if x:
	return 1
if y:
	return 2
if x:
	return 1

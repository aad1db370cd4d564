def g():
    total = foo(1) + 2
        if total:
            stop()
    return total

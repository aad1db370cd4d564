def g():
    total = foo(2) + 2
        if total:
            stop()
            log()
    return total

def f(x):
    if x:
        log(x)
        return 10
    return 2

def f(x):
    y = x * 2
    z = 3
    return x + 1

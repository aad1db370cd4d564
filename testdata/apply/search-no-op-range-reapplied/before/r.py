def f(x):
    y = x * 2
    return y

def g(x):
    return x

from toolz import curry

@curry
def add(x, y):
    return x + y

@curry
def mul(x, y):
    return x * y

import os


class Reader:
    def read(self): ...

    def close(self): ...


def load(path):
    # Loads the existing config...
    with open(path) as f:
        return f.read()

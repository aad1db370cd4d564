import json


def load(path):
    with open(path) as f:
        data = f.read()

    return json.loads(data)

"""Normalizes csl's JSON lines for bench/same-output.sh: sorts the detail keys of "error" objects
(after code, message, hint), because jars before c338fb7 printed a RUN failure's details in an
order that changed from one JVM to the next; every other key keeps its order."""
import json, sys
def canon(v, key=None):
    if isinstance(v, dict):
        items = [(k, canon(x, k)) for k, x in v.items()]
        if key == 'error' or (key is None and 'code' in v and 'message' in v):
            head = [kv for kv in items if kv[0] in ('code', 'message', 'hint')]
            rest = sorted([kv for kv in items if kv[0] not in ('code', 'message', 'hint')])
            items = head + rest
        return dict(items)
    if isinstance(v, list):
        return [canon(x, key) for x in v]
    return v
out = []
for line in sys.stdin:
    s = line.strip()
    if s.startswith('{'):
        try:
            out.append(json.dumps(canon(json.loads(s)), ensure_ascii=False))
            continue
        except Exception:
            pass
    out.append(line.rstrip('\n'))
print('\n'.join(out))

#!/usr/bin/env python3
"""Renders deploy/k8s/tune.yaml.in and merge.yaml.in into OUT/tune.yaml and OUT/merge.yaml.

    scripts/render-k8s.py --shards N --image IMAGE --spec PATH [--out .build/k8s]

`make k8s` runs it with SHARDS, IMAGE_NAME and K8S_SPEC. Every value is checked before
anything is written (a message naming what is wrong, exit 2): the shard count is a whole
number from 1 to 1000, the image an OCI reference (name[:tag][@digest]), the spec an
absolute path in the image without control characters. The spec and the shard files go
into the manifests as quoted strings (JSON strings, which are YAML's double-quoted
scalars), so no value can add an argument, a key or a document.
"""
import argparse
import json
import os
import re
import sys
import tempfile
import unicodedata

MAX_SHARDS = 1000

# The OCI / distribution reference grammar (github.com/distribution/reference).
_ALNUM = r"[a-z0-9]+"
_SEPARATOR = r"(?:[._]|__|[-]+)"
_PATH_COMPONENT = _ALNUM + r"(?:" + _SEPARATOR + _ALNUM + r")*"
_DOMAIN_COMPONENT = r"(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])"
_DOMAIN = _DOMAIN_COMPONENT + r"(?:\." + _DOMAIN_COMPONENT + r")*(?::[0-9]+)?"
_NAME = r"(?:" + _DOMAIN + r"/)?" + _PATH_COMPONENT + r"(?:/" + _PATH_COMPONENT + r")*"
_TAG = r"[\w][\w.-]{0,127}"
_DIGEST = r"[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}"
REFERENCE = re.compile(r"(" + _NAME + r")(?::" + _TAG + r")?(?:@" + _DIGEST + r")?", re.ASCII)


def problems(shards, image, spec):
    out = []
    if not re.fullmatch(r"[1-9][0-9]*", shards, re.ASCII) or int(shards) > MAX_SHARDS:
        out.append(f"SHARDS must be a whole number from 1 to {MAX_SHARDS}, not {shards!r}")
    m = REFERENCE.fullmatch(image)
    if not m or len(m.group(1)) > 255:
        out.append(f"IMAGE_NAME {image!r} is not an image reference (name[:tag][@digest], "
                   "e.g. ocean-rescue-headless:abc1234 or registry.example:5000/ocean:1)")
    bad = [c for c in spec if unicodedata.category(c) in ("Cc", "Cs")]
    if not spec.startswith("/"):
        out.append(f"K8S_SPEC must be an absolute path inside the image, not {spec!r}")
    elif bad:
        out.append(f"K8S_SPEC {spec!r} holds a control character or bytes that are not UTF-8")
    return out


def quoted(s):
    """A YAML double-quoted scalar: a JSON string (control characters escaped)."""
    return json.dumps(s, ensure_ascii=False)


def render(template, values):
    def one(m):
        return values[m.group(1)]
    return re.sub(r"@(SHARDS|IMAGE|SPEC|SHARD_FILES)@", one, template)


def write(path, text):
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=".render-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def fail(message):
    print(f"render-k8s: {message}", file=sys.stderr)
    sys.exit(2)


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--shards", required=True)
    p.add_argument("--image", required=True)
    p.add_argument("--spec", required=True)
    p.add_argument("--out", default=".build/k8s", help="the folder the manifests go in (default .build/k8s)")
    p.add_argument("--templates", default=os.path.join(here, "deploy", "k8s"),
                   help="the folder of tune.yaml.in and merge.yaml.in (default: the repository's deploy/k8s)")
    a = p.parse_args()
    found = problems(a.shards, a.image, a.spec)
    if found:
        for message in found:
            print(f"render-k8s: {message}", file=sys.stderr)
        print("render-k8s: nothing was written", file=sys.stderr)
        sys.exit(2)
    shards = int(a.shards)
    templates = {}
    for name in ("tune.yaml.in", "merge.yaml.in"):
        try:
            with open(os.path.join(a.templates, name), encoding="utf-8") as f:
                templates[name] = f.read()
        except (OSError, UnicodeDecodeError) as e:
            fail(f"cannot read the template {name}: {e}; nothing was written")
    values = {
        "SHARDS": str(shards),
        "IMAGE": a.image,  # matches the reference grammar: a plain YAML scalar as it is
        "SPEC": quoted(a.spec),
        "SHARD_FILES": ", ".join(quoted(f"/results/shard-{i}.jsonl") for i in range(shards)),
    }
    try:
        os.makedirs(a.out, exist_ok=True)
        write(os.path.join(a.out, "tune.yaml"), render(templates["tune.yaml.in"], values))
        write(os.path.join(a.out, "merge.yaml"), render(templates["merge.yaml.in"], values))
    except OSError as e:
        fail(f"cannot write the manifests in {a.out}: {e}")
    print(f"rendered {a.out}/tune.yaml and merge.yaml ({shards} shards, image {a.image}); run: deploy/k8s/run.sh")


if __name__ == "__main__":
    main()

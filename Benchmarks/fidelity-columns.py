"""Each of N models standing in a row, scored alone: ../shared/fidelity's metric over the vertical
strip of the picture each stands in (the strips split evenly the span the models cover in the
picture's upper half, where no floor is; the floor below a model counts in its strip).

    SHARED=../shared PYTHON Benchmarks/fidelity-columns.py FOLDER SCENARIO N NAME...

FOLDER as run_fidelity_in's (Benchmarks/lib.sh); PYTHON one with numpy and Pillow (run-all's).
"""
import json
import math
import os
import sys

folder, scenario, count, names = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
shared = os.environ["SHARED"]
import numpy as np
from PIL import Image

sys.dont_write_bytecode = True   # nothing written into ../shared
sys.path.insert(0, os.path.join(shared, "fidelity"))
import compare  # noqa: E402

doc = json.load(open(os.path.join(folder, "scenarios.json")))
sprout = np.asarray(Image.open(os.path.join(folder, "out", "sprout", scenario + ".png")).convert("RGBA"), float)[..., :3]
reference = np.asarray(Image.open(os.path.join(folder, "references", scenario + ".png")).convert("RGBA"), float)
_, composited, in_sprout, in_reference = compare.score(doc, sprout, reference)
mask = in_sprout | in_reference
delta = compare.yiq_delta(sprout, composited)
upper = np.nonzero(mask[: mask.shape[0] * 45 // 100].any(axis=0))[0]
left, right = upper.min(), upper.max() + 1
for k, name in enumerate(names[:count]):
    a, b = left + (right - left) * k // count, left + (right - left) * (k + 1) // count
    d = delta[:, a:b][mask[:, a:b]]
    rms = math.sqrt(float(np.mean(d ** 2))) if d.size else 0.0
    print(f"{name:14s} {10 * math.log10(max(rms / compare.MAX_DELTA, 1e-12)):7.2f} dB")

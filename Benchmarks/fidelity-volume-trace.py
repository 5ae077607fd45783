#!/usr/bin/env python3
"""The clear sphere of `Benchmarks/fidelity-volume.sh` traced exactly, against Sprout's picture and
Cycles'. Each pixel of the sphere's disc is followed through a true sphere (radius 0.3 in the
file, index 1.5, refracted entering and leaving) to the checker behind it; the checker's square
there (blue or light) is compared with the square each picture shows (blue where blue exceeds
red by more than 60 levels). Prints the share of the disc's pixels on which each picture agrees
with the trace. Needs numpy and Pillow (the fidelity harness's venv has both).

With --entry-only the ray is refracted entering and not leaving: what the harness's Cycles scene
draws, whose `cull_back_faces` makes the back faces of a one-sided material transparent, a
volume's too (KHR_materials_volume: doubleSided has no effect on a volume boundary).

    Benchmarks/fidelity-volume-trace.py [--entry-only] DIR     DIR: the sphere run's folder (FIDELITY_VOLUME_DIR/sphere)
"""
import math
import re
import sys

import numpy as np
from PIL import Image

entry_only = "--entry-only" in sys.argv[1:]
folder = [a for a in sys.argv[1:] if a != "--entry-only"][0]
scene = open(f"{folder}/out/sprout/scenes/volume-sphere.yaml").read()
numbers = lambda key: [float(x) for x in re.search(key + r": \[([^\]]*)\]", scene).group(1).split(",")]
eye, target = np.array(numbers("position")), np.array(numbers("lookAt"))
width, height = (int(v) for v in numbers("size"))
fov = math.radians(float(re.search(r"fov: ([0-9.]+)", scene).group(1)))

# The file (fidelity-volume.sh): the checker wall at z -0.8 (x -1.5..1.5, y 0..2, its texture
# repeated 3 x 2, 8 squares a repeat), the floor to z 1, the clear ball at (-0.42, 0.3, 0) of
# radius 0.3. Placed as the harness places it: fit 1 m tall (scale 0.5), the footprint's centre
# (z 0.1) moved to the origin.
scale, shift = 0.5, -0.1
centre, radius, index = np.array([-0.42, 0.3, 0.0 + shift]) * scale, 0.3 * scale, 1.5
wall_z = (-0.8 + shift) * scale

forward = (target - eye) / np.linalg.norm(target - eye)
right = np.cross(forward, [0, 1, 0])
right /= np.linalg.norm(right)
up = np.cross(right, forward)
t = math.tan(fov / 2)
ys, xs = np.mgrid[0:height, 0:width]
d = (forward[None, None, :] + ((2 * (xs + 0.5) / width - 1) * t * width / height)[..., None] * right
     + ((1 - 2 * (ys + 0.5) / height) * t)[..., None] * up)
d /= np.linalg.norm(d, axis=-1, keepdims=True)


def refract(incident, normal, eta):
    c = -np.sum(normal * incident, axis=-1, keepdims=True)
    k = 1 - eta * eta * (1 - c * c)
    out = eta * incident + (eta * c - np.sqrt(np.maximum(k, 0))) * normal
    return out, k[..., 0] >= 0


oc = eye - centre
b = np.sum(d * oc, axis=-1)
h = b * b - (np.dot(oc, oc) - radius * radius)
disc = h > 0
entry = eye + (-b - np.sqrt(np.maximum(h, 0)))[..., None] * d
inside, _ = refract(d, (entry - centre) / radius, 1 / index)
chord = -2 * np.sum((entry - centre) * inside, axis=-1)
exit_point = entry + chord[..., None] * inside
leaving, passes = refract(inside, -(exit_point - centre) / radius, index)
if entry_only:
    leaving, passes = inside, np.ones(passes.shape, bool)
# Where the ray leaving meets the wall (or, going down first, the floor).
to_wall = (wall_z - exit_point[..., 2]) / np.minimum(leaving[..., 2], -1e-9)
on_wall = exit_point + to_wall[..., None] * leaving
to_floor = -exit_point[..., 1] / np.minimum(leaving[..., 1], -1e-9)
on_floor = exit_point + to_floor[..., None] * leaving
use_wall = (leaving[..., 2] < 0) & (on_wall[..., 1] >= 0)
u = np.where(use_wall, on_wall[..., 0], on_floor[..., 0]) / scale + 1.5
v = np.where(use_wall, on_wall[..., 1] / scale, (1 + shift) - on_floor[..., 2] / scale)
light = (np.floor(u * 8) + np.floor(v * 8)).astype(int) % 2 == 1
# Inside the disc, away from its rim (where reflections dominate) and total internal reflection.
rim = np.sqrt(np.maximum(h, 0)) < 0.2 * radius
counted = disc & passes & ~rim


def blue(path):
    pixels = np.asarray(Image.open(path).convert("RGB")).astype(int)
    return pixels[..., 2] - pixels[..., 0] > 60


for name, path in [("Sprout", f"{folder}/out/sprout/volume-sphere.png"), ("Cycles", f"{folder}/references/volume-sphere.png")]:
    agree = (blue(path) == ~light) & counted
    what = "the trace refracting entering only" if entry_only else "the exact trace"
    print(f"{name}: agrees with {what} on {100 * agree.sum() / counted.sum():.1f} % of {counted.sum()} pixels of the clear ball")

#!/usr/bin/env python3
"""The white sheen's directional albedo E(n.v, roughness) that lit.frag tabulates (SHEEN_ALBEDO).

E is the integral over the hemisphere of KHR_materials_sheen's "Charlie" BRDF (Conty Estevez
and Kulla 2017: distribution (2 + 1/a) sin(h)^(1/a) / 2pi, their visibility with the extension's
lambda fit, a = roughness^2) times n.l: what a white sheen reflects of a uniform environment,
and the share the extension's albedo scaling takes from the layer below. Rows: roughness 0, 1/8
... 1 (0 taken as 0.07, the shader's floor); columns: n.v 0, 1/16 ... 1 (0 taken as 0.005);
values capped at 1. Needs numpy; about 20 s. Run: python3 Scripts/tables/sheen-albedo.py
"""
import numpy as np


def l(x, alpha):
    t = (1 - alpha) ** 2
    a = 21.5473 + (25.3245 - 21.5473) * t
    b = 3.82987 + (3.32435 - 3.82987) * t
    c = 0.19823 + (0.16801 - 0.19823) * t
    d = -1.97760 + (-1.27393 + 1.97760) * t
    e = -4.32054 + (-4.85967 + 4.32054) * t
    return a / (1 + b * x ** c) + d * x + e


def lam(cos_theta, alpha):
    return np.where(cos_theta < 0.5, np.exp(l(cos_theta, alpha)), np.exp(2 * l(0.5, alpha) - l(1 - cos_theta, alpha)))


def albedo(ndv, roughness, n=700):
    alpha = roughness * roughness
    v = np.array([np.sqrt(1 - ndv * ndv), 0, ndv])
    theta = (np.arange(n) + 0.5) / n * (np.pi / 2)
    phi = (np.arange(2 * n) + 0.5) / (2 * n) * 2 * np.pi
    t, p = np.meshgrid(theta, phi, indexing="ij")
    light = np.stack([np.sin(t) * np.cos(p), np.sin(t) * np.sin(p), np.cos(t)], -1)
    h = light + v
    h /= np.linalg.norm(h, axis=-1, keepdims=True)
    sin2 = np.clip(1 - np.clip(h[..., 2], 0, 1) ** 2, 1e-12, 1)
    distribution = (2 + 1 / alpha) * sin2 ** (0.5 / alpha) / (2 * np.pi)
    ndl = light[..., 2]
    visibility = 1 / ((1 + lam(ndv, alpha) + lam(ndl, alpha)) * 4 * ndv * ndl)
    solid_angle = np.sin(t) * (np.pi / 2 / n) * (2 * np.pi / (2 * n))
    return float((distribution * visibility * ndl * solid_angle).sum())


if __name__ == "__main__":
    cosines = np.linspace(0, 1, 17)
    cosines[0] = 0.005
    for roughness in np.linspace(0, 1, 9):
        row = [min(albedo(c, max(roughness, 0.07)), 1.0) for c in cosines]
        print("    " + ", ".join("%.4f" % x for x in row) + ",")

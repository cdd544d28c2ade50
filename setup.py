"""Packaging glue that pyproject.toml cannot express: the checkout's top-level ``assets/`` folder
(it stays where it is) is installed as the package data ``gui/assets`` -- each of its folders
becomes a data-only package so setuptools copies every file in it."""

from pathlib import Path

from setuptools import find_namespace_packages, setup

ASSETS = Path(__file__).resolve().parent / "assets"
asset_packages = ["gui.assets"] + [
    "gui.assets." + ".".join(d.relative_to(ASSETS).parts) for d in sorted(ASSETS.rglob("*")) if d.is_dir()
]

setup(
    packages=[
        *find_namespace_packages(include=["game", "game.*", "gui", "gui.*"], exclude=["*.__pycache__"]),
        *asset_packages,
    ],
    package_dir={"gui.assets": "assets"},
    package_data={name: ["*"] for name in asset_packages},
)

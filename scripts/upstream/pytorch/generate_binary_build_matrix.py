#!/usr/bin/env python3

"""Generates a matrix to be utilized through github actions

Important. After making changes to this file please run following command:
python -m tools.tests.test_generate_binary_build_matrix --update-reference-files

Will output a condensed version of the matrix if on a pull request that only
includes the oldest version of python we support built on four different
architectures:
    * CPU
    * Latest CUDA
    * Latest ROCM
    * Latest XPU
"""

import argparse
import json
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple


# 3.15 / 3.15t are enabled by default on the nightly and test channels for every
# operating system. They are deliberately absent from "release": 3.15 is still a
# CPython pre-release, so it must not appear in the release matrix or on the
# getting-started page until it ships final.
PYTHON_ARCHES_DICT = {
    "nightly": ["3.10", "3.11", "3.12", "3.13", "3.14", "3.14t", "3.15", "3.15t"],
    "test": ["3.10", "3.11", "3.12", "3.13", "3.14", "3.14t", "3.15", "3.15t"],
    "release": ["3.10", "3.11", "3.12", "3.13", "3.14", "3.14t"],
}

# Python versions for which only torch is validated (no torchvision). torchvision
# wheels are not published for these versions yet, so the install command must
# request torch alone.
TORCH_ONLY_PYTHON_ARCHES = ["3.15", "3.15t"]

MACOS_PYTHON_POINT_VERSIONS = {
    "3.10": "3.10.19",
    "3.11": "3.11.14",
    "3.12": "3.12.12",
    "3.13": "3.13",
    "3.14": "3.14.3",
}
CUDA_ARCHES_DICT = {
    "nightly": ["12.6", "13.0", "13.2", "13.4"],
    "test": ["12.6", "13.0", "13.2", "13.4"],
    "release": ["12.6", "13.0", "13.2"],
}

ROCM_ARCHES_DICT = {
    "nightly": ["7.2", "7.14"],
    "test": ["7.2", "7.14"],
    "release": ["7.1", "7.2"],
}

GETTING_STARTED_ROCM_ARCH = "7.2"

CUDA_CUDNN_VERSIONS = {
    "12.6": {"cuda": "12.6.3", "cudnn": "9"},
    "12.8": {"cuda": "12.8.0", "cudnn": "9"},
    "13.0": {"cuda": "13.0.0", "cudnn": "9"},
    "13.2": {"cuda": "13.2.0", "cudnn": "9"},
    "13.4": {"cuda": "13.4.0", "cudnn": "9"},
}

STABLE_CUDA_VERSIONS = {
    "nightly": "13.0",
    "test": "13.0",
    "release": "13.0",
}

CUDA_AARCH64_ARCHES = ["12.6-aarch64", "13.0-aarch64", "13.2-aarch64", "13.4-aarch64"]

# CUDA versions with no Windows torch build to depend on; see
# CUDA_ARCHES_NO_WINDOWS in pytorch/pytorch.
CUDA_ARCHES_NO_WINDOWS = ["13.4"]

# CUDA versions that are built and validated, but must not be advertised on the
# pytorch.org getting-started page yet. Without this, update-quick-start-module
# in pytorch/pytorch.github.io publishes an install selector for a CUDA version
# users cannot rely on. Only affects the getting-started matrix; nightly, test
# and release builds and their validation are unchanged.
CUDA_ARCHES_NO_GETTING_STARTED = ["13.4"]

PACKAGE_TYPES = ["wheel", "libtorch"]
CXX11_ABI = "cxx11-abi"
RELEASE = "release"
DEBUG = "debug"
NIGHTLY = "nightly"
TEST = "test"

# OS constants
LINUX = "linux"
LINUX_AARCH64 = "linux-aarch64"
MACOS_ARM64 = "macos-arm64"
WINDOWS = "windows"
WINDOWS_ARM64 = "windows-arm64"

# Accelerator architectures
CPU = "cpu"
CPU_AARCH64 = "cpu-aarch64"
CUDA_AARCH64 = "cuda-aarch64"
CUDA = "cuda"
ROCM = "rocm"
XPU = "xpu"


CURRENT_NIGHTLY_VERSION = "2.15.0"
CURRENT_CANDIDATE_VERSION = "2.14.0"
CURRENT_STABLE_VERSION = "2.13.0"
CURRENT_VERSION = CURRENT_STABLE_VERSION


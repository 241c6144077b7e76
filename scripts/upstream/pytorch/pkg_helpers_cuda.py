import sys
from typing import List

from .utils import transform_cuversion


WINDOWS_PATH_PREFIX = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v"


def get_cuda_arch_list(
    sanitized_version: str, package_type: str = "", platform: str = ""
) -> str:
    # Fallback for other versions - maintain backward compatibility
    base_arch_list = "5.0;6.0;7.0;7.5;8.0;8.6;9.0"
    # removing sm_50-sm_60 as these architectures are deprecated in CUDA 12.8/9 and will be removed in future releases
    # however we would like to keep sm_70 architecture see: https://github.com/pytorch/pytorch/issues/157517
    if sanitized_version == "12.8":
        return "7.0;7.5;8.0;8.6;9.0;10.0;12.0"
    elif sanitized_version.startswith("13."):
        # CUDA 13 removed sm_50/sm_60 outright, so the fallback list above makes
        # nvcc fail with "Unsupported gpu architecture 'compute_50'". Match the
        # whole 13.x series so a new minor does not silently fall through.
        arch_list = "7.5;8.0;8.6;9.0;10.0;12.0+PTX"
        # Add sm_110 for aarch64
        if "aarch64" in platform:
            arch_list = "8.0;9.0;10.0;11.0;12.0+PTX"
        return arch_list
    return base_arch_list

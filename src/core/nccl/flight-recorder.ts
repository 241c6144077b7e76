// How to confirm an NCCL hang with PyTorch's Flight Recorder: the settings that make
// every rank dump its recent collectives on a watchdog timeout, and the analyzer that
// lines the dumps up and names the ranks that did not join.

export const FLIGHT_RECORDER_SOURCE =
  'PyTorch Flight Recorder tutorial (pytorch/tutorials unstable_source/flight_recorder_tutorial.rst @29bf2b80: TORCH_NCCL_TRACE_BUFFER_SIZE, TORCH_NCCL_DUMP_ON_TIMEOUT, the dump prefix, torchfrtrace); docs.pytorch.org torch_nccl_environment_variables (DUMP_ON_TIMEOUT needs TRACE_BUFFER_SIZE > 0); PyTorch setup.py (torchfrtrace = torch.distributed.flight_recorder.fr_trace:main); pytorch/torchtitan#1748 (TORCH_FR_DUMP_TEMP_FILE replaces the deprecated TORCH_NCCL_DEBUG_INFO_TEMP_FILE). Read 2026-11-25.';

/** Shell lines for every rank's environment, then the analyzer run on the collected dumps. */
export const FLIGHT_RECORDER_SNIPPET = `# every rank, before the job starts (PyTorch 2.5 or newer)
export TORCH_NCCL_TRACE_BUFFER_SIZE=2000        # keep the last 2000 collectives per rank
export TORCH_NCCL_DUMP_ON_TIMEOUT=1             # dump them when the watchdog times out
export TORCH_FR_DUMP_TEMP_FILE=/shared/fr/trace_rank_          # one file per rank
export TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr/trace_rank_  # the same, for older releases
# after the next timeout, with every rank's file in /shared/fr:
torchfrtrace /shared/fr -p trace_rank_
# or: python -m torch.distributed.flight_recorder.fr_trace /shared/fr -p trace_rank_`;

export const FLIGHT_RECORDER_NOTE =
  'The analyzer lines the dumps up by collective and prints "Not all ranks joining collective N" with the missing ranks and the Python stack where the others called it.';

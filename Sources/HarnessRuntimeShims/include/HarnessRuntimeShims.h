#ifndef HARNESS_RUNTIME_SHIMS_H
#define HARNESS_RUNTIME_SHIMS_H

#include <stdint.h>

/// Installs Harness's observer of task ends in `slot` (libswiftCore's `_swift_tsan_release`, a
/// function pointer the Swift runtime calls at every synchronisation point, null unless
/// ThreadSanitizer runs). The observer calls what the slot held first, then `on_end` with the
/// address of each task that has completed: an object whose first word is `task_metadata` and
/// whose status word, `status_offset` bytes in, has `complete_flag` set.
///
/// Written in C because the runtime calls the slot from inside its one-time initialisations: the
/// observer must touch nothing that is itself initialised once (as every Swift global is).
void harness_task_ends_install(void *slot, uintptr_t task_metadata, uintptr_t status_offset,
                               uint32_t complete_flag, void (*on_end)(const void *task));

#endif

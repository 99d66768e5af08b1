#include "HarnessRuntimeShims.h"

#include <stdatomic.h>
#include <stddef.h>

typedef void (*release_function)(const void *address);

// Zero-initialised, set once by the install: read with no initialisation of their own.
static _Atomic(release_function) previous_release;
static _Atomic(uintptr_t) task_metadata;
static _Atomic(uintptr_t) task_status_offset;
static _Atomic(uint32_t) task_complete_flag;
static _Atomic(release_function) report_end;

// Not instrumented under ThreadSanitizer: the runtime calls it at every synchronisation point
// (inside its one-time initialisations too), and what it reads is written once, at install.
__attribute__((no_sanitize("thread")))
static void observe_release(const void *address) {
  release_function previous = atomic_load_explicit(&previous_release, memory_order_acquire);
  if (previous != NULL) previous(address);
  if (address == NULL) return;
  // A task is a heap object, aligned on 16 bytes: anything else (a once token, a flag) is not.
  if (((uintptr_t)address & 15) != 0) return;
  uintptr_t metadata = atomic_load_explicit(&task_metadata, memory_order_relaxed);
  if (metadata == 0 || *(const uintptr_t *)address != metadata) return;
  uintptr_t offset = atomic_load_explicit(&task_status_offset, memory_order_relaxed);
  uint32_t flag = atomic_load_explicit(&task_complete_flag, memory_order_relaxed);
  uint32_t status = __atomic_load_n((const uint32_t *)((const char *)address + offset), __ATOMIC_RELAXED);
  if ((status & flag) == 0) return;
  release_function report = atomic_load_explicit(&report_end, memory_order_acquire);
  if (report != NULL) report(address);
}

void harness_task_ends_install(void *slot, uintptr_t metadata, uintptr_t status_offset,
                               uint32_t complete_flag, void (*on_end)(const void *task)) {
  _Atomic(release_function) *release_slot = (_Atomic(release_function) *)slot;
  atomic_store_explicit(&task_metadata, metadata, memory_order_relaxed);
  atomic_store_explicit(&task_status_offset, status_offset, memory_order_relaxed);
  atomic_store_explicit(&task_complete_flag, complete_flag, memory_order_relaxed);
  atomic_store_explicit(&report_end, on_end, memory_order_release);
  release_function current = atomic_load_explicit(release_slot, memory_order_acquire);
  atomic_store_explicit(&previous_release, current, memory_order_release);
  atomic_store_explicit(release_slot, observe_release, memory_order_release);
}

// Happens-before edges that ThreadSanitizer cannot see by itself. oneTBB
// hands work from thread to thread inside libtbb.so, which Debian ships
// uninstrumented, so TSan takes the hand-offs of the batch pipeline for data
// races (the parallel astar's workers run on std::threads under TSan,
// exact/tbb_executor.hpp).
// release(p) on one thread and a later acquire(p) on another tell it that
// everything before the first happens before everything after the second,
// as oneTBB guarantees. Outside TSan builds they compile to nothing.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define COLORWALK_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define COLORWALK_THREAD_SANITIZER 1
#endif
#endif

#ifdef COLORWALK_THREAD_SANITIZER
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace colorwalk::happens_before {

#ifdef COLORWALK_THREAD_SANITIZER
inline void release(const void* p) noexcept {
  __tsan_release(const_cast<void*>(p));
}
inline void acquire(const void* p) noexcept {
  __tsan_acquire(const_cast<void*>(p));
}
#else
inline void release(const void*) noexcept {}
inline void acquire(const void*) noexcept {}
#endif

}  // namespace colorwalk::happens_before

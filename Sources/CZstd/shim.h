// libzstd (Debian's libzstd1, which apt itself depends on; its few functions are declared here,
// so no header is needed), opened with dlopen when the first Zstandard-supercompressed KTX 2.0
// texture is read instead of linked: every shared library linked is loaded into every start
// (BENCHMARKS.md, issue 32).
#include <dlfcn.h>
#include <stddef.h>

/// The libzstd entry points Sprout uses, resolved from libzstd.so.1: one-shot decompression into
/// a buffer of known size, and its error checks.
typedef struct sprout_zstd {
    void *library;
    size_t (*decompress)(void *destination, size_t capacity, const void *source, size_t sourceSize);
    unsigned (*isError)(size_t code);
    const char *(*errorName)(size_t code);
} sprout_zstd;

/// Opens libzstd and resolves its functions into `api`: 0, or -1 (the reason in dlerror(), or a
/// function missing).
static inline int sprout_zstd_open(sprout_zstd *api) {
    void *l = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!l) return -1;
    api->library = l;
#define SPROUT_ZSTD(field, name) if (!(*(void **)&api->field = dlsym(l, name))) return -1;
    SPROUT_ZSTD(decompress, "ZSTD_decompress")
    SPROUT_ZSTD(isError, "ZSTD_isError")
    SPROUT_ZSTD(errorName, "ZSTD_getErrorName")
#undef SPROUT_ZSTD
    return 0;
}

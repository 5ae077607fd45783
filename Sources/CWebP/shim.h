// libwebp (Debian's libwebp7; its few functions are declared here, so no header is needed),
// opened with dlopen when the first WebP image is decoded instead of linked: every shared library
// linked is loaded into every start and widens every later symbol lookup (BENCHMARKS.md, issue 32).
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

/// The libwebp entry points Sprout uses, resolved from libwebp.so.7: the header's size, RGBA
/// decoding, freeing what it returns, and lossless encoding (Sprout's tests write WebP with it).
typedef struct sprout_webp {
    void *library;
    int (*getInfo)(const uint8_t *data, size_t data_size, int *width, int *height);
    uint8_t *(*decodeRGBA)(const uint8_t *data, size_t data_size, int *width, int *height);
    void (*free)(void *pointer);
    size_t (*encodeLosslessRGBA)(const uint8_t *rgba, int width, int height, int stride, uint8_t **output);
} sprout_webp;

/// Opens libwebp and resolves its functions into `api`: 0, or -1 (the reason in dlerror(), or a
/// function missing).
static inline int sprout_webp_open(sprout_webp *api) {
    void *l = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!l) return -1;
    api->library = l;
#define SPROUT_WEBP(field, name) if (!(*(void **)&api->field = dlsym(l, name))) return -1;
    SPROUT_WEBP(getInfo, "WebPGetInfo")
    SPROUT_WEBP(decodeRGBA, "WebPDecodeRGBA")
    SPROUT_WEBP(free, "WebPFree")
    SPROUT_WEBP(encodeLosslessRGBA, "WebPEncodeLosslessRGBA")
#undef SPROUT_WEBP
    return 0;
}

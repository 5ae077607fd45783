// libavif (Debian's libavif15, its types from libavif-dev's header), opened with dlopen when the
// first AVIF image is decoded instead of linked: every shared library linked is loaded into every
// start and widens every later symbol lookup (BENCHMARKS.md, issue 32), and AVIF textures are rare.
#include <avif/avif.h>
#include <dlfcn.h>

/// The libavif entry points Sprout uses, resolved from libavif.so.15: a decoder over memory,
/// its parse and first frame, and the frame's conversion to 8-bit RGBA.
typedef struct sprout_avif {
    void *library;
    __typeof__(&avifDecoderCreate) decoderCreate;
    __typeof__(&avifDecoderDestroy) decoderDestroy;
    __typeof__(&avifDecoderSetIOMemory) decoderSetIOMemory;
    __typeof__(&avifDecoderParse) decoderParse;
    __typeof__(&avifDecoderNextImage) decoderNextImage;
    __typeof__(&avifRGBImageSetDefaults) rgbImageSetDefaults;
    __typeof__(&avifImageYUVToRGB) imageYUVToRGB;
    __typeof__(&avifResultToString) resultToString;
} sprout_avif;

/// Opens libavif and resolves its functions into `api`: 0, or -1 (the reason in dlerror(), or a
/// function missing).
static inline int sprout_avif_open(sprout_avif *api) {
    void *l = dlopen("libavif.so.15", RTLD_NOW | RTLD_LOCAL);
    if (!l) return -1;
    api->library = l;
#define SPROUT_AVIF(field, name) if (!(*(void **)&api->field = dlsym(l, name))) return -1;
    SPROUT_AVIF(decoderCreate, "avifDecoderCreate")
    SPROUT_AVIF(decoderDestroy, "avifDecoderDestroy")
    SPROUT_AVIF(decoderSetIOMemory, "avifDecoderSetIOMemory")
    SPROUT_AVIF(decoderParse, "avifDecoderParse")
    SPROUT_AVIF(decoderNextImage, "avifDecoderNextImage")
    SPROUT_AVIF(rgbImageSetDefaults, "avifRGBImageSetDefaults")
    SPROUT_AVIF(imageYUVToRGB, "avifImageYUVToRGB")
    SPROUT_AVIF(resultToString, "avifResultToString")
#undef SPROUT_AVIF
    return 0;
}

// meshoptimizer (Debian's libmeshoptimizer-dev for the header), opened with dlopen when the first
// file compressed with EXT_meshopt_compression is read instead of linked: every shared library
// linked is loaded into every start and widens every later symbol lookup (BENCHMARKS.md, issue 32).
#include <dlfcn.h>
#include <meshoptimizer.h>
#include <stddef.h>

/// The meshoptimizer entry points Sprout uses, resolved from libmeshoptimizer.so.2d: the codecs
/// of EXT_meshopt_compression (glTF's vertex, index and index-sequence streams and the three
/// filters) both ways (Sprout's tests write compressed files with the encoders), and the
/// vertex-cache and overdraw orders of a mesh's triangles (`TriangleOrder`).
typedef struct sprout_meshopt {
    void *library;
    int (*decodeVertexBuffer)(void *destination, size_t vertex_count, size_t vertex_size, const unsigned char *buffer, size_t buffer_size);
    int (*decodeIndexBuffer)(void *destination, size_t index_count, size_t index_size, const unsigned char *buffer, size_t buffer_size);
    int (*decodeIndexSequence)(void *destination, size_t index_count, size_t index_size, const unsigned char *buffer, size_t buffer_size);
    void (*decodeFilterOct)(void *buffer, size_t count, size_t stride);
    void (*decodeFilterQuat)(void *buffer, size_t count, size_t stride);
    void (*decodeFilterExp)(void *buffer, size_t count, size_t stride);
    size_t (*encodeVertexBuffer)(unsigned char *buffer, size_t buffer_size, const void *vertices, size_t vertex_count, size_t vertex_size);
    size_t (*encodeVertexBufferBound)(size_t vertex_count, size_t vertex_size);
    size_t (*encodeIndexBuffer)(unsigned char *buffer, size_t buffer_size, const unsigned int *indices, size_t index_count);
    size_t (*encodeIndexBufferBound)(size_t index_count, size_t vertex_count);
    void (*encodeFilterOct)(void *destination, size_t count, size_t stride, int bits, const float *data);
    void (*optimizeVertexCacheFifo)(unsigned int *destination, const unsigned int *indices, size_t index_count, size_t vertex_count, unsigned int cache_size);
    void (*optimizeOverdraw)(
        unsigned int *destination, const unsigned int *indices, size_t index_count, const float *vertex_positions, size_t vertex_count,
        size_t vertex_positions_stride, float threshold);
} sprout_meshopt;

/// Opens meshoptimizer and resolves its functions into `api`: 0, or -1 (the reason in dlerror(),
/// or a function missing).
static inline int sprout_meshopt_open(sprout_meshopt *api) {
    void *l = dlopen("libmeshoptimizer.so.2d", RTLD_NOW | RTLD_LOCAL);
    if (!l) return -1;
    api->library = l;
#define SPROUT_MESHOPT(field, name) if (!(*(void **)&api->field = dlsym(l, name))) return -1;
    SPROUT_MESHOPT(decodeVertexBuffer, "meshopt_decodeVertexBuffer")
    SPROUT_MESHOPT(decodeIndexBuffer, "meshopt_decodeIndexBuffer")
    SPROUT_MESHOPT(decodeIndexSequence, "meshopt_decodeIndexSequence")
    SPROUT_MESHOPT(decodeFilterOct, "meshopt_decodeFilterOct")
    SPROUT_MESHOPT(decodeFilterQuat, "meshopt_decodeFilterQuat")
    SPROUT_MESHOPT(decodeFilterExp, "meshopt_decodeFilterExp")
    SPROUT_MESHOPT(encodeVertexBuffer, "meshopt_encodeVertexBuffer")
    SPROUT_MESHOPT(encodeVertexBufferBound, "meshopt_encodeVertexBufferBound")
    SPROUT_MESHOPT(encodeIndexBuffer, "meshopt_encodeIndexBuffer")
    SPROUT_MESHOPT(encodeIndexBufferBound, "meshopt_encodeIndexBufferBound")
    SPROUT_MESHOPT(encodeFilterOct, "meshopt_encodeFilterOct")
    SPROUT_MESHOPT(optimizeVertexCacheFifo, "meshopt_optimizeVertexCacheFifo")
    SPROUT_MESHOPT(optimizeOverdraw, "meshopt_optimizeOverdraw")
#undef SPROUT_MESHOPT
    return 0;
}

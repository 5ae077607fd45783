// libjpeg reports errors through error_exit, which must not return: it longjmps back here, as
// Swift cannot catch it. The library (libjpeg-turbo's libjpeg.so.62) is opened with dlopen on
// the first JPEG, not linked: every shared library linked is loaded into every start
// (BENCHMARKS.md, issue 32); jpeglib.h gives the types and constants.
#include "JPEGDecode.h"

#include "LibraryLoader.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

/// The libjpeg functions used here, resolved from libjpeg.so.62.
static struct {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *CreateDecompress;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
} api;
static struct sprout_library library = SPROUT_LIBRARY_INIT;

static void open_api(void) {
#define SPROUT_SYMBOL(field) {#field, (void **)&api.field}
    const struct sprout_symbol symbols[] = {
        SPROUT_SYMBOL(std_error),
        SPROUT_SYMBOL(CreateDecompress),
        SPROUT_SYMBOL(destroy_decompress),
        SPROUT_SYMBOL(mem_src),
        SPROUT_SYMBOL(read_header),
        SPROUT_SYMBOL(start_decompress),
        SPROUT_SYMBOL(read_scanlines)
    };
#undef SPROUT_SYMBOL
    sprout_library_open(&library, "libjpeg.so.62", "libjpeg", "jpeg_", symbols, sizeof symbols / sizeof symbols[0]);
}

/// 1, with the reason in `message`, when libjpeg cannot be opened.
static int unavailable(char *message, size_t message_size) { return sprout_library_unavailable(&library, open_api, message, message_size); }

/// libjpeg's error manager with the jump back and where its message goes.
struct errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    /// What the call returns after the jump: 1, or 2 for a file no reader should try (too many scans).
    int status;
    char *message;
    size_t message_size;
};

static void on_error(j_common_ptr info) {
    struct errors *e = (struct errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    e->manager.format_message(info, text);
    if (e->message_size > 0) snprintf(e->message, e->message_size, "%s", text);
    longjmp(e->jump, 1);
}

// Warnings (corrupt data libjpeg reads past) are not printed: a library writes nothing on its
// user's terminal, and the texels are what is read.
static void on_message(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

/// The most scans a progressive file may have: each is a pass over the whole image, so a small
/// file of thousands of scans takes minutes (libjpeg-turbo's own djpeg offers `-maxscans` for it);
/// encoders write about ten.
enum { most_scans = 1000 };

static void on_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number <= most_scans) return;
    struct errors *e = (struct errors *)info->err;
    snprintf(e->message, e->message_size, "more than %d progressive scans", most_scans);
    e->status = 2;
    longjmp(e->jump, 1);
}

/// Starts `info` on `data` with `e` as its error manager (the caller has set `e->jump`) and
/// `progress` counting its scans.
static void begin(struct jpeg_decompress_struct *info, struct errors *e, struct jpeg_progress_mgr *progress, const uint8_t *data, size_t size) {
    info->err = api.std_error(&e->manager);
    e->manager.error_exit = on_error;
    e->manager.emit_message = on_message;
    api.CreateDecompress(info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    progress->progress_monitor = on_progress;
    info->progress = progress;
    api.mem_src(info, (unsigned char *)data, (unsigned long)size);
    api.read_header(info, TRUE);
    if (info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK) {
        snprintf(e->message, e->message_size, "CMYK, which libjpeg does not turn into RGB");
        longjmp(e->jump, 1);
    }
}

/// Reads the header of the JPEG in `data`, and with `rgba` its texels too (`width` and
/// `height` then the header's, as the caller found them); the two calls below.
static int read_jpeg(
    const uint8_t *data, size_t size, uint8_t *rgba, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    if (unavailable(message, message_size)) return 1;
    struct jpeg_decompress_struct info;
    memset(&info, 0, sizeof info);
    struct errors e = {.message = message, .message_size = message_size, .status = 1};
    struct jpeg_progress_mgr progress = {0};
    if (setjmp(e.jump)) {
        api.destroy_decompress(&info);
        return e.status;
    }
    begin(&info, &e, &progress, data, size);
    if (!rgba) {
        *width = info.image_width;
        *height = info.image_height;
        api.destroy_decompress(&info);
        return 0;
    }
    if (info.image_width != *width || info.image_height != *height) {
        snprintf(message, message_size, "the size changed between reads");
        longjmp(e.jump, 1);
    }
    info.out_color_space = JCS_EXT_RGBA;
    api.start_decompress(&info);
    if (info.output_width != *width || info.output_height != *height || info.output_components != 4) {
        snprintf(message, message_size, "the image does not decode to 8-bit RGBA");
        longjmp(e.jump, 1);
    }
    while (info.output_scanline < *height) {
        JSAMPROW row = rgba + (size_t)info.output_scanline * *width * 4;
        if (api.read_scanlines(&info, &row, 1) != 1) {
            snprintf(message, message_size, "the image's rows stop at %u of %u", info.output_scanline, *height);
            longjmp(e.jump, 1);
        }
    }
    // The rest of the file (markers after the image) is not read: the texels are all there is to take.
    api.destroy_decompress(&info);
    return 0;
}

int sprout_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    return read_jpeg(data, size, NULL, width, height, message, message_size);
}

int sprout_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, uint32_t width, uint32_t height, char *message, size_t message_size) {
    return rgba ? read_jpeg(data, size, rgba, &width, &height, message, message_size) : 1;
}

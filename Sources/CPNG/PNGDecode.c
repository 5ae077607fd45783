// libpng reports errors by longjmp, which Swift cannot catch: each call sets its jump here.
// The library is opened with dlopen on the first PNG, not linked: every shared library linked
// is loaded into every start (BENCHMARKS.md, issue 32); png.h gives the types and constants.
#include "PNGDecode.h"

#include "LibraryLoader.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The libpng functions used here, resolved from libpng16.so.16.
static struct {
    __typeof__(png_create_read_struct) *create_read_struct;
    __typeof__(png_create_info_struct) *create_info_struct;
    __typeof__(png_destroy_read_struct) *destroy_read_struct;
    __typeof__(png_get_error_ptr) *get_error_ptr;
    __typeof__(png_get_io_ptr) *get_io_ptr;
    __typeof__(png_error) *error;
    __typeof__(png_set_read_fn) *set_read_fn;
    __typeof__(png_read_info) *read_info;
    __typeof__(png_get_image_width) *get_image_width;
    __typeof__(png_get_image_height) *get_image_height;
    __typeof__(png_get_color_type) *get_color_type;
    __typeof__(png_get_valid) *get_valid;
    __typeof__(png_set_palette_to_rgb) *set_palette_to_rgb;
    __typeof__(png_set_expand_gray_1_2_4_to_8) *set_expand_gray_1_2_4_to_8;
    __typeof__(png_set_gray_to_rgb) *set_gray_to_rgb;
    __typeof__(png_set_tRNS_to_alpha) *set_tRNS_to_alpha;
    __typeof__(png_set_strip_16) *set_strip_16;
    __typeof__(png_set_filler) *set_filler;
    __typeof__(png_set_interlace_handling) *set_interlace_handling;
    __typeof__(png_read_update_info) *read_update_info;
    __typeof__(png_get_rowbytes) *get_rowbytes;
    __typeof__(png_read_image) *read_image;
    __typeof__(png_set_option) *set_option;
} api;
static struct sprout_library library = SPROUT_LIBRARY_INIT;

static void open_api(void) {
#define SPROUT_SYMBOL(field) {#field, (void **)&api.field}
    const struct sprout_symbol symbols[] = {
        SPROUT_SYMBOL(create_read_struct),
        SPROUT_SYMBOL(create_info_struct),
        SPROUT_SYMBOL(destroy_read_struct),
        SPROUT_SYMBOL(get_error_ptr),
        SPROUT_SYMBOL(get_io_ptr),
        SPROUT_SYMBOL(error),
        SPROUT_SYMBOL(set_read_fn),
        SPROUT_SYMBOL(read_info),
        SPROUT_SYMBOL(get_image_width),
        SPROUT_SYMBOL(get_image_height),
        SPROUT_SYMBOL(get_color_type),
        SPROUT_SYMBOL(get_valid),
        SPROUT_SYMBOL(set_palette_to_rgb),
        SPROUT_SYMBOL(set_expand_gray_1_2_4_to_8),
        SPROUT_SYMBOL(set_gray_to_rgb),
        SPROUT_SYMBOL(set_tRNS_to_alpha),
        SPROUT_SYMBOL(set_strip_16),
        SPROUT_SYMBOL(set_filler),
        SPROUT_SYMBOL(set_interlace_handling),
        SPROUT_SYMBOL(read_update_info),
        SPROUT_SYMBOL(get_rowbytes),
        SPROUT_SYMBOL(read_image),
        SPROUT_SYMBOL(set_option)
    };
#undef SPROUT_SYMBOL
    sprout_library_open(&library, "libpng16.so.16", "libpng", "png_", symbols, sizeof symbols / sizeof symbols[0]);
}

/// 1, with the reason in `message`, when libpng cannot be opened.
static int unavailable(char *message, size_t message_size) { return sprout_library_unavailable(&library, open_api, message, message_size); }

struct reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char *message;
    size_t message_size;
    jmp_buf jump;
};

static void on_error(png_structp png, png_const_charp text) {
    struct reader *r = api.get_error_ptr(png);
    if (r->message_size > 0) snprintf(r->message, r->message_size, "%s", text ? text : "libpng error");
    longjmp(r->jump, 1);
}

// Warnings (a bad CRC in an ancillary chunk, extra data) are not printed: a library writes
// nothing on its user's terminal, and the texels are what is read.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    struct reader *r = api.get_io_ptr(png);
    if (count > r->size - r->offset) api.error(png, "the file ends inside the image");
    memcpy(out, r->data + r->offset, count);
    r->offset += count;
}

/// The read and info structs of `r`'s PNG, reading from its bytes; 0 when libpng cannot make them.
static int begin(struct reader *r, png_structp *png, png_infop *info) {
    *png = api.create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    if (!*png) return 0;
    *info = api.create_info_struct(*png);
    if (!*info) {
        api.destroy_read_struct(png, NULL, NULL);
        return 0;
    }
    api.set_read_fn(*png, r, on_read);
    // The zlib stream's Adler-32 is not checked (a tenth of a texture's decoding; each chunk's
    // CRC still is, and stb, before, checked neither).
    api.set_option(*png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    return 1;
}

/// Reads the header of the PNG in `data`, and with `rgba` its texels too (`width` and `height`
/// then the header's, as the caller found them); the two calls below.
static int read_png(
    const uint8_t *data, size_t size, uint8_t *rgba, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    if (unavailable(message, message_size)) return 1;
    struct reader r = {data, size, 0, message, message_size};
    png_structp png;
    png_infop info;
    // volatile: read after a longjmp.
    png_bytep *volatile rows = NULL;
    if (!begin(&r, &png, &info)) {
        snprintf(message, message_size, "out of memory");
        return 1;
    }
    if (setjmp(r.jump)) {
        free(rows);
        api.destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    api.read_info(png, info);
    if (!rgba) {
        *width = api.get_image_width(png, info);
        *height = api.get_image_height(png, info);
        api.destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (api.get_image_width(png, info) != *width || api.get_image_height(png, info) != *height) api.error(png, "the size changed between reads");
    int type = api.get_color_type(png, info);
    if (type == PNG_COLOR_TYPE_PALETTE) api.set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        api.set_expand_gray_1_2_4_to_8(png);
        api.set_gray_to_rgb(png);
    }
    if (api.get_valid(png, info, PNG_INFO_tRNS)) api.set_tRNS_to_alpha(png);
    api.set_strip_16(png);
    api.set_filler(png, 0xff, PNG_FILLER_AFTER);
    api.set_interlace_handling(png);
    api.read_update_info(png, info);
    if (api.get_rowbytes(png, info) != (size_t)*width * 4) api.error(png, "the image does not expand to 8-bit RGBA");
    rows = malloc(sizeof(png_bytep) * (*height ? *height : 1));
    if (!rows) api.error(png, "out of memory");
    for (uint32_t y = 0; y < *height; y++) rows[y] = rgba + (size_t)y * *width * 4;
    api.read_image(png, rows);
    // The chunks after the image (text, a CRC) are not read: the texels are all there is to take.
    free(rows);
    api.destroy_read_struct(&png, &info, NULL);
    return 0;
}

int sprout_png_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size) {
    return read_png(data, size, NULL, width, height, message, message_size);
}

int sprout_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, uint32_t width, uint32_t height, char *message, size_t message_size) {
    return rgba ? read_png(data, size, rgba, &width, &height, message, message_size) : 1;
}

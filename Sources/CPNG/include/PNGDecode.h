#ifndef SPROUT_PNG_DECODE_H
#define SPROUT_PNG_DECODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads the header of the PNG in `data` (`size` bytes): its width and height. 0 on success;
/// otherwise libpng's error, at most `message_size` bytes with its terminating zero, in `message`.
int sprout_png_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Decodes the PNG in `data` into `rgba`, `width` x `height` texels of 8-bit RGBA, top row
/// first, the values as stored: no gamma, colour profile or significant-bits transform; 16-bit
/// samples keep their high byte; palettes, grey and transparency (`tRNS`) made RGBA. `width`
/// and `height` must be the header's (`sprout_png_size`). 0 on success; otherwise libpng's
/// error in `message`, as above (the texels are then undefined).
int sprout_png_decode(const uint8_t *data, size_t size, uint8_t *rgba, uint32_t width, uint32_t height, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif

#ifndef SPROUT_JPEG_DECODE_H
#define SPROUT_JPEG_DECODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Reads the header of the JPEG in `data` (`size` bytes): its width and height. 0 on success;
/// otherwise libjpeg's error, at most `message_size` bytes with its terminating zero, in
/// `message`. A CMYK or YCCK file is refused here (libjpeg makes no RGBA of it).
int sprout_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, char *message, size_t message_size);

/// Decodes the JPEG in `data` into `rgba`, `width` x `height` texels of 8-bit RGBA (alpha 255),
/// top row first; grey is replicated. `width` and `height` must be the header's
/// (`sprout_jpeg_size`). 0 on success; otherwise libjpeg's error in `message`, as above, and 1,
/// or 2 for a file no other reader should be given either (more progressive scans than a
/// picture needs: each is a pass over the whole image).
int sprout_jpeg_decode(const uint8_t *data, size_t size, uint8_t *rgba, uint32_t width, uint32_t height, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif

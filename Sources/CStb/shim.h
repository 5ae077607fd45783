// Debian's libstb compiles the implementations into libstb.so; these are declarations only.
#include <stb_image.h>
#include <stb_image_write.h>
#include <stb_truetype.h>

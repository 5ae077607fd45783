// zlib (Debian's zlib1g-dev): deflate and crc32 for Sprout's PNG writer.
#include <zlib.h>

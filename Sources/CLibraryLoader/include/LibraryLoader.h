#ifndef SPROUT_LIBRARY_LOADER_H
#define SPROUT_LIBRARY_LOADER_H

#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One function of a library opened at run time: its name after the library's prefix
/// ("read_header" of libjpeg's "jpeg_"), and where its address goes.
struct sprout_symbol {
    const char *name;
    void **address;
};

/// A library opened once, on first use, by `open` (which calls `sprout_library_open`):
/// `SPROUT_LIBRARY_INIT` before that.
struct sprout_library {
    pthread_once_t once;
    /// 0 once every function is resolved; else 1, the reason in `problem`.
    int status;
    char problem[200];
};
#define SPROUT_LIBRARY_INIT {PTHREAD_ONCE_INIT, 1, "not opened"}

/// Opens `file` (dlopen, local symbols, all bound now) and resolves each of `symbols`, `prefix`
/// before its name, into `library`: its status 0 when every one is found, else 1 with "`label`
/// cannot be opened: " and dlerror's reason or the missing function in its problem.
void sprout_library_open(
    struct sprout_library *library, const char *file, const char *label, const char *prefix, const struct sprout_symbol *symbols,
    size_t count);

/// Opens the library on the first call (`open`, once, whichever thread asks); 0 when it is
/// open, else 1 with its problem in `message` (at most `message_size` bytes with its zero).
int sprout_library_unavailable(struct sprout_library *library, void (*open)(void), char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif

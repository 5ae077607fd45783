// The C libraries Sprout opens on first use rather than links (libpng, libjpeg-turbo): every
// shared library linked is loaded into every start (BENCHMARKS.md, issue 32). Their callers
// (CPNG, CJPEG) keep a table of the functions they call; this fills it.
#include "LibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

void sprout_library_open(
    struct sprout_library *library, const char *file, const char *label, const char *prefix, const struct sprout_symbol *symbols,
    size_t count) {
    library->status = 1;
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(library->problem, sizeof library->problem, "%s cannot be opened: %s", label, why ? why : "not found");
        return;
    }
    char name[128];
    for (size_t i = 0; i < count; i++) {
        snprintf(name, sizeof name, "%s%s", prefix, symbols[i].name);
        if (!(*symbols[i].address = dlsym(handle, name))) {
            snprintf(library->problem, sizeof library->problem, "%s cannot be opened: no %s", label, name);
            return;
        }
    }
    library->status = 0;
}

int sprout_library_unavailable(struct sprout_library *library, void (*open)(void), char *message, size_t message_size) {
    pthread_once(&library->once, open);
    if (library->status == 0) return 0;
    if (message_size > 0) snprintf(message, message_size, "%s", library->problem);
    return 1;
}

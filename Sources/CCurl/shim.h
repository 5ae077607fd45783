// libcurl (Debian's libcurl4-openssl-dev for the header), opened with dlopen on the first download
// instead of linked: linked, libcurl brings 27 libraries (TLS, Kerberos, LDAP, SSH...) into every
// start of every program, and each one widens every later symbol lookup (Mesa's drivers have
// tens of thousands): 7 % of a cold start and 5.5 MiB measured (BENCHMARKS.md, issue 32).
// RTLD_LOCAL keeps them out of the global scope even once loaded. curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: the typed wrappers below call them.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

typedef size_t (*sprout_curl_write_function)(char *data, size_t size, size_t count, void *context);

/// The libcurl entry points Sprout uses, resolved from libcurl.so.4.
typedef struct sprout_curl {
    void *library;
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
} sprout_curl;

/// Opens libcurl and resolves its functions into `api`: 0, or -1 with the reason in dlerror().
/// Not thread-safe: call once (curl_global_init is not either).
static inline int sprout_curl_open(sprout_curl *api) {
    api->library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!api->library) return -1;
    api->global_init = (CURLcode (*)(long))dlsym(api->library, "curl_global_init");
    api->easy_init = (CURL * (*)(void)) dlsym(api->library, "curl_easy_init");
    api->easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(api->library, "curl_easy_setopt");
    api->easy_perform = (CURLcode (*)(CURL *))dlsym(api->library, "curl_easy_perform");
    api->easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(api->library, "curl_easy_getinfo");
    api->easy_cleanup = (void (*)(CURL *))dlsym(api->library, "curl_easy_cleanup");
    api->easy_strerror = (const char *(*)(CURLcode))dlsym(api->library, "curl_easy_strerror");
    if (!api->global_init || !api->easy_init || !api->easy_setopt || !api->easy_perform || !api->easy_getinfo ||
        !api->easy_cleanup || !api->easy_strerror)
        return -1;
    return api->global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

static inline CURLcode sprout_curl_set_long(const sprout_curl *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode sprout_curl_set_offset(const sprout_curl *api, CURL *handle, CURLoption option, curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode sprout_curl_set_string(const sprout_curl *api, CURL *handle, CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode sprout_curl_set_pointer(const sprout_curl *api, CURL *handle, CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode sprout_curl_set_write_function(const sprout_curl *api, CURL *handle, sprout_curl_write_function function) {
    return api->easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

/// The last response's HTTP status (0 before one).
static inline long sprout_curl_status(const sprout_curl *api, CURL *handle) {
    long status = 0;
    api->easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    return status;
}

/// The Content-Length the server announced, or -1.
static inline curl_off_t sprout_curl_content_length(const sprout_curl *api, CURL *handle) {
    curl_off_t length = -1;
    api->easy_getinfo(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
    return length;
}

// The one header Swift sees for libcurl. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, so each kind of argument the Daily Ocean's client
// passes has a typed function here.
#ifndef OCEAN_CCURL_SHIM_H
#define OCEAN_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*ocean_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode ocean_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode ocean_curl_set_size(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode ocean_curl_set_pointer(CURL *curl, CURLoption option, const void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode ocean_curl_set_write(CURL *curl, CURLoption option, ocean_curl_write_callback callback) {
    return curl_easy_setopt(curl, option, callback);
}
static inline CURLcode ocean_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode ocean_curl_get_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}
/// Only http and https, for the request and anything curl might follow. The bit-flag
/// option works on every libcurl of the distributions we build on (its string form
/// is from 7.85), so its deprecation is silenced here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline CURLcode ocean_curl_http_only(CURL *curl) {
    return curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
}
#pragma GCC diagnostic pop

#endif

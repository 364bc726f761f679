// The part of libavif that ReaderExport's AVIF decoding calls, loaded on first use.
//
// Linking libavif would load it and its codecs (dav1d, libgav1, rav1e, SVT-AV1, aom, libyuv and
// a dozen abseil libraries: some twenty shared objects) in every run of every command, though only
// `reader export` of a document with an AVIF picture needs them. So the executable does not link
// libavif: ravif_load() opens it with dlopen on the first AVIF picture, and the functions below call
// through the pointers it resolved. The types are libavif's own, from the header of the version
// whose shared library is opened.
#ifndef C_AVIF_ON_DEMAND_H
#define C_AVIF_ON_DEMAND_H

#include <avif/avif.h>

// Each function as avif.h declares it: X(return type, name, parameters, arguments).
#define RAVIF_FUNCTIONS(X) \
    X(avifDecoder *, avifDecoderCreate, (void), ()) \
    X(void, avifDecoderDestroy, (avifDecoder *decoder), (decoder)) \
    X(avifResult, avifDecoderSetIOMemory, (avifDecoder *decoder, const uint8_t *data, size_t size), (decoder, data, size)) \
    X(avifResult, avifDecoderParse, (avifDecoder *decoder), (decoder)) \
    X(avifResult, avifDecoderNextImage, (avifDecoder *decoder), (decoder)) \
    X(void, avifRGBImageSetDefaults, (avifRGBImage *rgb, const avifImage *image), (rgb, image)) \
    X(void, avifRGBImageAllocatePixels, (avifRGBImage *rgb), (rgb)) \
    X(void, avifRGBImageFreePixels, (avifRGBImage *rgb), (rgb)) \
    X(avifResult, avifImageYUVToRGB, (const avifImage *image, avifRGBImage *rgb), (image, rgb))

/// The resolved functions, one pointer per function above; set by ravif_load().
struct ravif_functions {
#define RAVIF_POINTER(type, name, parameters, arguments) type(*name) parameters;
    RAVIF_FUNCTIONS(RAVIF_POINTER)
#undef RAVIF_POINTER
};

/// The table ravif_load() fills; read only after it returned 0.
extern struct ravif_functions ravif_resolved;

/// Opens libavif and resolves every function above, once per process (later calls return the
/// first call's result). Returns 0 on success; otherwise -1, and ravif_load_error() says why.
int ravif_load(void);

/// What made ravif_load() fail (dlerror's message), or NULL after a success or before a call.
const char *ravif_load_error(void);

// The functions, named `ravif_` and libavif's name; call them only after ravif_load() returned 0.
#define RAVIF_WRAPPER(type, name, parameters, arguments) \
    static inline type ravif_##name parameters { return ravif_resolved.name arguments; }
RAVIF_FUNCTIONS(RAVIF_WRAPPER)
#undef RAVIF_WRAPPER

#endif

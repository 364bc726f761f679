#ifndef C_IMAGE_CODECS_H
#define C_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

// libjpeg and libpng report errors by longjmp, which Swift cannot survive. Every call that can fail
// runs here, in C, behind a setjmp (libjpeg) or libpng's simplified API (which catches its own
// errors), and comes back as a status code and a message.

/// What a codec call ended with.
typedef enum {
    READER_IMAGE_OK = 0,
    /// The library refused the data; `message` says why.
    READER_IMAGE_MALFORMED = 1,
    /// The picture is larger than the limits given; nothing was allocated for its pixels.
    READER_IMAGE_TOO_LARGE = 2,
    /// An allocation failed.
    READER_IMAGE_NO_MEMORY = 3,
} reader_image_status;

/// Room for a library's message, terminated by a NUL.
#define READER_IMAGE_MESSAGE_SIZE 200

/// The limits checked on a picture's header before any pixel buffer is allocated.
typedef struct {
    uint32_t max_dimension;
    uint64_t max_pixels;
} reader_image_limits;

/// Pixels allocated by a decode call: `width` × `height` × `channels` bytes, rows top to bottom
/// without padding. Free `pixels` with `reader_image_free`.
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    uint32_t channels;
} reader_image_pixels;

/// Reads a JPEG's header alone: its size in pixels.
reader_image_status reader_jpeg_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                          char *message);

/// Decodes a JPEG to 8-bit RGB after checking its size against `limits`. `scale_denominator`
/// (1, 2, 4 or 8) asks libjpeg to decode at that fraction of the size (averaging in the DCT), which
/// is much faster for a thumbnail. A stream that ends early is malformed, as are progressive
/// streams of more than 200 scans (a known way to make a decoder spin).
reader_image_status reader_jpeg_decode(const uint8_t *data, size_t size, reader_image_limits limits,
                                       unsigned scale_denominator, reader_image_pixels *output, char *message);

/// Encodes 8-bit RGB pixels as a baseline JPEG of `quality` (1–100) with optimised Huffman tables,
/// into memory (`jpeg_mem_dest`). Free `*output` with `reader_image_free`.
reader_image_status reader_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                       uint8_t **output, size_t *output_size, char *message);

/// Reads a PNG's header alone (libpng's simplified API): its size in pixels.
reader_image_status reader_png_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                         char *message);

/// Decodes a PNG to 8-bit RGBA (sRGB) after checking its size against `limits`.
reader_image_status reader_png_decode(const uint8_t *data, size_t size, reader_image_limits limits,
                                      reader_image_pixels *output, char *message);

/// Encodes 8-bit RGB (`channels` 3) or RGBA (4) pixels as a PNG, into memory. Free `*output` with
/// `reader_image_free`.
reader_image_status reader_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                                      uint8_t **output, size_t *output_size, char *message);

/// Frees memory a codec call allocated.
void reader_image_free(void *pointer);

#endif

#include "CImageCodecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

// libpng's simplified API catches its own errors (png_safe_execute) and leaves the reason in
// `image.message`, so nothing here longjmps.

static reader_image_status reader_png_fail(png_image *image, char *message) {
    if (message) snprintf(message, READER_IMAGE_MESSAGE_SIZE, "%s", image->message);
    png_image_free(image);
    return READER_IMAGE_MALFORMED;
}

static int reader_png_begin(png_image *image, const uint8_t *data, size_t size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_memory(image, data, size);
}

reader_image_status reader_png_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                         char *message) {
    png_image image;
    if (!reader_png_begin(&image, data, size)) return reader_png_fail(&image, message);
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return READER_IMAGE_OK;
}

reader_image_status reader_png_decode(const uint8_t *data, size_t size, reader_image_limits limits,
                                      reader_image_pixels *output, char *message) {
    png_image image;
    if (!reader_png_begin(&image, data, size)) return reader_png_fail(&image, message);
    if (image.width == 0 || image.height == 0 || image.width > limits.max_dimension || image.height > limits.max_dimension
        || (uint64_t)image.width * image.height > limits.max_pixels) {
        png_image_free(&image);
        return READER_IMAGE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t stride = (size_t)image.width * 4;
    uint8_t *pixels = malloc(stride * image.height);
    if (!pixels) {
        png_image_free(&image);
        return READER_IMAGE_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, pixels, (png_int_32)stride, NULL)) {
        free(pixels);
        return reader_png_fail(&image, message);
    }
    output->pixels = pixels;
    output->width = image.width;
    output->height = image.height;
    output->channels = 4;
    png_image_free(&image);
    return READER_IMAGE_OK;
}

reader_image_status reader_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                                      uint8_t **output, size_t *output_size, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = channels == 4 ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL)) return reader_png_fail(&image, message);
    uint8_t *buffer = malloc(size);
    if (!buffer) {
        png_image_free(&image);
        return READER_IMAGE_NO_MEMORY;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        free(buffer);
        return reader_png_fail(&image, message);
    }
    png_image_free(&image);
    *output = buffer;
    *output_size = size;
    return READER_IMAGE_OK;
}
